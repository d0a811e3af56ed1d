import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import type { SearchResult } from "../contracts/search.contract";
import { marketplaceTexts as t } from "../app/features/marketplace/marketplace-texts";
import { expectNoAxeViolations, holdNextRequest, screenshot } from "./helpers";

type Named = { id: string; name: string };

/** The demo banner's text alternative: what is drawn on it. */
const BANNER_ALT = "Spring Collection: New work from nine independent artists";

async function cityId(request: APIRequestContext, name: string): Promise<string> {
  const cities = (await (await request.get("/api/cities")).json()) as Named[];
  const city = cities.find((c) => c.name === name);
  if (!city) throw new Error(`no demo city ${name}`);
  return city.id;
}

async function searchApi(request: APIRequestContext, query: string): Promise<SearchResult> {
  return (await (await request.get(`/api/artworks/search?${query}`)).json()) as SearchResult;
}

const cards = (page: Page) => page.locator("main .artwork-card");
const status = (page: Page) => page.getByRole("status");
const searchBox = (page: Page) => page.getByRole("searchbox", { name: t.searchLabel });
const dialog = (page: Page) => page.getByRole("dialog");
const filterButton = (page: Page, name: string) =>
  page.getByRole("group", { name: "Filters" }).getByRole("button", { name });

// Hydration mismatches and failed requests show up as console errors: none allowed.
let consoleErrors: string[] = [];
test.beforeEach(({ page }) => {
  consoleErrors = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(error.message));
});
test.afterEach(() => {
  expect(consoleErrors).toEqual([]);
});

/** The server-rendered page is hydrated (the controls respond to React). */
async function gotoMarketplace(page: Page, url = "/") {
  await page.goto(url);
  await expect(page.locator(".marketplace")).toHaveAttribute("data-hydrated", "true");
}

test("the marketplace lists all artworks, with the banner and the SPEC's texts, and no axe violations", async ({
  page,
  request,
}) => {
  const all = await searchApi(request, "");
  await page.setViewportSize({ width: 1440, height: 900 });
  await gotoMarketplace(page);
  await expect(page).toHaveTitle("Vernissage · Original art, directly from the artists");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    /original art/i,
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /^http.*\/$/);
  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
  ) as { "@type"?: string };
  expect(jsonLd["@type"]).toBe("WebSite");
  await expect(page.getByRole("heading", { level: 1, name: "Marketplace" })).toBeVisible();
  await expect(searchBox(page)).toHaveAttribute("placeholder", t.searchPlaceholder);
  for (const name of ["Cities", "Price", "Categories"]) {
    await expect(filterButton(page, name)).toBeVisible();
  }
  await expect(page.getByRole("img", { name: BANNER_ALT })).toBeVisible();
  await expect(status(page)).toHaveText(`${all.nbHits} artworks`);
  await expect(cards(page)).toHaveCount(30);
  await expect(page.getByRole("button", { name: t.loadMore })).toBeVisible();

  // Cards: artist, 'Untitled' for the work without a title, the year, a price or SOLD.
  const lighthouse = page.getByRole("link", { name: /Lighthouse at Dusk/ });
  await expect(lighthouse).toContainText("Elena Marsh");
  const firstImage = cards(page).first().locator("img");
  await expect(firstImage).toHaveAttribute("loading", "eager");
  expect((await firstImage.boundingBox())?.height).toBe(250);
  await expect(cards(page).nth(29).locator("img")).toHaveAttribute("loading", "lazy");

  await expectNoAxeViolations(page);
  // Lazy images load as they come into view: scroll through once for a full-page picture.
  // Each is drawn: `complete` alone is also true of a picture without an address.
  await page.mouse.wheel(0, 4000);
  const last = cards(page).nth(29).locator("img");
  await expect(last).toHaveAttribute("src", /\/media\//);
  await expect
    .poll(() => last.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, { path: "e2e/screenshots/marketplace-1440.png", fullPage: true });
});

test("typing searches after a pause, keeps one history entry, and puts the text in the URL", async ({
  page,
}) => {
  await gotoMarketplace(page);
  const entries = await page.evaluate(() => history.length);
  await searchBox(page).pressSequentially("lighth");
  // Debounced: nothing happens while typing.
  expect(page.url()).not.toContain("q=");
  await expect(page).toHaveURL(/\/\?q=lighth$/);
  await expect(page.getByRole("link", { name: /Lighthouse at Dusk/ })).toBeVisible();
  await expect(status(page)).toHaveText("1 artwork");
  await expect(cards(page)).toHaveCount(1);
  expect(await page.evaluate(() => history.length)).toBe(entries);
  await expect(page).toHaveTitle(/“lighth”/);

  // More typing refines the same entry.
  await searchBox(page).pressSequentially(" zzzq");
  await expect(page).toHaveURL(/\/\?q=lighth%20zzzq$/);
  await expect(status(page)).toHaveText(t.noResults);
  await expect(cards(page)).toHaveCount(0);
  await screenshot(page, { path: "e2e/screenshots/marketplace-empty.png" });
  expect(await page.evaluate(() => history.length)).toBe(entries);

  // Clearing the box shows everything again.
  await searchBox(page).fill("");
  await expect(page).toHaveURL(/\/$/);
  await expect(cards(page)).toHaveCount(30);
});

test("filtering by a city with the dialog: chip, narrower results, Back and Forward, removing the chip", async ({
  page,
  request,
}) => {
  const portland = await cityId(request, "Portland");
  const inPortland = await searchApi(request, `cities=${portland}`);
  const all = await searchApi(request, "");
  await gotoMarketplace(page);

  await filterButton(page, "Cities").click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page)).toHaveAccessibleName("Cities");
  await expect(dialog(page)).toHaveAttribute("aria-modal", "true");
  await expect(dialog(page).getByRole("heading", { name: "Cities" })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, { path: "e2e/screenshots/marketplace-dialog.png" });
  await dialog(page)
    .getByRole("checkbox", { name: /^Portland/ })
    .check();
  await dialog(page).getByRole("button", { name: t.apply }).click();

  await expect(dialog(page)).toBeHidden();
  await expect(filterButton(page, "Cities")).toBeFocused();
  await expect(page).toHaveURL(`/?cities=${portland}`);
  const chip = page.getByRole("button", { name: "Remove filter Portland" });
  await expect(chip).toBeVisible();
  await expect(status(page)).toHaveText(`${inPortland.nbHits} artworks`);
  await expect(cards(page)).toHaveCount(inPortland.nbHits);
  for (const artist of await cards(page).locator(".artwork-card-artist").allTextContents()) {
    expect(artist).toBe("Elena Marsh");
  }

  // The filtered view is a history entry of its own.
  await page.goBack();
  await expect(page).toHaveURL("/");
  await expect(chip).toBeHidden();
  await expect(status(page)).toHaveText(`${all.nbHits} artworks`);
  await page.goForward();
  await expect(chip).toBeVisible();
  await expect(cards(page)).toHaveCount(inPortland.nbHits);

  // Removing the chip removes the filter; focus goes to the filter's button.
  await chip.click();
  await expect(page).toHaveURL("/");
  await expect(chip).toBeHidden();
  await expect(filterButton(page, "Cities")).toBeFocused();
  await expect(status(page)).toHaveText(`${all.nbHits} artworks`);
});

test("the dialog: Clear removes only the current type, Apply with nothing clears, and it closes without applying", async ({
  page,
  request,
}) => {
  const portland = await cityId(request, "Portland");
  await gotoMarketplace(page, `/?cities=${portland}&priceRanges=1`);
  await expect(page.getByRole("button", { name: "Remove filter $100-$500" })).toBeVisible();

  // Escape, the close button and the backdrop close it without applying anything.
  await filterButton(page, "Price").click();
  await expect(dialog(page)).toHaveAccessibleName("Price Range");
  await expect(dialog(page).getByRole("checkbox", { name: /^\$100-\$500/ })).toBeChecked();
  // A choice that would show nothing here (no Portland work is over $10,000) is not offered.
  await expect(dialog(page).getByRole("checkbox", { name: /^Over/ })).toHaveCount(0);
  await dialog(page)
    .getByRole("checkbox", { name: /^\$1,000-\$5,000/ })
    .check();
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toBeHidden();
  await expect(filterButton(page, "Price")).toBeFocused();

  await filterButton(page, "Price").click();
  await expect(dialog(page).getByRole("checkbox", { name: /^\$1,000-\$5,000/ })).not.toBeChecked();
  await dialog(page)
    .getByRole("checkbox", { name: /^\$1,000-\$5,000/ })
    .check();
  await dialog(page).getByRole("button", { name: t.closeDialog }).click();
  await expect(dialog(page)).toBeHidden();

  await filterButton(page, "Price").click();
  await page.mouse.click(5, 5); // the backdrop
  await expect(dialog(page)).toBeHidden();
  await expect(page).toHaveURL(`/?cities=${portland}&priceRanges=1`);

  // Focus stays inside while it is open.
  await filterButton(page, "Categories").click();
  await expect(dialog(page)).toHaveAccessibleName("Categories");
  for (let i = 0; i < 20; i++) await page.keyboard.press("Tab");
  expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(
    true,
  );
  await page.keyboard.press("Escape");

  // Clear removes the price ranges only; Apply applies that.
  await filterButton(page, "Price").click();
  await dialog(page).getByRole("button", { name: t.clear }).click();
  await expect(dialog(page).getByRole("checkbox", { checked: true })).toHaveCount(0);
  await dialog(page).getByRole("button", { name: t.apply }).click();
  await expect(page).toHaveURL(`/?cities=${portland}`);
  await expect(page.getByRole("button", { name: "Remove filter Portland" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove filter $100-$500" })).toBeHidden();

  // Unchecking the last city and applying with nothing selected clears the filter.
  await filterButton(page, "Cities").click();
  await dialog(page)
    .getByRole("checkbox", { name: /^Portland/ })
    .uncheck();
  await dialog(page).getByRole("button", { name: t.apply }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("list", { name: "Active filters" })).toBeHidden();
});

test("a dialog opened while the last Apply's results load stays open with its choices", async ({
  page,
  request,
}) => {
  const portland = await cityId(request, "Portland");
  await gotoMarketplace(page);
  await filterButton(page, "Cities").click();
  await dialog(page)
    .getByRole("checkbox", { name: /^Portland/ })
    .check();
  const release = await holdNextRequest(page, "**/*.data*");
  await dialog(page).getByRole("button", { name: t.apply }).click();
  await expect(dialog(page)).toBeHidden();

  // The results are still on their way: open Price and tick a box.
  await filterButton(page, "Price").click();
  const box = dialog(page).getByRole("checkbox", { name: /^\$1,000-\$5,000/ });
  await box.check();
  release();
  await expect(page.getByRole("button", { name: "Remove filter Portland" })).toBeVisible();
  await expect(status(page)).toHaveText(/^\d+ artworks?$/);
  // Only the backdrop, the close button or Apply close it (SPEC §2).
  await expect(dialog(page)).toBeVisible();
  await expect(box).toBeChecked();
  await dialog(page).getByRole("button", { name: t.apply }).click();
  await expect(page).toHaveURL(`/?cities=${portland}&priceRanges=3`);
});

test("filter choices are named with their counts, as one phrase", async ({ page, request }) => {
  const all = await searchApi(request, "");
  const portland = await cityId(request, "Portland");
  const count = all.facets.cities[portland];
  await gotoMarketplace(page);
  await filterButton(page, "Cities").click();
  const name = `Portland, ${count} ${count === 1 ? "artwork" : "artworks"}`;
  await expect(dialog(page).getByRole("checkbox", { name, exact: true })).toHaveCount(1);
});

test("Load More appends pages until every artwork is shown", async ({ page, request }) => {
  const all = await searchApi(request, "");
  expect(all.nbHits).toBeGreaterThan(60);
  await gotoMarketplace(page);
  // Hold the API's answer until the in-between text has been seen.
  const release = await holdNextRequest(page, "**/api/artworks/search?*");
  const loadMore = page.getByRole("button", { name: t.loadMore });
  await expect(cards(page)).toHaveCount(30);
  await loadMore.click();
  await expect(page.getByRole("button", { name: t.loadingMore })).toBeVisible();
  release();
  await expect(cards(page)).toHaveCount(60);
  // Focus continues at the first new card.
  await expect(cards(page).nth(30)).toBeFocused();
  await loadMore.click();
  await expect(cards(page)).toHaveCount(all.nbHits);
  await expect(loadMore).toBeHidden();
  await expect(page.getByRole("button", { name: t.loadingMore })).toBeHidden();
  const ids = await cards(page).evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect(new Set(ids).size).toBe(all.nbHits);

  // Back from an artwork, the loaded pages are still there.
  await cards(page).nth(45).click();
  await expect(page).toHaveURL(/\/artwork\//);
  await page.goBack();
  await expect(cards(page)).toHaveCount(all.nbHits);
  await expect(loadMore).toBeHidden();
});

test("a new search says Loading... until its results arrive", async ({ page }) => {
  await gotoMarketplace(page);
  const release = await holdNextRequest(page, "**/*.data*");
  await searchBox(page).fill("harbor");
  await expect(status(page)).toHaveText(t.loading);
  release();
  await expect(status(page)).toHaveText("1 artwork");
  await expect(page.getByRole("link", { name: /Harbor Lights/ })).toBeVisible();
});

test("a card opens the artwork page", async ({ page }) => {
  await gotoMarketplace(page, "/?q=lighthouse");
  const card = page.getByRole("link", { name: /Lighthouse at Dusk/ });
  const href = await card.getAttribute("href");
  expect(href).toMatch(/^\/artwork\/[0-9a-f-]{36}$/);
  await card.click();
  await expect(page).toHaveURL(href ?? "");
});

test("a shared filtered link shows the same view, on reload and without JavaScript", async ({
  page,
  request,
  browser,
}) => {
  const portland = await cityId(request, "Portland");
  const url = `/?q=harbor&cities=${portland}`;
  await gotoMarketplace(page, url);
  await expect(searchBox(page)).toHaveValue("harbor");
  await expect(page.getByRole("button", { name: "Remove filter Portland" })).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  await expect(page.getByRole("link", { name: /Harbor Lights/ })).toBeVisible();
  await page.reload();
  await expect(searchBox(page)).toHaveValue("harbor");
  await expect(cards(page)).toHaveCount(1);

  // The first page is server-rendered: the same view arrives as HTML.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto(url);
  await expect(plain.getByRole("link", { name: /Harbor Lights/ })).toBeVisible();
  await expect(plain.getByRole("button", { name: "Remove filter Portland" })).toBeVisible();
  await expect(plain.getByRole("status")).toHaveText("1 artwork");
  await noScript.close();
});

test("a link with filters the search cannot use shows the marketplace without them", async ({
  page,
}) => {
  const response = await page.goto(
    "/?q=lighth&cities=not-a-city,00000000-0000-4000-8000-000000000000&priceRanges=9",
  );
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL("/?q=lighth");
  await expect(page.getByRole("link", { name: /Lighthouse at Dusk/ })).toBeVisible();
});

test("the banner can be dismissed for the session only", async ({ page, browser }) => {
  await gotoMarketplace(page);
  const banner = page.getByRole("img", { name: BANNER_ALT });
  await expect(banner).toBeVisible();
  await page.getByRole("button", { name: t.dismissBanner }).click();
  await expect(banner).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Marketplace" })).toBeFocused();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Marketplace" })).toBeVisible();
  await expect(banner).toBeHidden();

  // A new session shows it again.
  const other = await browser.newContext();
  const fresh = await other.newPage();
  await fresh.goto("/");
  await expect(fresh.getByRole("img", { name: BANNER_ALT })).toBeVisible();
  await other.close();
});

test("at 375 px the controls fit and the dialog is usable; screenshots", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await gotoMarketplace(page, "/?priceRanges=1,2");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await expect(filterButton(page, "Categories")).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, { path: "e2e/screenshots/marketplace-375.png", fullPage: false });
  await filterButton(page, "Categories").click();
  await expect(dialog(page)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, { path: "e2e/screenshots/marketplace-375-dialog.png" });
});

test("on a 375 × 812 phone the first row of works is on the first screen, two to a row", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await gotoMarketplace(page);
  const boxes = await cards(page).evaluateAll((links) =>
    links.slice(0, 3).map((a) => {
      const r = a.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    }),
  );
  const [first, second, third] = boxes;
  if (!first || !second || !third) throw new Error("fewer than three cards");
  // Two side by side, the third on the next row.
  expect(second.top).toBe(first.top);
  expect(second.left).toBeGreaterThanOrEqual(first.right);
  expect(third.top).toBeGreaterThan(first.bottom);
  // The whole first row, picture and text, without scrolling.
  expect(first.top).toBeGreaterThan(0);
  expect(Math.max(first.bottom, second.bottom)).toBeLessThanOrEqual(812);
  // The SPEC's 250 px picture.
  const image = await cards(page).first().locator(".artwork-card-image").boundingBox();
  expect(image?.height).toBe(250);
  await expectNoAxeViolations(page);
  await screenshot(page, { path: "e2e/screenshots/marketplace-375-first-screen.png" });
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, { path: "e2e/screenshots/marketplace-1440-first-screen.png" });
});

const sortSelect = (page: Page) => page.getByLabel(t.sortLabel);
const availableSwitch = (page: Page) => page.getByRole("switch", { name: t.availableOnly });
const cardHrefs = (page: Page) =>
  cards(page).evaluateAll((links) => links.map((a) => a.getAttribute("href")));
const hrefsOf = (result: SearchResult) => result.hits.map((hit) => `/artwork/${hit.id}`);
const isSold = (hit: SearchResult["hits"][number]) => !hit.isForSale && !hit.offersOnly;

test("an order and Available only: the URL follows, the cards reorder, SOLD cards go, Load More and Back keep them", async ({
  page,
  request,
}) => {
  const byPrice = await searchApi(request, "sort=price_desc&page=0&hitsPerPage=30");
  const byPriceNext = await searchApi(request, "sort=price_desc&page=1&hitsPerPage=30");
  const available = await searchApi(request, "sort=price_desc&available=true&hitsPerPage=30");
  // The demo has sold works among the dearest, so the switch visibly takes cards away.
  expect(byPrice.hits.some(isSold)).toBe(true);
  expect(available.hits.some(isSold)).toBe(false);
  expect(available.nbHits).toBeLessThan(byPrice.nbHits);

  await gotoMarketplace(page);
  await expect(sortSelect(page)).toHaveValue("featured");
  await expect(availableSwitch(page)).not.toBeChecked();
  // No button before the switch and the order work by themselves.
  await expect(page.getByRole("button", { name: t.showResults })).toHaveCount(0);

  await sortSelect(page).selectOption({ label: "Price high to low" });
  await expect(page).toHaveURL("/?sort=price_desc");
  await expect.poll(() => cardHrefs(page)).toEqual(hrefsOf(byPrice));
  await expect(cards(page).filter({ hasText: "SOLD" }).first()).toBeVisible();
  // Load More continues in the same order.
  await page.getByRole("button", { name: t.loadMore }).click();
  await expect(cards(page)).toHaveCount(60);
  expect(await cardHrefs(page)).toEqual([...hrefsOf(byPrice), ...hrefsOf(byPriceNext)]);

  await availableSwitch(page).check();
  await expect(page).toHaveURL("/?sort=price_desc&available=true");
  await expect(status(page)).toHaveText(`${available.nbHits} artworks`);
  await expect.poll(() => cardHrefs(page)).toEqual(hrefsOf(available));
  await expect(cards(page).filter({ hasText: "SOLD" })).toHaveCount(0);

  // A reload keeps both; Back and Forward step through them.
  await page.reload();
  await expect(page.locator(".marketplace")).toHaveAttribute("data-hydrated", "true");
  await expect(sortSelect(page)).toHaveValue("price_desc");
  await expect(availableSwitch(page)).toBeChecked();
  await page.goBack();
  await expect(page).toHaveURL("/?sort=price_desc");
  await expect(availableSwitch(page)).not.toBeChecked();
  await expect(cards(page).filter({ hasText: "SOLD" }).first()).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL("/");
  await expect(sortSelect(page)).toHaveValue("featured");
  await page.goForward();
  await expect(sortSelect(page)).toHaveValue("price_desc");

  // A search and a filter keep the order and the switch.
  await availableSwitch(page).check();
  await searchBox(page).fill("harbor");
  await expect(page).toHaveURL("/?q=harbor&sort=price_desc&available=true");
  await expectNoAxeViolations(page);
});

test("the order and Available only work without JavaScript", async ({ browser, request }) => {
  const newest = await searchApi(request, "q=harbor&sort=newest&available=true&hitsPerPage=30");
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto("/?q=harbor");
  await plain.getByLabel(t.sortLabel).selectOption({ label: "Newest" });
  await plain.getByRole("switch", { name: t.availableOnly }).check();
  await plain.getByRole("button", { name: t.showResults }).click();
  // The form sends the text with them; the page answers the same view as with script.
  await expect(plain).toHaveURL("/?q=harbor&sort=newest&available=true");
  await expect(plain.getByLabel(t.sortLabel)).toHaveValue("newest");
  await expect(plain.getByRole("switch", { name: t.availableOnly })).toBeChecked();
  expect(await cardHrefs(plain)).toEqual(hrefsOf(newest));
  // Back to Featured: the form sends sort=featured, the default.
  await plain.getByLabel(t.sortLabel).selectOption({ label: "Featured" });
  await plain.getByRole("button", { name: t.showResults }).click();
  await expect(plain).toHaveURL("/?q=harbor&sort=featured&available=true");
  await expect(plain.getByLabel(t.sortLabel)).toHaveValue("featured");
  await noScript.close();
});
