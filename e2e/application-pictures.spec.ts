import { type Page, expect, test } from "@playwright/test";
import sharp from "sharp";
import { authMessages } from "../domain/auth-messages";
import {
  atBothWidths,
  expectNoAxeViolations,
  screenshot,
  signIn,
  waitForHydration,
} from "./helpers";

/**
 * An applicant attaches pictures of their work from the profile (through the image
 * pipeline, at most 6), and the team sees them on the application's card as thumbnails
 * that open full size. A fresh applicant each run; the demo's stay as they are.
 */

const ADMIN = "admin@demo.vernissage.test";
const PASSWORD = "paint-123";

async function jpeg(background: string) {
  return sharp({ create: { width: 800, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

async function screenshots(page: Page, name: string) {
  await atBothWidths(page, async (label) => {
    await screenshot(page, { path: `e2e/.output/screens/application-${name}-${label}.png` }, () =>
      page.evaluate(() => window.scrollTo(0, 0)),
    );
  });
}

test("an applicant attaches pictures of their work and the team sees them", async ({ page }) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const email = `ines.${stamp}@example.com`;
  await page.goto("/signup");
  await page.getByLabel("First name").fill("Ines");
  await page.getByLabel("Last name").fill(`Pictor${stamp}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByLabel(/An artist/).check();
  await page.getByLabel(/Instagram handle/).fill("@ines.paints");
  await page.getByLabel(/I agree to the Terms/).check();
  await page.getByRole("button", { name: "Sign Up" }).click();
  const pending = page.getByRole("alertdialog");
  await expect(pending).toContainText(authMessages.artistPending);
  await pending.getByRole("button", { name: "OK" }).click();
  await expect(page).toHaveURL("/");

  await page.goto("/profile");
  await waitForHydration(page);
  const field = page.locator(".application-pictures-field");
  await expect(field.getByRole("heading", { name: "Pictures of your work" })).toBeVisible();
  await field.getByLabel("Add pictures").setInputFiles([
    { name: "one.jpg", mimeType: "image/jpeg", buffer: await jpeg("#2a6f97") },
    { name: "two.jpg", mimeType: "image/jpeg", buffer: await jpeg("#b03a2e") },
  ]);
  const pictures = field.getByRole("list", { name: "Pictures of your work" }).getByRole("listitem");
  await expect(pictures).toHaveCount(2);
  await expect(field.getByText("2 of 6 pictures")).toBeVisible();
  // Not an image: the server's words, in the site's error style; nothing is added.
  await field.getByLabel("Add pictures").setInputFiles({
    name: "notes.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("not a picture"),
  });
  await expect(field.getByRole("alert")).toBeVisible();
  await expect(pictures).toHaveCount(2);
  await expectNoAxeViolations(page);
  await field.scrollIntoViewIfNeeded();
  await atBothWidths(page, async (label) => {
    await screenshot(page, { path: `e2e/.output/screens/application-profile-${label}.png` }, () =>
      field.scrollIntoViewIfNeeded(),
    );
  });
  // They stay after a reload.
  await page.reload();
  await expect(pictures).toHaveCount(2);
  await page.context().clearCookies();

  await signIn(page, ADMIN);
  await page.goto("/admin/applications");
  await waitForHydration(page);
  const card = page.getByRole("article").filter({ hasText: email });
  const thumbs = card.getByRole("list", { name: /^Pictures of .+'s work$/ }).getByRole("link");
  await expect(thumbs).toHaveCount(2);
  const full = await thumbs.first().getAttribute("href");
  expect(full).toMatch(/^\/media\/applications\/.+-original\.jpg$/);
  expect((await page.request.get(full!)).ok()).toBe(true);
  await card.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page);
  await screenshots(page, "queue");
});
