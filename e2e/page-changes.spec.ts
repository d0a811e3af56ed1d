import { type Page, expect, test } from "@playwright/test";
import { artistMessages } from "../app/features/artists/artists.messages";
import { profilePageMessages } from "../app/features/profiles/profiles.messages";
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
 * What a person meets when the page changes: focus and an announcement on
 * the new page's heading, the SPEC's loading texts while a page's data are on their
 * way, a 404 page with a title, and text that grows with the browser's text size.
 */

const COLLECTOR = "collector@demo.vernissage.test";
const heading = (page: Page) => page.locator("main h1").first();
const announcer = (page: Page) => page.locator("[data-route-announcer]");

async function screenshots(page: Page, name: string) {
  await atBothWidths(page, async (label) => {
    await screenshot(page, { path: `e2e/screenshots/${name}-${label}.png`, fullPage: true });
  });
}

failOnBrowserErrors({ viewport: DESKTOP });

test("focus moves to the new page's heading, which is announced, on every page change", async ({
  page,
}) => {
  await page.goto("/");
  await waitForHydration(page);
  // The first page keeps the browser's own start (the skip link comes first).
  await expect(heading(page)).not.toBeFocused();

  // A card → the artwork page.
  await page.locator("main .artwork-card").first().click();
  await expect(page).toHaveURL(/\/artwork\//);
  await expect(heading(page)).toBeFocused();
  await expect(announcer(page)).toHaveText(await page.title());

  // The artist link → the artist page.
  await page.locator(".artwork-artist").click();
  await expect(page).toHaveURL(/\/artist\//);
  await expect(heading(page)).toBeFocused();
  await expect(announcer(page)).toHaveText(await page.title());

  // Back, too.
  await page.goBack();
  await expect(page).toHaveURL(/\/artwork\//);
  await expect(heading(page)).toBeFocused();

  // A side-menu link at 375 px.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole("button", { name: "Menu", exact: true }).click();
  await page
    .getByRole("dialog", { name: "Menu" })
    .getByRole("link", { name: "Exhibitions" })
    .click();
  await expect(page).toHaveURL("/exhibition");
  await expect(page.getByRole("heading", { level: 1, name: "Exhibitions" })).toBeFocused();
  await expectNoAxeViolations(page);
});

test("a new search or tab keeps focus where it is (the page did not change)", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const search = page.getByRole("searchbox");
  await search.fill("harbor");
  await expect(page).toHaveURL(/q=harbor/);
  await expect(search).toBeFocused();
});

test("the artist profile says 'Loading artist profile...' while its data load", async ({
  page,
  request,
}) => {
  await page.goto(`/artwork/${await artworkIdByTitle(request, "Salt Marsh in October")}`);
  await waitForHydration(page);
  const release = await holdNextRequest(page, "**/artist/*.data*");
  await page.locator(".artwork-artist").click();
  await expect(page.getByRole("status").filter({ hasText: artistMessages.loading })).toBeVisible();
  release();
  await expect(page.getByRole("heading", { level: 1, name: "Elena Marsh" })).toBeVisible();
  await expect(page.getByText(artistMessages.loading)).toHaveCount(0);
});

test("the profile says 'Loading profile...' while its data load", async ({ page }) => {
  await signIn(page, COLLECTOR);
  await waitForHydration(page);
  const release = await holdNextRequest(page, "**/profile.data*");
  await page
    .getByRole("link", { name: /Your profile/ })
    .first()
    .click();
  await expect(
    page.getByRole("status").filter({ hasText: profilePageMessages.loading }),
  ).toBeVisible();
  release();
  await expect(page.getByRole("heading", { level: 1, name: "Jordan Ellis" })).toBeVisible();
  await expect(page.getByText(profilePageMessages.loading)).toHaveCount(0);
});

test("an unknown address: 404, a title, the way back; axe and screenshots", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("Page not found · Vernissage");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Marketplace" })).toHaveAttribute(
    "href",
    "/",
  );
  await expectNoAxeViolations(page);
  await screenshots(page, "not-found");
});

test("body text follows the browser's text size (200 %)", async ({ page }) => {
  await page.goto("/");
  const size = () =>
    page.evaluate(() => Number.parseFloat(getComputedStyle(document.body).fontSize));
  const normal = await size();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Page.setFontSizes", { fontSizes: { standard: 32, fixed: 26 } });
  await page.reload();
  expect(await size()).toBe(normal * 2);
});
