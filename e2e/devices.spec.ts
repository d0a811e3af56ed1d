import { type Browser, type Page, expect, test } from "@playwright/test";
import {
  DESKTOP,
  atBothWidths,
  expectNoAxeViolations,
  failOnBrowserErrors,
  screenshot,
  waitForHydration,
} from "./helpers";

/**
 * Signed-in devices on /profile/settings: a new person signed in on a laptop and a phone
 * sees both, signs the phone out from the laptop, and the phone is signed out at once.
 */

failOnBrowserErrors({ viewport: DESKTOP });

const PASSWORD = "devices-e2e-1";
const PHONE_AGENT =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

async function signedInAs(page: Page) {
  const response = await page.request.get("/api/session");
  return ((await response.json()) as { email?: string } | null)?.email ?? null;
}

async function phoneOf(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL, userAgent: PHONE_AGENT });
  const page = await context.newPage();
  const response = await page.request.post("/api/auth/sign-in/email", {
    headers: { origin: baseURL },
    data: { email, password: PASSWORD },
  });
  expect(response.status()).toBe(200);
  return { context, page };
}

test("a person sees their signed-in devices and signs one out", async ({
  page,
  browser,
  baseURL,
}) => {
  const email = `devices.${Date.now()}@example.com`;
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    headers: { origin: baseURL! },
    data: {
      firstName: "Dev",
      lastName: "Ices",
      email,
      password: PASSWORD,
      occupation: "collector",
      acceptTerms: true,
    },
  });
  expect(signUp.status()).toBe(200);
  const phone = await phoneOf(browser, baseURL!, email);
  expect(await signedInAs(phone.page)).toBe(email);

  await page.goto("/profile/settings");
  await waitForHydration(page);
  const section = page.getByRole("region", { name: "Signed-in devices" });
  await expect(section.getByRole("listitem")).toHaveCount(2);
  await expect(section).toContainText("(this device)");
  await expect(section).toContainText("Safari 17 on iOS");
  await expectNoAxeViolations(page);
  await atBothWidths(page, async (label) => {
    await screenshot(page, { path: `e2e/.output/screens/devices-${label}.png`, fullPage: true });
  });

  await section.getByRole("button", { name: "Sign out Safari 17 on iOS" }).click();
  await expect(section.getByRole("status")).toHaveText("That device is signed out.");
  await expect(section.getByRole("listitem")).toHaveCount(1);
  await expect(section.getByRole("button", { name: "Sign out of all other devices" })).toHaveCount(
    0,
  );
  expect(await signedInAs(phone.page)).toBeNull();
  expect(await signedInAs(page)).toBe(email);

  // Signed in on the phone again, then every other device at once.
  const again = await phoneOf(browser, baseURL!, email);
  await page.reload();
  await section.getByRole("button", { name: "Sign out of all other devices" }).click();
  await expect(section.getByRole("status")).toHaveText("Signed out of 1 other device.");
  expect(await signedInAs(again.page)).toBeNull();
  expect(await signedInAs(page)).toBe(email);

  // A new password signs every other device out and keeps this one signed in.
  const third = await phoneOf(browser, baseURL!, email);
  await page.reload();
  const password = page.getByRole("region", { name: "Password" });
  await password.getByLabel("Current password").fill(PASSWORD);
  await password.getByLabel("New password").fill("devices-e2e-2");
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(section.getByRole("status")).toHaveText(
    "Your password is changed. Every other device was signed out.",
  );
  expect(await signedInAs(third.page)).toBeNull();
  expect(await signedInAs(page)).toBe(email);
  await expectNoAxeViolations(page);
  await phone.context.close();
  await again.context.close();
  await third.context.close();
});
