import { type Page, expect, test } from "@playwright/test";
import {
  DESKTOP,
  atBothWidths,
  expectNoAxeViolations,
  failOnBrowserErrors,
  signIn,
  waitForHydration,
  screenshot,
} from "./helpers";

/**
 * The team's console: who may open it, and every area as a person sees it,
 * at both widths, with axe. The journeys that change things are in operations.spec.ts.
 */

const ADMIN = "admin@demo.vernissage.test";
const COLLECTOR = "collector@demo.vernissage.test";
const REFUSED = "Only the marketplace team can use the console.";

const AREAS = [
  ["applications", "Applications"],
  ["people", "People"],
  ["reports", "Reports"],
  ["listing-reports", "Listing reports"],
  ["reviews", "Reviews"],
  ["artworks", "Artworks"],
  ["exhibitions", "Exhibitions"],
  ["banners", "Banners"],
  ["catalog", "Cities & categories"],
  ["pages", "Pages"],
  ["payouts", "Payouts"],
  ["reconciliation", "Reconciliation"],
  ["audit", "Audit log"],
] as const;

/**
 * What a person sees first, at 1440 and 375 px: the viewport, not the whole page (the
 * People list is many screens tall on a phone, and photographing all of it costs the run
 * half a minute without showing more of the layout).
 */
async function screenshots(page: Page, name: string) {
  await atBothWidths(page, async (label) => {
    await screenshot(page, { path: `e2e/.output/screens/console-${name}-${label}.png` }, () =>
      page.evaluate(() => window.scrollTo(0, 0)),
    );
  });
}

failOnBrowserErrors({ viewport: DESKTOP });

test("the console is for the team only: signed out goes to /signin, a collector is refused", async ({
  page,
}) => {
  await page.goto("/admin/applications");
  await expect(page).toHaveURL(/\/signin/);

  await signIn(page, COLLECTOR);
  await expect(page.getByRole("banner").getByRole("link", { name: /^Console/ })).toHaveCount(0);
  const response = await page.goto("/admin");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1, name: REFUSED })).toBeVisible();
  const api = await page.request.get("/api/admin/audit");
  expect(api.status()).toBe(403);
  await expectNoAxeViolations(page);
  await screenshots(page, "refused");
});

test("every console area opens from the console's navigation, at both widths, axe clean", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  await page
    .getByRole("banner")
    .getByRole("link", { name: /^Console/ })
    .first()
    .click();
  await expect(page).toHaveURL("/admin/applications");
  await waitForHydration(page);
  const nav = page.getByRole("navigation", { name: "Console" });
  for (const [path, label] of AREAS) {
    await nav.getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/${path}`));
    await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshots(page, path);
  }
});
