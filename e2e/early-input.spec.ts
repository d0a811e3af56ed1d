import { type Page, expect, test } from "@playwright/test";
import sharp from "sharp";
import {
  atBothWidths,
  expectNoAxeViolations,
  screenshot,
  signIn,
  waitForHydration,
} from "./helpers";

/**
 * What a person chooses before the page's scripts have run takes effect once they have:
 * the listing's images and the profile photo (a file input keeps its files, but no
 * handler saw them), and the listing's text typed meanwhile. The upload form's file
 * control says what is chosen, and uses a wide screen.
 */

const ARTIST = "artist@demo.vernissage.test";

/** Every script of the page waits until `release()`: until then the page is the server's HTML. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

async function png(background: string) {
  return sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .png()
    .toBuffer();
}

const chosenImages = (page: Page) =>
  page.getByRole("list", { name: "Chosen images" }).getByRole("listitem");

test("images and text chosen on /upload before the scripts run are kept", async ({ page }) => {
  await signIn(page, ARTIST);
  const release = await holdScripts(page);
  // "load" would wait for the held scripts.
  await page.goto("/upload", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Title", { exact: true }).fill("Chosen Early");
  await page.getByLabel("Images", { exact: true }).setInputFiles([
    { name: "blue.png", mimeType: "image/png", buffer: await png("#2a6f97") },
    { name: "green.png", mimeType: "image/png", buffer: await png("#2e8b57") },
  ]);
  await expect(chosenImages(page)).toHaveCount(0);

  release();
  await waitForHydration(page);
  await expect(chosenImages(page)).toHaveCount(2);
  await expect(chosenImages(page).first().getByRole("img")).toHaveAttribute(
    "alt",
    "Image 1 of 2 (cover): blue.png",
  );
  // The control says what is chosen (the browser's own said "No file chosen").
  await expect(page.getByText("2 images chosen", { exact: true })).toBeVisible();
  // A later render keeps the text typed early.
  await page.getByRole("group", { name: "Categories" }).getByLabel("Painting").check();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Chosen Early");
  await expectNoAxeViolations(page);

  // The images stand beside the details on a wide screen, one column on a phone.
  const details = await page.locator(".listing-form-details").boundingBox();
  const images = await page.locator(".listing-images").boundingBox();
  expect(images!.x).toBeGreaterThan(details!.x + details!.width);
  await atBothWidths(page, async (label) => {
    await screenshot(
      page,
      { path: `e2e/.output/screens/early-upload-${label}.png`, fullPage: true },
      async () => {
        await page.evaluate(() => window.scrollTo(0, 0));
      },
    );
  });
  await page.setViewportSize({ width: 375, height: 812 });
  const narrowDetails = await page.locator(".listing-form-details").boundingBox();
  const narrowImages = await page.locator(".listing-images").boundingBox();
  expect(narrowImages!.y).toBeGreaterThan(narrowDetails!.y + narrowDetails!.height);
  await page.setViewportSize({ width: 1440, height: 900 });

  // The hidden file input keeps the keyboard focus, shown on the button-like label.
  await page.getByLabel("Images", { exact: true }).focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Images", { exact: true })).toBeFocused();
  const outline = await page
    .locator(".listing-file-button")
    .evaluate((label) => getComputedStyle(label).outlineStyle);
  expect(outline).toBe("solid");
});

test("a profile photo chosen before the scripts run is uploaded", async ({ page }) => {
  await page.goto("/signup");
  await page.getByLabel("First name").fill("Erin");
  await page.getByLabel("Last name").fill("Early");
  await page
    .getByLabel("Email")
    .fill(`erin.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`);
  await page.getByLabel("Password").fill("photo-1234");
  await page.getByLabel(/I agree to the Terms/).check();
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL("/");

  const release = await holdScripts(page);
  await page.goto("/profile", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Add Photo").setInputFiles({
    name: "red.png",
    mimeType: "image/png",
    buffer: await png("#c33"),
  });
  const avatar = page.locator(".profile-header > .avatar");
  await expect(avatar).not.toHaveJSProperty("tagName", "IMG");

  release();
  await expect(avatar).toHaveJSProperty("tagName", "IMG");
  await expect(avatar).toHaveAttribute("alt", "Profile photo of Erin Early");
  await expect(page.getByLabel("Change Photo")).toBeAttached();
});
