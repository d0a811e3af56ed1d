import { type Page, expect, test } from "@playwright/test";
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
 * The console's Payouts area: what artists are owed, the recent payouts, and
 * "Run payouts now" with its confirmation and notice. The money itself is proven by the
 * integration tests (server/features/payouts/payout-run*.integration.test.ts).
 */

const ADMIN = "admin@demo.vernissage.test";

async function screenshots(page: Page, name: string) {
  await atBothWidths(page, async (label) => {
    const path = `e2e/.output/screens/payouts-${name}-${label}.png`;
    await screenshot(page, { path, fullPage: true }, () =>
      page.evaluate(() => window.scrollTo(0, 0)),
    );
  });
}

failOnBrowserErrors({ viewport: DESKTOP });

test("the team runs payouts from the console, with a confirmation, and the run is audited", async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await page.goto("/admin/applications");
  await waitForHydration(page);
  const nav = page.getByRole("navigation", { name: "Console" });
  await nav.getByRole("link", { name: "Payouts", exact: true }).click();
  await expect(page).toHaveURL("/admin/payouts");
  await expect(page.getByRole("heading", { level: 1, name: "Payouts" })).toBeVisible();
  await expect(
    page.getByText("every day at 14:00 UTC and whenever you run them here"),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, "console");

  await page.getByRole("button", { name: "Run payouts now" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Run payouts now?" });
  await expect(confirm).toBeVisible();
  await expectNoAxeViolations(page);
  await confirm.getByRole("button", { name: "Run payouts" }).click();
  // The demo's sales predate the ledger (decision 0029): nothing of theirs is payable.
  await expect(
    page.getByRole("status").filter({ hasText: "There was nothing to pay." }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, "console-ran");

  await page.goto("/admin/audit?action=payouts.run");
  const log = page.getByRole("table", { name: "Console actions, newest first" });
  await expect(log.getByRole("cell", { name: "payouts.run" }).first()).toBeVisible();
});
