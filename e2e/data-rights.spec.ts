import { readFile } from "node:fs/promises";
import { type Page, expect, test } from "@playwright/test";
import yauzl from "yauzl";
import {
  DESKTOP,
  atBothWidths,
  expectNoAxeViolations,
  failOnBrowserErrors,
  screenshot,
  waitForHydration,
} from "./helpers";

/**
 * "Download my data" and "Delete my account" on /profile/settings: a new person asks for
 * their data, sees it being prepared and then ready, downloads the ZIP (opened here), and
 * closes their account with their password; they are signed out and cannot sign in. At
 * both widths, with axe.
 */

failOnBrowserErrors({ viewport: DESKTOP });

const PASSWORD = "data-rights-e2e-1";

function zipEntryNames(bytes: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const names: string[] = [];
      zip.on("entry", (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on("end", () => resolve(names));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

async function axeAtBothWidths(page: Page, name: string) {
  await atBothWidths(page, async (label) => {
    await expectNoAxeViolations(page);
    await screenshot(page, { path: `e2e/.output/screens/${name}-${label}.png`, fullPage: true });
  });
}

test("a person downloads their data and deletes their account", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const email = `data-rights.${Date.now()}@example.com`;
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    headers: { origin: baseURL! },
    data: {
      firstName: "Dora",
      lastName: "Data",
      email,
      password: PASSWORD,
      occupation: "collector",
      acceptTerms: true,
    },
  });
  expect(signUp.status()).toBe(200);

  await page.goto("/profile/settings");
  await waitForHydration(page);
  const data = page.getByRole("region", { name: "Your data" });
  await expect(data.getByRole("button", { name: "Download my data" })).toBeVisible();
  await axeAtBothWidths(page, "data-rights-settings");

  await data.getByRole("button", { name: "Download my data" }).click();
  // Prepared in the background; the page asks again until it is ready.
  const download = data.getByRole("link", { name: /^Download your data \(ZIP/ });
  await expect(download).toBeVisible({ timeout: 30_000 });
  await expect(data.getByRole("status").filter({ hasText: "Your data is ready." })).toBeVisible();
  await axeAtBothWidths(page, "data-rights-ready");

  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^vernissage-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const names = await zipEntryNames(await readFile(await file.path()));
  expect(names).toEqual(
    expect.arrayContaining(["README.txt", "profile.json", "orders.json", "messages.json"]),
  );

  // Delete my account: nothing to settle, so the password form shows.
  const close = page.getByRole("region", { name: "Delete my account" });
  await close.getByLabel("Your password").fill("not-the-password");
  // No two-step verification here: no code is asked for; the box must be ticked.
  await expect(close.getByLabel(/Two-step code/)).toHaveCount(0);
  await close.getByRole("checkbox", { name: /deleted for good/ }).check();
  await close.getByRole("button", { name: "Delete my account" }).click();
  await expect(
    close.getByRole("alert").filter({ hasText: "Your password is not right." }),
  ).toBeVisible();
  await axeAtBothWidths(page, "data-rights-wrong-password");

  await close.getByLabel("Your password").fill(PASSWORD);
  await close.getByRole("checkbox", { name: /deleted for good/ }).check();
  await close.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/\?account=closed$/);
  await expect(
    page.getByRole("status").filter({ hasText: "Your account is closed" }),
  ).toBeVisible();
  await axeAtBothWidths(page, "account-closed");
  const session = await page.request.get("/api/session");
  expect(await session.json()).toBeNull();
  const again = await page.request.post("/api/auth/sign-in/email", {
    headers: { origin: baseURL! },
    data: { email, password: PASSWORD },
  });
  expect(again.status()).not.toBe(200);
});
