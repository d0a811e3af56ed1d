import { type Page, expect, test } from "@playwright/test";
import { timeZoneMessages } from "../domain/date-time";
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
 * Times in the viewer's own zone (decision 0043): the browser's zone reaches the server in
 * a cookie, so a page is rendered in it and hydrates without a mismatch (a mismatch is a
 * browser error, which fails the test); a new person's e-mail zone comes from the browser
 * at sign-up and is changed in the settings.
 */

const ADMIN = "admin@demo.vernissage.test";
// A demo application no other journey decides.
const APPLICANT = "amara.okoye@demo.vernissage.test";

failOnBrowserErrors({ viewport: DESKTOP });

async function screenshots(page: Page, name: string) {
  await atBothWidths(page, async (label) => {
    await screenshot(page, { path: `e2e/screenshots/${name}-${label}.png`, fullPage: true });
  });
}

test.describe("in Tokyo", () => {
  test.use({ timezoneId: "Asia/Tokyo" });

  test("a page shows its times in the browser's zone, from the server's first answer on", async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    await page.goto("/admin/applications");
    await waitForHydration(page);
    const card = page.locator("article.application-card").filter({ hasText: APPLICANT });
    const applied = card.locator("dt", { hasText: "Applied" }).locator("+ dd");
    // "November 27, 2026 at 9:14 AM GMT+9": Tokyo's clock, with its name.
    await expect(applied).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M GMT\+9$/);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "vernissage_tz")?.value).toBe("Asia%2FTokyo");

    // The next page comes from the server already in Tokyo's time: no change after hydration.
    const html = await (await page.request.get("/admin/applications")).text();
    expect(html).toContain(`${await applied.textContent()}</dd>`);
    await page.reload();
    await waitForHydration(page);
    await expect(applied).toHaveText(/GMT\+9$/);
    await expectNoAxeViolations(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshots(page, "applications-in-tokyo");
  });
});

test.describe("in New York", () => {
  test.use({ timezoneId: "America/New_York" });

  test("sign-up keeps the browser's zone for e-mails; the settings change it", async ({ page }) => {
    await page.goto("/signup");
    await waitForHydration(page);
    await page.getByLabel("First name").fill("Nora");
    await page.getByLabel("Last name").fill("Quinn");
    await page.getByLabel("Email").fill(`zone.${Date.now()}@example.com`);
    await page.getByLabel("Password").fill("harbour-123");
    await page.getByLabel(/I agree to the Terms/).check();
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page).toHaveURL("/");

    await page.goto("/profile/settings");
    await waitForHydration(page);
    const zone = page.getByLabel("Time zone of your e-mails");
    await expect(zone).toHaveValue("America/New_York");
    await expect(zone).toHaveAccessibleDescription(/Deadlines in our e-mails/);
    await zone.selectOption("Pacific/Auckland");
    await page.getByRole("button", { name: "Save time zone" }).click();
    await expect(page.getByText(timeZoneMessages.timeZoneSaved("Pacific/Auckland"))).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Time zone of your e-mails")).toHaveValue("Pacific/Auckland");
    await expectNoAxeViolations(page);
    await screenshots(page, "settings-time-zone");
  });
});
