import { type Browser, type Page, expect, test } from "@playwright/test";
import {
  DESKTOP,
  artworkIdByTitle,
  expectNoAxeViolations,
  failOnBrowserErrors,
  screenshot,
  waitForHydration,
} from "./helpers";

/**
 * What a phone gets first, by the framework's own means (decision 0051): the site's
 * stylesheet linked by React Router's `<Links>`, the page's largest picture preloaded from
 * the head with high priority, ahead of the stylesheet, and offered in the sizes the layout
 * needs, a page that paints without JavaScript, the modules React Router's `<Scripts>`
 * names, and the buy panel's code left until someone wants it.
 */
failOnBrowserErrors({ viewport: DESKTOP });

const PHONE = { width: 375, height: 812 };
const TITLE = "Salt Marsh in October";

/** The tags of the server's HTML, in order: what the browser sees before any script. */
function tags(html: string, name: "link" | "img" | "script"): string[] {
  return html.match(new RegExp(`<${name}\\b[^>]*>`, "g")) ?? [];
}

/**
 * The head's styles: one stylesheet, the site's built file, linked by `<Links>` with no
 * copy of its rules inline; its `<link>` tag is returned.
 */
function expectSiteStylesheet(html: string): string {
  const head = html.slice(0, html.indexOf("</head>"));
  const sheets = tags(head, "link").filter((tag) => attribute(tag, "rel") === "stylesheet");
  expect(sheets).toHaveLength(1);
  expect(attribute(sheets[0] ?? "", "href")).toMatch(/^\/assets\/site-[\w-]+\.css$/);
  expect(head).not.toMatch(/<style\b[^>]*>[^<]*\.skip-link\b/);
  return sheets[0] ?? "";
}

/** An attribute's value; names compare as HTML compares them, ignoring case (React writes `srcSet`). */
function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag);
  return match ? (match[1] ?? "").replaceAll("&amp;", "&") : null;
}

/**
 * The width, in CSS pixels, that a `sizes` attribute gives at the page's current
 * viewport: the first entry whose media condition holds, its length measured by the
 * browser itself.
 */
async function sizesWidth(page: Page, sizes: string): Promise<number> {
  return page.evaluate((value) => {
    const entries: string[] = [];
    let depth = 0;
    let start = 0;
    for (let i = 0; i < value.length; i += 1) {
      if (value[i] === "(") depth += 1;
      if (value[i] === ")") depth -= 1;
      if (value[i] === "," && depth === 0) {
        entries.push(value.slice(start, i).trim());
        start = i + 1;
      }
    }
    entries.push(value.slice(start).trim());
    for (const entry of entries) {
      const media = /^(\([^()]*\))\s+(\S.*)$/.exec(entry);
      if (media && !window.matchMedia(media[1] ?? "").matches) continue;
      const probe = document.createElement("div");
      probe.style.cssText = `position:absolute;visibility:hidden;width:${media ? media[2] : entry}`;
      document.body.append(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      return width;
    }
    return Number.NaN;
  }, sizes);
}

/** A page in a new context (nothing cached) at this size, with or without JavaScript. */
async function freshPage(
  browser: Browser,
  viewport: { width: number; height: number },
  javaScriptEnabled: boolean,
) {
  const context = await browser.newContext({
    viewport,
    javaScriptEnabled,
    baseURL: `http://localhost:${process.env.E2E_PORT}`,
  });
  return { page: await context.newPage(), close: () => context.close() };
}

test("the artwork page's head: the site's stylesheet, the main picture preloaded first with its choices", async ({
  request,
}) => {
  const id = await artworkIdByTitle(request, TITLE);
  const html = await (await request.get(`/artwork/${id}`)).text();
  const head = html.slice(0, html.indexOf("</head>"));
  const links = tags(head, "link");
  const stylesheet = expectSiteStylesheet(html);

  const preloads = links.filter(
    (tag) => attribute(tag, "rel") === "preload" && attribute(tag, "as") === "image",
  );
  expect(preloads).toHaveLength(1);
  const preload = preloads[0] ?? "";
  expect(attribute(preload, "fetchpriority")).toBe("high");
  // Before the stylesheet: the picture is asked for as early as the page can.
  expect(head.indexOf(preload)).toBeLessThan(head.indexOf(stylesheet));

  // The same choice as the picture itself: the 500 and 1200 px WebP derivatives.
  const main = tags(html, "img").find((tag) => attribute(tag, "fetchpriority") === "high") ?? "";
  const srcset = attribute(main, "srcset") ?? "";
  expect(srcset).toMatch(/^\S+thumbnail\S*\.webp \d+w, \S+medium\S*\.webp \d+w$/);
  expect(attribute(preload, "imagesrcset")).toBe(srcset);
  expect(attribute(preload, "imagesizes")).toBe(attribute(main, "sizes"));
  expect(attribute(main, "loading")).toBe("eager");
});

test("the marketplace's head: the site's stylesheet, the first card's picture preloaded", async ({
  request,
}) => {
  const html = await (await request.get("/")).text();
  const head = html.slice(0, html.indexOf("</head>"));
  const links = tags(head, "link");
  const stylesheet = expectSiteStylesheet(html);
  const firstCard = tags(html, "img").find((tag) => /thumbnail/.test(tag)) ?? "";
  expect(attribute(firstCard, "fetchpriority")).toBe("high");
  expect(attribute(firstCard, "loading")).toBe("eager");
  const preload = links.find(
    (tag) =>
      attribute(tag, "rel") === "preload" &&
      attribute(tag, "imagesrcset") === attribute(firstCard, "srcset"),
  );
  expect(preload, "a preload of the first card's picture").toBeDefined();
  expect(attribute(preload ?? "", "fetchpriority")).toBe("high");
  expect(attribute(preload ?? "", "imagesizes")).toBe(attribute(firstCard, "sizes"));
  expect(head.indexOf(preload ?? "")).toBeLessThan(head.indexOf(stylesheet));
  // The cards further down wait until they near the screen.
  const lazy = tags(html, "img").filter((tag) => attribute(tag, "loading") === "lazy");
  expect(lazy.length).toBeGreaterThan(10);
});

for (const [label, viewport, expected] of [
  ["375", PHONE, "thumbnail"],
  ["1440", DESKTOP, "medium"],
] as const) {
  test(`without JavaScript at ${label} px the pictures are drawn at the widths their sizes say`, async ({
    browser,
    request,
  }) => {
    const id = await artworkIdByTitle(request, TITLE);
    const { page, close } = await freshPage(browser, viewport, false);
    try {
      await page.goto(`/artwork/${id}`);
      const image = page.locator(".carousel-stage img");
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
      // Styled without any script: the stage has its layout's width.
      const stage = await page.locator(".carousel-stage").boundingBox();
      const sizes = (await image.getAttribute("sizes")) ?? "";
      const said = await sizesWidth(page, sizes);
      expect(Math.abs((stage?.width ?? 0) - said)).toBeLessThanOrEqual(said * 0.05);
      // At 1x the phone takes the 500 px file, the desktop the 1200 px one.
      expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(expected);
      await screenshot(page, { path: `e2e/.output/screens/first-paint-artwork-${label}.png` });

      // The rails' cards (a sideways row on a phone): each picture's sizes give the width
      // it is drawn at (the larger of its column and its proportions at 250 px high).
      const railPictures = page.locator(".artwork-rail .artwork-card-image img");
      expect(await railPictures.count()).toBeGreaterThan(0);
      for (const picture of await railPictures.all()) {
        const railDrawn = await picture.evaluate((img: HTMLImageElement) => {
          const box = img.getBoundingClientRect();
          const ratio = Number(img.getAttribute("width")) / Number(img.getAttribute("height"));
          return Math.max(box.width, box.height * ratio);
        });
        const railSaid = await sizesWidth(page, (await picture.getAttribute("sizes")) ?? "");
        expect(Math.abs(railDrawn - railSaid)).toBeLessThanOrEqual(railSaid * 0.1);
      }

      await page.goto("/");
      const card = page.locator(".artwork-card-image img").first();
      await expect(card).toBeVisible();
      await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
      // A card's picture covers a 250 px high box: drawn as wide as the larger of the
      // column and its own proportions at that height.
      const drawn = await card.evaluate((img: HTMLImageElement) => {
        const box = img.getBoundingClientRect();
        return Math.max(box.width, (box.height * img.naturalWidth) / img.naturalHeight);
      });
      const cardSaid = await sizesWidth(page, (await card.getAttribute("sizes")) ?? "");
      expect(Math.abs(drawn - cardSaid)).toBeLessThanOrEqual(cardSaid * 0.1);
      await screenshot(page, { path: `e2e/.output/screens/first-paint-home-${label}.png` });
    } finally {
      await close();
    }
  });
}

test("the buy panel's code comes when Buy Now is reached, not with the page", async ({
  page,
  request,
}) => {
  const id = await artworkIdByTitle(request, TITLE);
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(`/artwork/${id}`);
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  const panelCode = (list: string[]) => list.filter((path) => /checkout-dialog/.test(path));
  expect(panelCode(scripts)).toEqual([]);

  const buy = page.getByRole("button", { name: "Buy Now" });
  await buy.hover();
  await expect.poll(() => panelCode(scripts).length).toBe(1);
  await buy.click();
  const dialog = page.getByRole("dialog", { name: "Buy this artwork" });
  await expect(dialog.getByLabel("Card number")).toBeVisible();
  // The panel has the focus, as the SPEC's buy panel does, and gives it back on Cancel.
  await expect(dialog.locator(":focus")).toHaveCount(1);
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(buy).toBeFocused();
});

test("the page's modules are React Router's, and it hydrates while its main picture is on the way", async ({
  page,
  request,
}) => {
  const id = await artworkIdByTitle(request, TITLE);
  const html = await (await request.get(`/artwork/${id}`)).text();
  // <Scripts> as React Router writes it: the modules preloaded, one module script.
  const modules = tags(html, "link").filter((tag) => attribute(tag, "rel") === "modulepreload");
  expect(modules.length).toBeGreaterThan(0);
  expect(tags(html, "script").filter((tag) => attribute(tag, "type") === "module")).toHaveLength(1);
  // Every file of the main picture (the browser picks one from the srcset) waits.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/media/artworks/${id}/0-*.webp`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/artwork/${id}`, { waitUntil: "domcontentloaded" });
  // Painted, styled and hydrated while its picture is on the way.
  await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  await waitForHydration(page);
  release();
});

test("a main picture that never arrives does not keep the page without its JavaScript", async ({
  page,
  request,
}) => {
  const id = await artworkIdByTitle(request, TITLE);
  // Every file of the main picture is held for the whole test (never answered).
  await page.route(`**/media/artworks/${id}/0-*.webp`, () => new Promise<void>(() => {}));
  await page.goto(`/artwork/${id}`, { waitUntil: "domcontentloaded" });
  await waitForHydration(page);
});

test("after client-side navigations the page has the site's styles, once", async ({ page }) => {
  const faviconIco: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/favicon.ico") faviconIco.push(r.url());
  });
  await page.goto("/");
  await waitForHydration(page);
  const whole = page.locator('link[rel="stylesheet"]');
  await expect(whole).toHaveCount(1);
  expect(await whole.evaluate((link: HTMLLinkElement) => link.sheet !== null)).toBe(true);
  // Once hydrated, the tab has its icon (an empty one until then, so the browser never
  // asks for /favicon.ico).
  await expect(page.locator('head link[rel="icon"][href="/favicon.svg"]')).toHaveCount(1);
  expect(faviconIco).toEqual([]);
  const skipLinkTop = () =>
    page.locator("a.skip-link").evaluate((link) => getComputedStyle(link).position);
  const styled = await skipLinkTop();
  // The skip link is positioned by site.css; the browser's default is static.
  expect(styled).not.toBe("static");
  await page.locator("main a[href^='/artwork/']").first().click();
  await expect(page).toHaveURL(/\/artwork\//);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await skipLinkTop()).toBe(styled);
  // Another page's rules are there too: the exhibitions' cards are a grid
  // (exhibitions.css), a list's default is block.
  await page.goto("/");
  await waitForHydration(page);
  await page.locator("header a[href='/exhibition']").first().click();
  await expect(page).toHaveURL(/\/exhibition$/);
  const cards = page.locator(".exhibition-cards");
  await expect(cards).toBeVisible();
  expect(await cards.evaluate((list) => getComputedStyle(list).display)).toBe("grid");
  await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(1);
});

/** Every script of the page waits until `release()`: until then the page is the server's HTML. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test("a button clicked before the page has hydrated does its work once it has", async ({
  page,
  request,
}) => {
  const id = await artworkIdByTitle(request, TITLE);
  const release = await holdScripts(page);
  // "load" would wait for the held scripts.
  await page.goto(`/artwork/${id}`, { waitUntil: "domcontentloaded" });
  // A submit button of a GET form: the page loads again asking for the panel.
  await page.getByRole("button", { name: "Buy Now" }).click();
  const dialog = page.getByRole("dialog", { name: "Buy this artwork" });
  await expect(dialog).toHaveCount(0);

  release();
  await expect(dialog.getByLabel("Card number")).toBeVisible();
});

// The box keeps what was typed; once hydrated, the search takes it (app/lib/early-input.ts).
test("a search typed before the page has hydrated is searched once it has", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  const box = page.getByRole("searchbox", { name: "Search artworks or artists" });
  await box.fill("lighth");

  release();
  await expect(page).toHaveURL(/\/\?q=lighth$/);
  await expect(page.getByRole("link", { name: /Lighthouse at Dusk/ })).toBeVisible();
  await expect(box).toHaveValue("lighth");
});
