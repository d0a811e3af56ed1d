import { type Page, expect, test } from "@playwright/test";
import { artistMessages } from "../app/features/artists/artists.messages";
import { checkoutMessages } from "../domain/checkout";
import { discoveryMessages } from "../domain/discovery-messages";
import {
  DESKTOP,
  atBothWidths,
  artworkIdByTitle,
  expectNoAxeViolations,
  failOnBrowserErrors,
  holdNextRequest,
  signIn,
  waitForHydration,
  screenshot,
} from "./helpers";

/**
 * The discovery pages (SPEC §2): exhibitions list and detail, artwork detail, artist
 * profile, against the built app with the demo data. Ids are random per run, so the
 * journeys click their way in or look ids up through the JSON API.
 */

/** The server's texts, and the page-only ones (SPEC §2) the artist feature holds. */
const m = { ...discoveryMessages, artistLoading: artistMessages.loading };

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

async function screenshots(page: Page, name: string) {
  await atBothWidths(page, async (label) => {
    await screenshot(
      page,
      { path: `e2e/screenshots/${name}-${label}.png`, fullPage: true },
      async () => {
        // Lazy images below the fold load once scrolled to; a full-page shot should show them.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.waitForLoadState("networkidle");
        await page.evaluate(() => window.scrollTo(0, 0));
      },
    );
    // The first screen alone, at full resolution, for a closer look.
    await screenshot(page, { path: `e2e/screenshots/${name}-${label}-top.png` });
  });
}

async function jsonLd(page: Page): Promise<Record<string, unknown>> {
  const text = await page.locator('script[type="application/ld+json"]').first().textContent();
  return JSON.parse(text ?? "null") as Record<string, unknown>;
}

const counter = (page: Page) => page.locator(".carousel-counter");

/**
 * The carousel's arrow keys are a window listener added after hydration. A dot click
 * that takes effect proves hydration is done (and it is safe to repeat).
 */
async function carouselReady(page: Page, total: number) {
  await waitForHydration(page);
  await expect(async () => {
    await page.getByRole("button", { name: `Image 2 of ${total}` }).click();
    await expect(counter(page)).toHaveText(`2 / ${total}`, { timeout: 1000 });
  }).toPass();
  await page.getByRole("button", { name: `Image 1 of ${total}` }).click();
  await expect(counter(page)).toHaveText(`1 / ${total}`);
}

failOnBrowserErrors({ viewport: DESKTOP });

test("exhibitions list → exhibition → artwork, with titles set and restored", async ({ page }) => {
  await page.goto("/exhibition");
  await waitForHydration(page);
  await expect(page).toHaveTitle("Exhibitions · Vernissage");
  await expect(page.getByRole("heading", { level: 1, name: "Exhibitions" })).toBeVisible();
  // Only the active exhibitions, each with its banner, name, address and link.
  await expect(page.getByRole("heading", { level: 2, name: "Coastlines" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Material Matters" })).toBeVisible();
  await expect(page.getByText("Winter Salon")).toHaveCount(0);
  await expect(page.getByText("1120 NW Couch St, Portland, OR 97209")).toBeVisible();
  // Each card says when the exhibition runs ("November 12 – December 20, 2026") and that it is on now.
  const coastlinesCard = page.locator(".exhibition-card").filter({ hasText: "Coastlines" });
  await expect(coastlinesCard.locator(".exhibition-run")).toHaveText(
    /^Now on [A-Z][a-z]+ \d{1,2}(, \d{4})? – ([A-Z][a-z]+ )?\d{1,2}, \d{4}$/,
  );
  const banners = page.locator(".exhibition-card img");
  await expect(banners).toHaveCount(2);
  await expect(banners.first()).toHaveAttribute("fetchpriority", "high");
  await expect(banners.nth(1)).toHaveAttribute("loading", "lazy");
  await expectNoAxeViolations(page);
  await screenshots(page, "exhibitions");

  await page.getByRole("link", { name: "View Exhibition Coastlines" }).click();
  await expect(page).toHaveURL(/\/exhibition\/[0-9a-f-]{36}$/);
  // SPEC §2: the page title becomes the exhibition name, ending as every page's does.
  await expect(page).toHaveTitle("Coastlines · Vernissage");
  await expect(page.getByRole("heading", { level: 1, name: "Coastlines" })).toBeVisible();
  await expect(page.locator(".exhibition-detail-run")).toContainText("Now on");
  await expect(page.getByText("Wed–Sun 11:00–18:00, Thursdays until 21:00")).toBeVisible();
  // The artists of the works shown, each linked to their page.
  const artists = page.getByRole("region", { name: "Artists" }).getByRole("link");
  expect(await artists.count()).toBeGreaterThan(1);
  await expect(artists.first()).toHaveAttribute("href", /^\/artist\/[0-9a-f-]{36}$/);
  await expect(page.getByText(/^Fog, tide and long summer evenings/)).toBeVisible();
  const address = page.getByRole("link", { name: /1120 NW Couch St, Portland, OR 97209/ });
  await expect(address).toHaveAttribute("target", "_blank");
  await expect(address).toHaveAttribute("rel", "noopener noreferrer");
  await expect(address).toHaveAttribute(
    "href",
    `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent("1120 NW Couch St, Portland, OR 97209")}`,
  );
  const hero = page.locator(".exhibition-hero img");
  await expect(hero).toHaveAttribute("fetchpriority", "high");
  await expect(hero).toHaveAttribute("width", "1600");
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Coastlines");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    /^http.*\/media\//,
  );
  expect(await jsonLd(page)).toMatchObject({ "@type": "ExhibitionEvent", name: "Coastlines" });
  const cards = page.locator(".exhibition-works .artwork-card");
  await expect(cards).toHaveCount(7);
  await expectNoAxeViolations(page);
  await screenshots(page, "exhibition-detail");

  // Each work opens its artwork page, which says where it is on display.
  const firstCardTitle = (await cards.first().locator(".artwork-card-title").innerText()).split(
    ",",
  )[0];
  await cards.first().click();
  await expect(page).toHaveURL(/\/artwork\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(firstCardTitle ?? "");
  await expect(page).toHaveTitle(/ · Vernissage$/);
  const onDisplay = page.getByRole("region", { name: "Currently on Display" });
  await expect(onDisplay.getByRole("link", { name: /Coastlines/ })).toHaveAttribute(
    "href",
    /^\/exhibition\/[0-9a-f-]{36}$/,
  );
  await screenshots(page, "artwork-on-display");

  // Back returns to the exhibition (and its title); leaving it restores the site's titles.
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveTitle("Coastlines · Vernissage");
  await page.getByRole("banner").getByRole("link", { name: "Exhibitions" }).first().click();
  await expect(page).toHaveTitle("Exhibitions · Vernissage");
});

test("the artwork carousel moves by keys, buttons, dots and swipes", async ({ page, request }) => {
  const id = await artworkIdByTitle(request, "Salt Marsh in October");
  const detail = (await (await request.get(`/api/artworks/${id}`)).json()) as {
    images: {
      medium: string;
      thumbnail: string;
      original: string;
      width: number;
      height: number;
    }[];
  };
  expect(detail.images).toHaveLength(4);
  // The srcset offers the thumbnail and the medium, fitted inside 500 and 1200 px.
  const first = detail.images[0]!;
  const fitted = (box: number) =>
    Math.round(first.width * Math.min(1, box / Math.max(first.width, first.height)));

  await page.goto(`/artwork/${id}`);
  await expect(page).toHaveTitle("Salt Marsh in October by Elena Marsh · Vernissage");
  const image = page.locator(".carousel-stage img");
  await expect(counter(page)).toHaveText("1 / 4");
  await expect(image).toHaveAttribute("src", detail.images[0]?.medium ?? "");
  await expect(image).toHaveAttribute(
    "srcset",
    `${first.thumbnail} ${fitted(500)}w, ${first.medium} ${fitted(1200)}w`,
  );
  await expect(image).toHaveAttribute("fetchpriority", "high");
  await expect(image).toHaveAttribute("loading", "eager");
  await expect(image).toHaveAttribute("width", /^\d+$/);
  await expect(image).toHaveAttribute("height", /^\d+$/);

  // Arrow keys, wrapping at either end.
  await carouselReady(page, 4);
  await page.keyboard.press("ArrowRight");
  await expect(counter(page)).toHaveText("2 / 4");
  await expect(image).toHaveAttribute("src", detail.images[1]?.medium ?? "");
  await page.keyboard.press("ArrowLeft");
  await expect(counter(page)).toHaveText("1 / 4");
  await page.keyboard.press("ArrowLeft");
  await expect(counter(page)).toHaveText("4 / 4");

  // Previous and next buttons.
  await page.getByRole("button", { name: "Next image" }).click();
  await expect(counter(page)).toHaveText("1 / 4");
  await page.getByRole("button", { name: "Previous image" }).click();
  await expect(counter(page)).toHaveText("4 / 4");

  // Dots.
  const third = page.getByRole("button", { name: "Image 3 of 4" });
  await third.click();
  await expect(counter(page)).toHaveText("3 / 4");
  await expect(third).toHaveAttribute("aria-current", "true");
  await expect(image).toHaveAttribute("src", detail.images[2]?.medium ?? "");

  // Swipes: 40 px is not one, more than 50 px is.
  const swipe = (dx: number) =>
    page.locator(".carousel-stage").evaluate((stage, dx) => {
      const box = stage.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const touch = (clientX: number) =>
        new Touch({ identifier: 1, target: stage, clientX, clientY: y });
      stage.dispatchEvent(
        new TouchEvent("touchstart", {
          bubbles: true,
          touches: [touch(x)],
          changedTouches: [touch(x)],
        }),
      );
      stage.dispatchEvent(
        new TouchEvent("touchend", { bubbles: true, touches: [], changedTouches: [touch(x + dx)] }),
      );
    }, dx);
  await swipe(-40);
  await expect(counter(page)).toHaveText("3 / 4");
  await swipe(-80);
  await expect(counter(page)).toHaveText("4 / 4");
  await swipe(80);
  await expect(counter(page)).toHaveText("3 / 4");

  await expect(page.getByRole("link", { name: "View full size" })).toHaveAttribute(
    "href",
    detail.images[2]?.original ?? "",
  );
});

test("the artwork page: details, Buy Now panel, SEO tags, artist link", async ({
  page,
  request,
}) => {
  const id = await artworkIdByTitle(request, "Salt Marsh in October");
  // Server-rendered: the work is in the HTML before any script runs.
  const html = await (await request.get(`/artwork/${id}`)).text();
  expect(html).toContain("Salt Marsh in October");
  expect(html).toMatch(/<img[^>]+fetchpriority="high"/i);

  await page.goto(`/artwork/${id}`);
  await expect(page.getByRole("button", { name: "Back" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    /^Salt Marsh in October, (\d{4}|Year Unknown)$/,
  );
  await expect(page.getByText(/^\d+ inches x \d+ inches( x \d+ inches)?$/)).toBeVisible();
  await expect(page.locator(".artwork-price")).toHaveText(/^\$[\d,]+(\.\d\d)?$/);
  await expect(page.locator(".artwork-info").getByText("SOLD", { exact: true })).toHaveCount(0);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    "content",
    "Salt Marsh in October by Elena Marsh",
  );
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    /^http.*\/media\//,
  );
  expect(await jsonLd(page)).toMatchObject({
    "@type": "VisualArtwork",
    name: "Salt Marsh in October",
    creator: { name: "Elena Marsh" },
    offers: { priceCurrency: "USD", availability: "https://schema.org/InStock" },
  });
  await expectNoAxeViolations(page);
  await screenshots(page, "artwork");

  // Buy Now opens the checkout panel (e2e/checkout.spec.ts buys); focus starts at its first field.
  await carouselReady(page, 4);
  const buy = page.getByRole("button", { name: "Buy Now" });
  await buy.click();
  const panel = page.getByRole("dialog", { name: "Buy this artwork" });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("note")).toHaveText(checkoutMessages.testMode);
  await expect(panel.getByLabel("Street address")).toBeFocused();
  // Arrow keys inside the panel are not the carousel's.
  await page.keyboard.press("ArrowRight");
  await expect(counter(page)).toHaveText("1 / 4");
  await expectNoAxeViolations(page);
  await screenshot(page, { path: "e2e/screenshots/artwork-buy-panel-1440.png" });
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(buy).toBeFocused();

  // The artist link opens the artist's profile.
  await page.getByRole("link", { name: "Elena Marsh", exact: true }).click();
  await expect(page).toHaveURL(/\/artist\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Elena Marsh" })).toBeVisible();
});

test("a sold work shows SOLD and no Buy Now", async ({ page, request }) => {
  const id = await artworkIdByTitle(request, "Evening Ferry");
  await page.goto(`/artwork/${id}`);
  await expect(page.locator(".artwork-info").getByText("SOLD", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Buy Now" })).toHaveCount(0);
  expect(await jsonLd(page)).toMatchObject({
    offers: { availability: "https://schema.org/SoldOut" },
  });
});

test("the artist profile: details, links, exhibitions, and the three tabs", async ({
  page,
  request,
}) => {
  const artworkId = await artworkIdByTitle(request, "Salt Marsh in October");
  const artwork = (await (await request.get(`/api/artworks/${artworkId}`)).json()) as {
    artist: { id: string };
  };
  const artistId = artwork.artist.id;
  const count = async (tab: string) =>
    (
      (await (
        await request.get(`/api/artists/${artistId}/artworks?tab=${tab}`)
      ).json()) as unknown[]
    ).length;
  const [all, forSale, sold] = [await count("all"), await count("forSale"), await count("sold")];
  expect(sold).toBeGreaterThan(0);
  // Offers only is not sold (decision 0030): every work is in exactly one of the two tabs.
  expect(forSale + sold).toBe(all);
  const offersOnly = (
    (await (await request.get(`/api/artists/${artistId}/artworks?tab=forSale`)).json()) as {
      offersOnly: boolean;
    }[]
  ).filter((a) => a.offersOnly).length;
  expect(offersOnly).toBeGreaterThan(0); // Blue Hour, in the demo
  const profile = (await (await request.get(`/api/artists/${artistId}`)).json()) as {
    exhibitions: { name: string }[];
  };

  await page.goto(`/artist/${artistId}`);
  await waitForHydration(page);
  await expect(page).toHaveTitle("Elena Marsh · Vernissage");
  await expect(page.getByRole("heading", { level: 1, name: "Elena Marsh" })).toBeVisible();
  await expect(page.getByText("b. 1986", { exact: true })).toBeVisible();
  await expect(page.getByText("Portland, OR", { exact: true })).toBeVisible();
  await expect(
    page.getByText(/^Elena Marsh paints the edges of the Pacific Northwest/),
  ).toBeVisible();
  const instagram = page.getByRole("link", { name: /^@elenamarsh\.studio on Instagram/ });
  await expect(instagram).toHaveAttribute("href", "https://www.instagram.com/elenamarsh.studio");
  await expect(instagram).toHaveAttribute("target", "_blank");
  await expect(instagram).toHaveAttribute("rel", "noopener noreferrer");
  const website = page.getByRole("link", { name: /^elenamarsh\.example\.com/ });
  await expect(website).toHaveAttribute("href", "https://elenamarsh.example.com/");
  await expect(website).toHaveAttribute("target", "_blank");
  await expect(website).toHaveAttribute("rel", "noopener noreferrer");
  const tiles = page.locator(".artist-exhibitions .exhibition-tile");
  await expect(tiles).toHaveCount(profile.exhibitions.length);
  for (const { name } of profile.exhibitions) {
    await expect(page.getByRole("link", { name: new RegExp(name) })).toHaveAttribute(
      "href",
      /^\/exhibition\/[0-9a-f-]{36}$/,
    );
  }
  expect(await jsonLd(page)).toMatchObject({
    mainEntity: { "@type": "Person", name: "Elena Marsh" },
  });

  const tablist = page.getByRole("tablist", { name: "Artworks by Elena Marsh" });
  const panel = page.getByRole("tabpanel");
  const cards = panel.locator(".artwork-card");
  await expect(tablist.getByRole("tab")).toHaveText(["All Works", "For Sale", "Sold"]);
  await expect(tablist.getByRole("tab", { name: "All Works" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(panel).toHaveAccessibleName("All Works");
  await expect(cards).toHaveCount(all);
  await expectNoAxeViolations(page);
  await screenshots(page, "artist");

  // Clicking a tab: while its works load, the panel says so (the server answer is held).
  const release = await holdNextRequest(page, "**/*.data*");
  await tablist.getByRole("tab", { name: "For Sale" }).click();
  await expect(panel.getByRole("status")).toHaveText(m.artistLoading);
  release();
  await expect(page).toHaveURL(/\?tab=forSale$/);
  await expect(tablist.getByRole("tab", { name: "For Sale" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(cards).toHaveCount(forSale);
  await expect(panel.getByText("SOLD", { exact: true })).toHaveCount(0);
  await expect(panel.getByText("Make an Offer", { exact: true })).toHaveCount(offersOnly);

  // The keyboard: arrows move and show, Home goes back to the first tab.
  await page.keyboard.press("ArrowRight");
  await expect(tablist.getByRole("tab", { name: "Sold" })).toBeFocused();
  await expect(page).toHaveURL(/\?tab=sold$/);
  await expect(tablist.getByRole("tab", { name: "Sold" })).toHaveAttribute("aria-selected", "true");
  await expect(cards).toHaveCount(sold);
  await expect(panel.locator(".artwork-card-price")).toHaveText(Array(sold).fill("SOLD"));
  await expectNoAxeViolations(page);
  await page.keyboard.press("Home");
  await expect(tablist.getByRole("tab", { name: "All Works" })).toBeFocused();
  await expect(page).toHaveURL(/\/artist\/[0-9a-f-]{36}$/);
  await expect(cards).toHaveCount(all);

  // The tab is in the address, so it survives a reload (and works without JavaScript).
  await page.goto(`/artist/${artistId}?tab=sold`);
  await expect(tablist.getByRole("tab", { name: "Sold" })).toHaveAttribute("aria-selected", "true");
  await expect(cards).toHaveCount(sold);
});

test("missing and malformed ids show the SPEC's texts with the right status", async ({ page }) => {
  let response = await page.goto(`/artwork/${UNKNOWN_ID}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: m.artworkNotFound })).toBeVisible();
  await expect(page).toHaveTitle(`${m.artworkNotFound} · Vernissage`);
  await expectNoAxeViolations(page);
  const back = page.getByRole("main").getByRole("link", { name: "Return to Marketplace" });
  await expect(back).toHaveAttribute("href", "/");

  response = await page.goto("/artwork/not-an-id");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: m.artworkNotFound })).toBeVisible();

  response = await page.goto(`/exhibition/${UNKNOWN_ID}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: m.exhibitionLoadFailed })).toBeVisible();
  await expectNoAxeViolations(page);

  response = await page.goto("/exhibition/not-an-id");
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("heading", { level: 1, name: m.invalidExhibition })).toBeVisible();

  response = await page.goto("/artist/not-an-id");
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("heading", { level: 1, name: m.invalidArtist })).toBeVisible();
  await expectNoAxeViolations(page);

  response = await page.goto(`/artist/${UNKNOWN_ID}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: m.artistNotFound })).toBeVisible();

  await page.getByRole("main").getByRole("link", { name: "Return to Marketplace" }).click();
  await expect(page).toHaveURL("/");
});

test("a banner that fails to load is replaced by the exhibition's name", async ({ page }) => {
  await page.route("**/media/exhibitions/**", (route) => route.abort());
  await page.goto("/exhibition");
  await waitForHydration(page);
  const fallbacks = page.locator(".exhibition-card .banner-fallback");
  await expect(fallbacks).toHaveText(["Coastlines", "Material Matters"]);
  await expect(page.locator(".exhibition-card img")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshot(page, { path: "e2e/screenshots/exhibitions-fallback-1440.png", fullPage: true });

  // The same after a client-side navigation (the image fails after hydration).
  await page.getByRole("link", { name: "View Exhibition Material Matters" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Material Matters" })).toBeVisible();
  await expect(page.locator(".exhibition-hero")).toHaveText("Material Matters");
});

test("a sold work's page does not name its buyer to visitors", async ({ page, request }) => {
  await signIn(page, "collector@demo.vernissage.test");
  const me = (await (await page.request.get("/api/session")).json()) as { id: string };
  const collection = (await (await page.request.get(`/api/users/${me.id}/collection`)).json()) as {
    id: string;
  }[];
  const workId = collection[0]?.id;
  expect(workId).toBeDefined();
  // The buyer themselves is told (the owner controls depend on it).
  const own = (await (await page.request.get(`/api/artworks/${workId}`)).json()) as {
    ownerId: string | null;
  };
  expect(own.ownerId).toBe(me.id);

  const html = await (await request.get(`/artwork/${workId}`)).text();
  expect(html).toContain(workId);
  expect(html).not.toContain(me.id);
  const json = (await (await request.get(`/api/artworks/${workId}`)).json()) as {
    ownerId: string | null;
  };
  expect(json.ownerId).toBeNull();
});
