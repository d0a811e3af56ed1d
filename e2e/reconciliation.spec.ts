import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { type Page, expect, test } from "@playwright/test";
import { reconciliationMessages as m } from "../domain/reconciliation";
import {
  DESKTOP,
  atBothWidths,
  expectNoAxeViolations,
  failOnBrowserErrors,
  signIn,
  waitForHydration,
} from "./helpers";

/**
 * The console's reconciliation: after the journeys before it (purchases in
 * checkout.spec.ts), our ledger matches the simulated processor; a bad range is refused
 * on the page; the compiled command says the running server holds the data folder.
 */

const ADMIN = "admin@demo.vernissage.test";

async function screenshot(page: Page, name: string) {
  mkdirSync("e2e/.output/screens", { recursive: true });
  await atBothWidths(page, async (label) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: `e2e/.output/screens/console-${name}-${label}.png`,
      fullPage: true,
    });
  });
}

failOnBrowserErrors({ viewport: DESKTOP });

test("the team reconciles the last 30 days: no differences, and a bad range is refused", async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await page.goto("/admin/applications");
  await page
    .getByRole("navigation", { name: "Console" })
    .getByRole("link", { name: "Reconciliation" })
    .click();
  await expect(page).toHaveURL("/admin/reconciliation");
  await expect(page.getByRole("heading", { level: 1, name: "Reconciliation" })).toBeVisible();
  await expect(page.getByText(m.noDifferences("the simulated processor"))).toBeVisible();
  await expect(page.getByText(/^Captures: ours \d+/)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "reconciliation");

  // The form, by keyboard: a start after the end is refused with the reason.
  await waitForHydration(page);
  await page.getByLabel("From", { exact: true }).fill("2026-11-30");
  await page.getByLabel("To", { exact: true }).fill("2026-11-01");
  await page.getByLabel("To", { exact: true }).press("Enter");
  await expect(page.getByRole("alert")).toHaveText(m.fromAfterTo);
  await expect(page.getByLabel("From", { exact: true })).toHaveValue("2026-11-30");
  await expectNoAxeViolations(page);
  await screenshot(page, "reconciliation-refused");

  const api = await page.request.get("/api/admin/reconciliation?from=2026-11-30&to=2026-11-01");
  expect(api.status()).toBe(400);
});

test("the compiled command says clearly that the running server holds the data folder", () => {
  const run = spawnSync(process.execPath, ["build/server/reconcile.js"], {
    env: { PATH: process.env.PATH, DATA_DIR: process.env.E2E_DATA_DIR, NODE_ENV: "production" },
    encoding: "utf8",
  });
  expect(run.status).toBe(3);
  expect(run.stderr).toContain("is in use by a running Vernissage server");
});
