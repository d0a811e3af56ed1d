import { expect, test } from "@playwright/test";
import {
  DESKTOP,
  atBothWidths,
  expectNoAxeViolations,
  failOnBrowserErrors,
  screenshot,
  signIn,
  waitForHydration,
} from "./helpers";

/**
 * The console's Artworks list: 25 works a page, the filters and the page in the URL, and
 * each work's forms folded behind its Manage until opened, so the page stays short.
 */

const ADMIN = "admin@demo.vernissage.test";

failOnBrowserErrors({ viewport: DESKTOP });

test("the console's artworks come 25 a page, with their forms folded until opened", async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await page.goto("/admin/artworks");
  await waitForHydration(page);
  const table = page.getByRole("table", { name: "Artworks, newest first" });
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(25);
  // No form is open on a row until its Manage is.
  await expect(table.getByRole("button", { name: "Save" })).toHaveCount(0);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeLessThan(4_000);

  const first = rows.first();
  const title = (await first.locator("td").nth(1).locator("a, strong").first().textContent()) ?? "";
  await first.locator("summary").click();
  await expect(first.getByRole("button", { name: "Save" })).toBeVisible();
  await expect(first.getByLabel("Order")).toBeVisible();
  expect(await first.locator("summary").textContent()).toBe(`Manage ${title}`);
  await expectNoAxeViolations(page);
  await atBothWidths(page, async (label) => {
    await screenshot(page, { path: `e2e/.output/screens/console-artworks-page-${label}.png` }, () =>
      page.evaluate(() => window.scrollTo(0, 0)),
    );
  });

  // The next page follows in the URL, with the filter kept.
  await page.getByLabel("Status").selectOption("available");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/status=available/);
  await expect(rows).toHaveCount(25);
  const firstTitles = await rows.locator("td:nth-child(2)").allTextContents();
  await page.getByRole("link", { name: "Next 25 artworks" }).click();
  await expect(page).toHaveURL(/cursor=/);
  expect(new URL(page.url()).searchParams.get("status")).toBe("available");
  await expect(rows.first().locator("td").nth(1)).not.toHaveText(firstTitles[0] ?? "");
  const later = await rows.locator("td:nth-child(2)").allTextContents();
  expect(later.some((t) => firstTitles.includes(t))).toBe(false);
});
