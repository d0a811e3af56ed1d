import { type Page, expect, test } from "@playwright/test";
import { authMessages } from "../domain/auth-messages";
import { DEMO_PASSWORD, expectNoAxeViolations, signInWithForm } from "./helpers";

const header = (page: Page) => page.getByRole("banner");

test("a visitor applies as an artist, sees the pending alert, and signs out", async ({ page }) => {
  await page.goto("/signup");
  await expectNoAxeViolations(page);
  await page.getByLabel("First name").fill("Frida");
  await page.getByLabel("Last name").fill("Novak");
  await page.getByLabel("Email").fill(`frida.${Date.now()}@example.com`);
  await page.getByLabel("Password").fill("paint-123");
  await page.getByLabel(/An artist/).check();

  // The SPEC's rules, one message at a time, before anything is sent.
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByRole("alert")).toHaveText(authMessages.mustAgreeToTerms);
  await page.getByLabel(/I agree to the Terms/).check();
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByRole("alert")).toHaveText(authMessages.artistNeedsLink);

  await page.getByLabel(/Instagram handle/).fill("@frida.paints");
  await page.getByRole("button", { name: "Sign Up" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(authMessages.artistPending);
  await expect(dialog.getByRole("button", { name: "OK" })).toBeFocused();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "OK" }).click();

  await expect(page).toHaveURL("/");
  // Signed in, but not yet an artist: no Upload link.
  await expect(
    header(page).getByRole("link", { name: /Your profile \(Frida Novak\)/ }),
  ).toBeVisible();
  await expect(header(page).getByRole("link", { name: "Upload" })).toHaveCount(0);
  await expect(header(page).getByRole("link", { name: "Sign In" })).toHaveCount(0);

  await header(page).getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL("/");
  await expect(header(page).getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(header(page).getByRole("button", { name: "Sign Out" })).toHaveCount(0);
});

test("the demo collector signs in and the header changes", async ({ page }) => {
  await page.goto("/signin");
  await expectNoAxeViolations(page);
  await page.getByLabel("Email").fill("collector@demo.vernissage.test");
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText(authMessages.invalidCredentials);

  await signInWithForm(page, "collector@demo.vernissage.test");
  await expect(header(page).getByRole("link", { name: /Your profile/ })).toBeVisible();
  await expect(header(page).getByRole("link", { name: "Sign Up" })).toHaveCount(0);
  await expect(header(page).getByRole("link", { name: "Upload" })).toHaveCount(0);

  // Signed-in people are sent away from the sign-in and sign-up pages.
  await page.goto("/signin");
  await expect(page).toHaveURL("/");
  await page.goto("/signup");
  await expect(page).toHaveURL("/");
});

test("the demo artist sees the Upload link", async ({ page }) => {
  await signInWithForm(page, "artist@demo.vernissage.test");
  await expect(header(page).getByRole("link", { name: "Upload" })).toBeVisible();
});

test("forgot password asks for the e-mail first, then confirms the e-mail is sent", async ({
  page,
}) => {
  await page.goto("/signin");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("alert")).toHaveText(authMessages.resetNeedsEmail);
  await page.getByLabel("Email").fill("collector@demo.vernissage.test");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("status")).toHaveText(authMessages.resetSent);
});

test("a signed-out visitor opening /profile lands on /signin", async ({ page }) => {
  await page.goto("/profile");
  await expect(page).toHaveURL("/signin");
  await page.goto("/profile/purchases");
  await expect(page).toHaveURL("/signin");
});

test("signing in never sends people off the site, whatever next= says", async ({
  playwright,
  baseURL,
}) => {
  /** A form sign-in as a browser without JavaScript sends it, in a fresh cookie jar. */
  async function signInWithNext(next: string) {
    const request = await playwright.request.newContext({ baseURL });
    const response = await request.post(`/signin?next=${next}`, {
      form: { intent: "signin", email: "collector@demo.vernissage.test", password: DEMO_PASSWORD },
      headers: { origin: baseURL ?? "" },
      maxRedirects: 0,
    });
    const signedIn = response.headersArray().some((h) => /^set-cookie$/i.test(h.name));
    const location = response.headers()["location"];
    await request.dispose();
    return { status: response.status(), signedIn, location };
  }

  for (const next of ["/%5Cevil.example", "//evil.example", "/%09/evil.example"]) {
    expect(await signInWithNext(next)).toEqual({ status: 302, signedIn: true, location: "/" });
  }
  expect(await signInWithNext("/profile")).toEqual({
    status: 302,
    signedIn: true,
    location: "/profile",
  });
});
