import { type APIRequestContext, type Browser, type Page, expect, test } from "@playwright/test";
import sharp from "sharp";
import {
  DESKTOP,
  artworkIdByTitle,
  expectNoAxeViolations,
  failOnBrowserErrors,
  screenshot,
  waitForHydration,
} from "./helpers";

/**
 * What a phone gets first: the stylesheet in the page (no request of its own),
 * the page's largest picture preloaded
 * from the head with high priority and offered in the sizes the layout needs, a page that
 * paints without JavaScript, and the buy panel's code left until someone wants it.
 */
failOnBrowserErrors({ viewport: DESKTOP });

const PHONE = { width: 375, height: 812 };
const TITLE = "Salt Marsh in October";

/** The tags of the server's HTML, in order: what the browser sees before any script. */
function tags(html: string, name: "link" | "img" | "script"): string[] {
  return html.match(new RegExp(`<${name}\\b[^>]*>`, "g")) ?? [];
}

/** The head's `<style>` tags (opening tags only) and whether the site's rules are in one. */
function inlineStyles(head: string): { tags: string[]; hasSiteRules: boolean } {
  const opening = head.match(/<style\b[^>]*>/g) ?? [];
  return { tags: opening, hasSiteRules: /<style\b[^>]*>[^<]*\.skip-link\b/.test(head) };
}

/** The head without its `<noscript>` blocks: what a browser with JavaScript acts on. */
function withoutNoscript(head: string): string {
  return head.replace(/<noscript>[\s\S]*?<\/noscript>/g, "");
}

/**
 * A landing page's styles (decision 0038): its first-paint rules inline, with the page's
 * nonce; no stylesheet that blocks the first paint; the whole stylesheet named for the
 * loader and linked inside `<noscript>` for a browser without JavaScript. Returns its address.
 */
function expectFirstPaintStyles(html: string): string {
  const head = html.slice(0, html.indexOf("</head>"));
  const scripted = withoutNoscript(head);
  expect(tags(scripted, "link").filter((tag) => attribute(tag, "rel") === "stylesheet")).toEqual(
    [],
  );
  const styles = inlineStyles(scripted);
  expect(styles.tags).toHaveLength(1);
  expect(styles.hasSiteRules).toBe(true);
  const nonce = tags(html, "script")
    .map((tag) => attribute(tag, "nonce"))
    .find(Boolean);
  expect(nonce).toBeTruthy();
  expect(attribute(styles.tags[0] ?? "", "nonce")).toBe(nonce);
  const whole = attribute(styles.tags[0] ?? "", "data-site-stylesheet") ?? "";
  expect(whole).toMatch(/^\/assets\/site-[\w-]+\.css$/);
  const noscript = /<noscript>([\s\S]*?)<\/noscript>/.exec(head)?.[1] ?? "";
  expect(tags(noscript, "link").map((tag) => attribute(tag, "href"))).toEqual([whole]);
  // Only a part: the checkout's rules (app/features/checkout/checkout.css) wait for the file.
  expect(head).not.toMatch(/\.checkout-/);
  return whole;
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

test("the artwork page's head: its styles inline, the main picture preloaded first with its choices", async ({
  request,
}) => {
  const id = await artworkIdByTitle(request, TITLE);
  const html = await (await request.get(`/artwork/${id}`)).text();
  const head = html.slice(0, html.indexOf("</head>"));
  const links = tags(head, "link");
  // No stylesheet to fetch first: the page's part of the site's stylesheet is a <style>.
  expectFirstPaintStyles(html);
  const styles = inlineStyles(head);

  const preloads = links.filter(
    (tag) => attribute(tag, "rel") === "preload" && attribute(tag, "as") === "image",
  );
  expect(preloads).toHaveLength(1);
  const preload = preloads[0] ?? "";
  expect(attribute(preload, "fetchpriority")).toBe("high");
  // Before the styles: the picture is asked for as early as the page can.
  expect(head.indexOf(preload)).toBeLessThan(head.indexOf(styles.tags[0] ?? ""));

  // The same choice as the picture itself: the 500 and 1200 px WebP derivatives.
  const main = tags(html, "img").find((tag) => attribute(tag, "fetchpriority") === "high") ?? "";
  const srcset = attribute(main, "srcset") ?? "";
  expect(srcset).toMatch(/^\S+thumbnail\S*\.webp \d+w, \S+medium\S*\.webp \d+w$/);
  expect(attribute(preload, "imagesrcset")).toBe(srcset);
  expect(attribute(preload, "imagesizes")).toBe(attribute(main, "sizes"));
  expect(attribute(main, "loading")).toBe("eager");
});

test("the marketplace's head: its styles inline, the first card's picture preloaded", async ({
  request,
}) => {
  const html = await (await request.get("/")).text();
  const head = html.slice(0, html.indexOf("</head>"));
  const links = tags(head, "link");
  expectFirstPaintStyles(html);
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

test("no script is fetched until the main picture has loaded; then the page hydrates", async ({
  page,
  request,
}) => {
  const id = await artworkIdByTitle(request, TITLE);
  const html = await (await request.get(`/artwork/${id}`)).text();
  // No module is preloaded from the HTML: the loader adds them after the picture.
  expect(tags(html, "link").filter((tag) => attribute(tag, "rel") === "modulepreload")).toEqual([]);
  let pictureAnswered = false;
  const early: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script" && !pictureAnswered) early.push(new URL(r.url()).pathname);
  });
  // Every file of the main picture (the browser picks one from the srcset) waits.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let pictureRequested!: () => void;
  const requested = new Promise<void>((resolve) => (pictureRequested = resolve));
  await page.route(`**/media/artworks/${id}/0-*.webp`, async (route) => {
    pictureRequested();
    await held;
    pictureAnswered = true;
    await route.continue();
  });
  const loaded = page.goto(`/artwork/${id}`, { waitUntil: "commit" });
  await requested;
  // The page is painted and styled while its picture is on the way, without a script.
  await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  await page.waitForLoadState("domcontentloaded");
  expect(early).toEqual([]);

  release();
  await loaded;
  await waitForHydration(page);
  expect(early).toEqual([]);
});

test("a main picture that never arrives does not keep the page without its JavaScript", async ({
  page,
  request,
}) => {
  const id = await artworkIdByTitle(request, TITLE);
  // Every file of the main picture is held for the whole test (never answered).
  await page.route(`**/media/artworks/${id}/0-*.webp`, () => new Promise<void>(() => {}));
  await page.goto(`/artwork/${id}`, { waitUntil: "domcontentloaded" });
  // The loader's time cap (MAX_WAIT_MS, app/lib/deferred-scripts.server.ts) starts the modules.
  await waitForHydration(page);
});

test("after client-side navigations the page has the whole site's styles, once", async ({
  page,
}) => {
  const faviconIco: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/favicon.ico") faviconIco.push(r.url());
  });
  await page.goto("/");
  await waitForHydration(page);
  // Hydrated only once the whole stylesheet has arrived (the loader waits for it).
  const whole = page.locator('link[rel="stylesheet"]');
  await expect(whole).toHaveCount(1);
  expect(await whole.evaluate((link: HTMLLinkElement) => link.sheet !== null)).toBe(true);
  expect(await whole.getAttribute("href")).toBe(
    await page.locator("style#site-styles").getAttribute("data-site-stylesheet"),
  );
  // After the first picture, the loader also gave the tab its icon (an empty one until
  // then, so the browser never asks for /favicon.ico).
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
  // A page whose rules are not in the marketplace's first-paint part is styled too:
  // the exhibitions' cards are a grid (exhibitions.css), a list's default is block.
  await page.goto("/");
  await waitForHydration(page);
  await page.locator("header a[href='/exhibition']").first().click();
  await expect(page).toHaveURL(/\/exhibition$/);
  const cards = page.locator(".exhibition-cards");
  await expect(cards).toBeVisible();
  expect(await cards.evaluate((list) => getComputedStyle(list).display)).toBe("grid");
  await expect(page.locator("style#site-styles")).toHaveCount(1);
  await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(1);
});

test("a whole stylesheet that never arrives does not keep the page without its JavaScript", async ({
  page,
}) => {
  // The file the loader adds is held for the whole test (never answered).
  await page.route(/\/assets\/site-[\w-]+\.css$/, () => new Promise<void>(() => {}));
  await page.goto("/", { waitUntil: "domcontentloaded" });
  // The loader's time cap (MAX_STYLESHEET_WAIT_MS) starts the modules all the same.
  await waitForHydration(page);
  // The page itself was styled by its inline part all along.
  expect(
    await page.locator("a.skip-link").evaluate((link) => getComputedStyle(link).position),
  ).not.toBe("static");
});

/** Every element of the body: where it is, how large, and the properties that show. */
function layoutOf(): string[] {
  return [...document.body.querySelectorAll("*")].map((element) => {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return [
      element.tagName,
      element.className,
      Math.round(box.x),
      Math.round(box.y),
      Math.round(box.width),
      Math.round(box.height),
      style.color,
      style.backgroundColor,
      style.font,
      style.borderTop,
      style.display,
    ].join(" ");
  });
}

/** How many pixels of two screenshots of one size differ by more than a faint shade. */
async function differentPixels(
  a: Buffer | undefined,
  b: Buffer | undefined,
): Promise<{ count: number; of: number }> {
  if (!a || !b) throw new Error("a screenshot is missing");
  const [one, two] = await Promise.all(
    [a, b].map((png) => sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  if (!one || !two || one.info.width !== two.info.width || one.info.height !== two.info.height)
    return { count: Number.POSITIVE_INFINITY, of: -1 };
  let count = 0;
  for (let i = 0; i < one.data.length; i += 3) {
    const far = [0, 1, 2].some(
      (c) => Math.abs((one.data[i + c] ?? 0) - (two.data[i + c] ?? 0)) > 24,
    );
    if (far) count += 1;
  }
  return { count, of: one.info.width * one.info.height };
}

const LANDING_PAGES = ["home", "artwork", "artist", "exhibitions", "exhibition"] as const;

/** The address of each landing page with a first-paint stylesheet, from the demo data. */
async function landingAddress(
  request: APIRequestContext,
  name: (typeof LANDING_PAGES)[number],
): Promise<string> {
  if (name === "home") return "/";
  if (name === "exhibitions") return "/exhibition";
  const id = await artworkIdByTitle(request, TITLE);
  if (name === "artwork") return `/artwork/${id}`;
  const html = await (
    await request.get(name === "artist" ? `/artwork/${id}` : "/exhibition")
  ).text();
  const href = new RegExp(`href="(/${name}/[^"/]+)"`).exec(html)?.[1];
  if (!href) throw new Error(`no link to an ${name} page in the demo`);
  return href;
}

for (const [label, viewport] of [
  ["375", PHONE],
  ["1440", DESKTOP],
] as const) {
  test(`at ${label} px each landing page looks the same with its first-paint styles alone as with the whole stylesheet`, async ({
    browser,
    request,
  }) => {
    // Without JavaScript: the whole stylesheet comes from the <noscript> link, or, when
    // that request fails, the page has only its inline part. The two must look the same.
    const alone = await freshPage(browser, viewport, false);
    const whole = await freshPage(browser, viewport, false);
    await alone.page.route(/\/assets\/site-[\w-]+\.css$/, (route) => route.abort());
    try {
      for (const name of LANDING_PAGES) {
        const address = await landingAddress(request, name);
        const shots: Buffer[] = [];
        const layouts: string[][] = [];
        for (const side of [alone, whole]) {
          await side.page.goto(address);
          // Every picture on the first screen loaded, so both pages have their final layout.
          await expect
            .poll(() =>
              side.page.evaluate(() =>
                [...document.images].every(
                  (img) => img.complete || img.getBoundingClientRect().top > window.innerHeight,
                ),
              ),
            )
            .toBe(true);
          // The pictures' own pixels hidden: their decoding varies from run to run, and what is
          // compared is what the styles draw (the pictures' boxes are in the layout above).
          shots.push(
            await side.page.screenshot({
              animations: "disabled",
              style: "img { visibility: hidden !important; }",
            }),
          );
          layouts.push(await side.page.evaluate(layoutOf));
        }
        // Rules from the file: all of them on one side, none on the other.
        const fileRules = (page: Page) =>
          page.evaluate(() =>
            [...document.styleSheets]
              .filter((sheet) => sheet.href !== null)
              .reduce((sum, sheet) => {
                try {
                  return sum + sheet.cssRules.length;
                } catch {
                  return sum; // A sheet whose request failed has no rules to read.
                }
              }, 0),
          );
        expect(
          await fileRules(whole.page),
          `${name}: the whole stylesheet applied`,
        ).toBeGreaterThan(100);
        expect(await fileRules(alone.page), `${name}: only the inline part`).toBe(0);
        // The whole page below the first screen too: every element's box and look.
        expect(layouts[0], `${name} at ${label} px, the page's layout`).toEqual(layouts[1]);
        // The same pixels, but for the odd edge pixel the rasteriser smooths differently
        // from one paint to the next (a rounded corner's): a missing rule changes thousands.
        const changed = await differentPixels(shots[0], shots[1]);
        expect(changed.of, `${name} at ${label} px, the screenshots' sizes`).toBe(
          viewport.width * viewport.height,
        );
        expect(changed.count, `${name} at ${label} px, pixels that differ`).toBeLessThanOrEqual(
          changed.of / 2000,
        );
      }
    } finally {
      await alone.close();
      await whole.close();
    }
  });
}

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
  // "load" would wait for the held scripts, which the loader may have asked for by then.
  await page.goto(`/artwork/${id}`, { waitUntil: "domcontentloaded" });
  await page.getByRole("button", { name: "Buy Now" }).click();
  const dialog = page.getByRole("dialog", { name: "Buy this artwork" });
  await expect(dialog).toHaveCount(0);

  release();
  await expect(dialog.getByLabel("Card number")).toBeVisible();
});

// React 19 writes a controlled box's state (the server's empty text) back into it as it
// hydrates it; the loader reports what the person typed, remembered from their input
// events, not what the box shows by then (decision 0034, addendum 3).
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
