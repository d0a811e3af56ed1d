import { type Page, expect, test } from "@playwright/test";
import { totpCode } from "../server/test/two-step";
import { mailTo } from "./buy";
import {
  DESKTOP,
  atBothWidths,
  expectNoAxeViolations,
  failOnBrowserErrors,
  screenshot,
  waitForHydration,
} from "./helpers";

/**
 * Two-step verification (decision 0057): a new person turns it on from /profile/settings
 * (password, QR code and key, the app's code, the 10 backup codes), then signs in with the
 * app's code, with a backup code, and cannot use that backup code again. And a person
 * changes their e-mail address with the link sent to the new one.
 */

failOnBrowserErrors({ viewport: DESKTOP });

const PASSWORD = "two-step-e2e-1";

async function axeAtBothWidths(page: Page, name: string) {
  await atBothWidths(page, async (label) => {
    await expectNoAxeViolations(page);
    await screenshot(page, { path: `e2e/.output/screens/${name}-${label}.png`, fullPage: true });
  });
}

/** The password step of the sign-in form; ends on the second step's page. */
async function passwordStep(page: Page, email: string) {
  await page.context().clearCookies();
  await page.goto("/signin");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL("/signin/two-step");
  await expect(page.getByRole("heading", { name: "Two-step verification" })).toBeVisible();
}

async function signedInAs(page: Page) {
  const response = await page.request.get("/api/session");
  return ((await response.json()) as { email?: string } | null)?.email ?? null;
}

test("a person turns on two-step verification and signs in with it and a backup code", async ({
  page,
  baseURL,
}) => {
  const email = `two-step.${Date.now()}@example.com`;
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    headers: { origin: baseURL! },
    data: {
      firstName: "Tess",
      lastName: "Step",
      email,
      password: PASSWORD,
      occupation: "collector",
      acceptTerms: true,
    },
  });
  expect(signUp.status()).toBe(200);

  // 1. Set up: the password, then the QR code and the key to type in.
  await page.goto("/profile/settings");
  await waitForHydration(page);
  const section = page.getByRole("region", { name: "Two-step verification" });
  await expect(section).toContainText("Off:");
  await section.getByLabel("Password").fill("not-the-password");
  await section.getByRole("button", { name: "Set up two-step verification" }).click();
  await expect(section.getByRole("alert")).toHaveText("Your password is not right.");
  await section.getByLabel("Password").fill(PASSWORD);
  await section.getByRole("button", { name: "Set up two-step verification" }).click();
  await expect(
    section.getByRole("img", { name: "QR code for your authenticator app" }),
  ).toBeVisible();
  const key = ((await section.locator(".two-step-secret").textContent()) ?? "").trim();
  expect(key).toMatch(/^[A-Z2-7]+=*$/);
  await expect(section.getByRole("link", { name: "open the setup link" })).toHaveAttribute(
    "href",
    new RegExp(`^otpauth://totp/.*secret=${key}`),
  );
  await axeAtBothWidths(page, "two-step-setup");

  // A wrong code keeps the QR code up with the message; the right one turns it on.
  const right = await totpCode(key);
  const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, "0");
  await section.getByLabel("Code from the app").fill(wrong);
  await section.getByRole("button", { name: "Turn on two-step verification" }).click();
  await expect(section.getByRole("alert")).toHaveText(
    "That code is not right. Check your authenticator app and try again.",
  );
  await section.getByLabel("Code from the app").fill(await totpCode(key));
  await section.getByRole("button", { name: "Turn on two-step verification" }).click();
  await expect(section.getByRole("status").first()).toHaveText("Two-step verification is on.");
  const codes = (
    await section.getByRole("list", { name: "Backup codes" }).locator("code").allTextContents()
  ).map((code) => code.trim());
  expect(codes).toHaveLength(10);
  await expect(section.getByRole("link", { name: "Download the codes" })).toHaveAttribute(
    "download",
    "vernissage-backup-codes.txt",
  );
  await axeAtBothWidths(page, "two-step-codes");
  // Shown once: a reload shows the section on, without the codes.
  await page.reload();
  await expect(section).toContainText("On:");
  await expect(section.getByRole("list", { name: "Backup codes" })).toHaveCount(0);

  // 2. Signing in asks for the app's code after the password.
  await passwordStep(page, email);
  expect(await signedInAs(page)).toBeNull();
  await axeAtBothWidths(page, "two-step-signin");
  await page.getByLabel("Code").fill(wrong);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "That code is not right. Check your authenticator app and try again.",
  );
  await page.getByLabel("Code").fill(await totpCode(key));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL("/");
  expect(await signedInAs(page)).toBe(email);

  // 3. Or a backup code instead, which works once.
  await passwordStep(page, email);
  await page.getByRole("link", { name: "Use a backup code instead" }).click();
  await expect(page.getByLabel("Backup code")).toBeVisible();
  await axeAtBothWidths(page, "two-step-backup");
  // Typed in upper case: backup codes are compared in any case.
  await page.getByLabel("Backup code").fill(codes[0]!.toUpperCase());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL("/");
  expect(await signedInAs(page)).toBe(email);

  await passwordStep(page, email);
  await page.getByRole("link", { name: "Use a backup code instead" }).click();
  await page.getByLabel("Backup code").fill(codes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "That backup code is not right or was already used.",
  );
  expect(await signedInAs(page)).toBeNull();
  await page.getByLabel("Backup code").fill(codes[1]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL("/");
  expect(await signedInAs(page)).toBe(email);
});

/** The decoded text of an .eml: folded headers joined, quoted-printable undone. */
function unfold(mail: string): string {
  return mail
    .replace(/\r?\n[ \t]+/g, " ")
    .replace(/=\r?\n/g, "")
    .replace(/=3D/g, "=");
}

test("a person changes their e-mail address with the link sent to the new one", async ({
  page,
  browser,
  baseURL,
}) => {
  const stamp = Date.now();
  const email = `old.${stamp}@example.com`;
  const newEmail = `new.${stamp}@example.com`;
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    headers: { origin: baseURL! },
    data: {
      firstName: "Eli",
      lastName: "Mail",
      email,
      password: PASSWORD,
      occupation: "collector",
      acceptTerms: true,
    },
  });
  expect(signUp.status()).toBe(200);
  // A second device, signed out by the change.
  const phone = await browser.newContext({ baseURL });
  const phonePage = await phone.newPage();
  const phoneSignIn = await phonePage.request.post("/api/auth/sign-in/email", {
    headers: { origin: baseURL! },
    data: { email, password: PASSWORD },
  });
  expect(phoneSignIn.status()).toBe(200);

  await page.goto("/profile/settings");
  await waitForHydration(page);
  const section = page.getByRole("region", { name: "E-mail address" });
  await expect(section).toContainText(email);
  await section.getByLabel("New e-mail address").fill("collector@demo.vernissage.test");
  await section.getByLabel("Password").fill(PASSWORD);
  await section.getByRole("button", { name: "Change e-mail address" }).click();
  await expect(section.getByRole("alert")).toHaveText(
    "That e-mail address is already used by another account.",
  );
  await section.getByLabel("New e-mail address").fill(newEmail);
  await section.getByLabel("Password").fill(PASSWORD);
  await section.getByRole("button", { name: "Change e-mail address" }).click();
  await expect(section.getByRole("status")).toHaveText(
    "We sent a link to your new address. Open it within 24 hours to finish the change.",
  );
  await axeAtBothWidths(page, "email-change-sent");

  let link = "";
  await expect
    .poll(
      () => {
        const mail = unfold(mailTo(newEmail).join("\n"));
        link = /https?:\/\/[^\s"<>]*\/confirm-email\?token=[\w-]+/.exec(mail)?.[0] ?? "";
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe("");
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(
    page.getByRole("heading", { name: "Confirm your new e-mail address" }),
  ).toBeVisible();
  await waitForHydration(page);
  await axeAtBothWidths(page, "email-change-confirm");
  await page.getByRole("button", { name: "Use this address" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Your e-mail address is changed. Every other device was signed out.",
  );
  expect(await signedInAs(page)).toBe(newEmail);
  expect(await signedInAs(phonePage)).toBeNull();
  await expect
    .poll(() => mailTo(email).some((mail) => unfold(mail).includes("e-mail address was changed")), {
      timeout: 15_000,
    })
    .toBe(true);
  await phone.close();
});
