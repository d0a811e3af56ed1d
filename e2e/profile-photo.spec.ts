import { type Page, expect, test } from "@playwright/test";
import sharp from "sharp";
import { profilePageMessages as m } from "../app/features/profiles/profiles.messages";
import { expectNoAxeViolations, holdNextRequest, signIn, waitForHydration } from "./helpers";

/**
 * The owner's profile photo (SPEC §2 Profile, §8): Add Photo, Change Photo, a refused
 * upload, Remove behind a confirmation; the page's and the header's avatars follow at
 * once. A fresh user each run, so the demo accounts are never touched.
 */

const header = (page: Page) => page.getByRole("banner");
const headerAvatar = (page: Page) =>
  header(page).getByRole("navigation", { name: "Main" }).first().locator(".nav-profile .avatar");
const pageAvatar = (page: Page) => page.locator(".profile-header > .avatar");

async function signUpFreshUser(page: Page): Promise<void> {
  await page.goto("/signup");
  await page.getByLabel("First name").fill("Pia");
  await page.getByLabel("Last name").fill("Fotograf");
  await page
    .getByLabel("Email")
    .fill(`pia.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`);
  await page.getByLabel("Password").fill("photo-1234");
  await page.getByLabel(/I agree to the Terms/).check();
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL("/");
  await expect(
    header(page)
      .getByRole("link", { name: /Your profile \(Pia Fotograf\)/ })
      .first(),
  ).toBeVisible();
}

async function png(background: string): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 3, background } })
    .png()
    .toBuffer();
}

test("the owner adds, changes and removes their profile photo", async ({ page }) => {
  await signUpFreshUser(page);
  await page.goto("/profile");
  await waitForHydration(page, page.getByLabel("Add Photo"));

  // No photo yet: initials, Add Photo, no Remove.
  await expect(headerAvatar(page)).toHaveText("PF");
  await expect(page.getByRole("button", { name: "Remove" })).toHaveCount(0);
  await expect(page.getByLabel("Change Photo")).toHaveCount(0);

  // Add Photo.
  await page.getByLabel("Add Photo").setInputFiles({
    name: "red.png",
    mimeType: "image/png",
    buffer: await png("#c33"),
  });
  await expect(pageAvatar(page)).toHaveJSProperty("tagName", "IMG");
  await expect(pageAvatar(page)).toHaveAttribute("alt", "Profile photo of Pia Fotograf");
  await expect(pageAvatar(page)).toHaveAttribute("src", /-400\.webp$/);
  await expect(headerAvatar(page)).toHaveAttribute("src", /-96\.webp$/);
  await expect(headerAvatar(page)).toHaveAttribute("alt", "");
  await expect(page.getByLabel("Change Photo")).toBeAttached();
  const firstHeaderSrc = await headerAvatar(page).getAttribute("src");
  const firstPageSrc = await pageAvatar(page).getAttribute("src");
  // The image really loads.
  const loaded = await page.request.get(firstHeaderSrc!);
  expect(loaded.ok()).toBe(true);

  // Change Photo replaces it; while the upload runs, the controls say so and wait.
  const release = await holdNextRequest(page, "**/api/me/photo");
  await page.getByLabel("Change Photo").setInputFiles({
    name: "blue.png",
    mimeType: "image/png",
    buffer: await png("#33c"),
  });
  await expect(page.getByText("Uploading photo…", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Uploading photo…" })).toHaveCount(1);
  await expect(page.getByLabel("Uploading photo…")).toBeDisabled();
  release();
  await expect(headerAvatar(page)).not.toHaveAttribute("src", firstHeaderSrc!);
  await expect(headerAvatar(page)).toHaveAttribute("src", /-96\.webp$/);
  await expect(pageAvatar(page)).not.toHaveAttribute("src", firstPageSrc!);
  const secondHeaderSrc = await headerAvatar(page).getAttribute("src");
  const secondPageSrc = await pageAvatar(page).getAttribute("src");

  // A text file named photo.png is refused; the photo stays.
  await page.getByLabel("Change Photo").setInputFiles({
    name: "photo.png",
    mimeType: "image/png",
    buffer: Buffer.from("this is not an image\n"),
  });
  await expect(page.getByRole("alert")).toContainText(m.photoUploadFailed);
  await expect(headerAvatar(page)).toHaveAttribute("src", secondHeaderSrc!);
  await expect(pageAvatar(page)).toHaveAttribute("src", secondPageSrc!);

  // Remove asks first; Cancel keeps the photo.
  await page.getByRole("button", { name: "Remove" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(m.confirmRemovePhoto);
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Remove" })).toBeFocused();
  await expect(headerAvatar(page)).toHaveAttribute("src", secondHeaderSrc!);

  // Remove removes it: initials everywhere, Add Photo again.
  await page.getByRole("button", { name: "Remove" }).click();
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(headerAvatar(page)).toHaveText("PF");
  await expect(pageAvatar(page)).toHaveText("PF");
  await expect(page.getByLabel("Add Photo")).toBeAttached();
  await expect(page.getByRole("button", { name: "Remove" })).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("the photo controls are keyboard reachable", async ({ page }) => {
  await signUpFreshUser(page);
  await page.goto("/profile");
  await waitForHydration(page);
  const input = page.getByLabel("Add Photo");
  await input.focus();
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute("type", "file");
  await expect(input).toHaveAttribute("accept", "image/*");
});

test("another user's profile has no photo controls", async ({ page }) => {
  await signUpFreshUser(page);
  const response = await page.request.get("/api/artworks/search?q=Elena%20Marsh");
  expect(response.ok()).toBe(true);
  const { hits } = (await response.json()) as {
    hits: { artist: { id: string; displayName: string } }[];
  };
  const artist = hits.find((h) => h.artist.displayName === "Elena Marsh");
  if (!artist) throw new Error("no demo artwork by Elena Marsh");
  await page.goto(`/profile/${artist.artist.id}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Elena Marsh" })).toBeVisible();
  await expect(page.getByLabel("Add Photo")).toHaveCount(0);
  await expect(page.getByLabel("Change Photo")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Remove" })).toHaveCount(0);
});

test("the demo artist adds a photo and the header avatar changes (then removes it again)", async ({
  page,
}) => {
  await signIn(page, "artist@demo.vernissage.test");
  await page.goto("/profile");
  await waitForHydration(page, page.getByLabel(/Add Photo|Change Photo/));
  const before = await headerAvatar(page).evaluate((el) => el.outerHTML);
  try {
    await page.getByLabel(/Add Photo|Change Photo/).setInputFiles({
      name: "studio.png",
      mimeType: "image/png",
      buffer: await png("#2a6f97"),
    });
    await expect(headerAvatar(page)).toHaveAttribute("src", /-96\.webp$/);
    expect(await headerAvatar(page).evaluate((el) => el.outerHTML)).not.toBe(before);
  } finally {
    // The demo data stays as it was for the other journeys.
    await page.request.delete("/api/me/photo", { headers: { origin: new URL(page.url()).origin } });
  }
});
