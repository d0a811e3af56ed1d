import { type Page, expect, test } from "@playwright/test";
import { profileMessages } from "../domain/profile";
import { profilePageMessages as m } from "../app/features/profiles/profiles.messages";
import {
  DESKTOP,
  atBothWidths,
  expectNoAxeViolations,
  failOnBrowserErrors,
  signIn,
  waitForHydration,
  screenshot,
} from "./helpers";

/**
 * The profile pages (SPEC §2 Profile, §6): own and other profiles, tabs by role, the
 * owner's edit form. Tests share one server and database, so the demo artist's bio is
 * put back after every edit.
 */

const ARTIST = "artist@demo.vernissage.test";
const COLLECTOR = "collector@demo.vernissage.test";
const ARTIST_BIO =
  "Elena Marsh paints the edges of the Pacific Northwest: tide flats, fog banks and the last light on the water. She works in oil on linen from a converted boathouse studio on the Willamette.";

async function screenshots(page: Page, name: string) {
  await atBothWidths(page, async (label) => {
    const path = `e2e/screenshots/profile-${name}-${label}.png`;
    await screenshot(page, { path, fullPage: true }, async () => {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState("networkidle");
      await page.evaluate(() => window.scrollTo(0, 0));
    });
  });
}

/** The demo artist's id, from the marketplace search. */
async function artistId(page: Page): Promise<string> {
  const response = await page.request.get("/api/artworks/search?q=Elena%20Marsh");
  expect(response.ok()).toBe(true);
  const { hits } = (await response.json()) as {
    hits: { artist: { id: string; displayName: string } }[];
  };
  const hit = hits.find((h) => h.artist.displayName === "Elena Marsh");
  if (!hit) throw new Error("no demo artwork by Elena Marsh");
  return hit.artist.id;
}

/** Puts the demo artist's bio back through the API, whatever the test did. */
async function restoreArtistBio(page: Page) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.patch("/api/me", {
    headers: { origin },
    data: { bio: ARTIST_BIO },
  });
  expect(response.ok()).toBe(true);
}

async function openEditForm(page: Page) {
  const edit = page.getByRole("button", { name: "Edit Profile" });
  await waitForHydration(page, edit);
  await edit.click();
  await expect(page.getByRole("heading", { name: "Edit Profile" })).toBeVisible();
}

const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true });

failOnBrowserErrors({ viewport: DESKTOP });

test("a signed-out visitor opening /profile lands on /signin", async ({ page }) => {
  await page.goto("/profile");
  await expect(page).toHaveURL("/signin");
});

test("a missing user reads 'User not found.' with a 404", async ({ page }) => {
  const response = await page.goto("/profile/00000000-0000-4000-8000-000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: m.userNotFound })).toBeVisible();
});

test("the demo artist sees Listings and All Works and edits the bio", async ({ page }) => {
  await signIn(page, ARTIST);
  await page.goto("/profile");
  await expect(page).toHaveTitle("Your profile · Vernissage");
  await expect(page.getByRole("heading", { level: 1, name: "Elena Marsh" })).toBeVisible();
  await expect(page.getByText("b. 1986")).toBeVisible();
  const instagram = page.getByRole("link", { name: /@elenamarsh\.studio/ });
  await expect(instagram).toHaveAttribute("href", "https://www.instagram.com/elenamarsh.studio");
  await expect(instagram).toHaveAttribute("target", "_blank");
  await expect(instagram).toHaveAttribute("rel", "noopener noreferrer");
  await expect(tab(page, "Listings")).toHaveAttribute("aria-selected", "true");
  await expect(tab(page, "Collection")).toBeVisible();
  await expect(tab(page, "All Works")).toBeVisible();
  await expect(page.locator(".profile-tabpanel .artwork-card").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Current Exhibitions" })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, "own-artist");

  await waitForHydration(page);
  await tab(page, "All Works").click();
  await expect(page).toHaveURL("/profile?tab=all");
  await expect(tab(page, "All Works")).toHaveAttribute("aria-selected", "true");
  await expect(page.locator(".profile-tabpanel .artwork-card").first()).toBeVisible();

  try {
    await openEditForm(page);
    await page.getByLabel("Bio").fill("Tide flats and fog, painted anew.");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect(page.getByRole("status").filter({ hasText: m.saved })).toBeVisible();
    await expect(page.getByText("Tide flats and fog, painted anew.")).toBeVisible();
    await page.reload();
    await expect(page.getByText("Tide flats and fog, painted anew.")).toBeVisible();
  } finally {
    await restoreArtistBio(page);
  }
});

test("a refused edit shows the message and keeps what was typed", async ({ page }) => {
  await signIn(page, ARTIST);
  await page.goto("/profile");
  try {
    await openEditForm(page);
    await page.getByLabel("Bio").fill("A bio that must not be lost.");
    await page.getByLabel("Location").fill("Astoria, OR");
    await page.getByLabel("Birth year").fill("1700");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect(page.getByRole("alert")).toHaveText(profileMessages.invalidBirthYear);
    await expect(page.getByLabel("Bio")).toHaveValue("A bio that must not be lost.");
    await expect(page.getByLabel("Location")).toHaveValue("Astoria, OR");
    await expect(page.getByLabel("Birth year")).toHaveValue("1700");
    await expectNoAxeViolations(page);
    await screenshots(page, "edit-refused");
    // Nothing was saved.
    await page.reload();
    await expect(page.getByText(ARTIST_BIO)).toBeVisible();
    await expect(page.getByText("b. 1986")).toBeVisible();
  } finally {
    await restoreArtistBio(page);
  }
});

test("a refusal only the server makes keeps the form as typed", async ({ page }) => {
  await signIn(page, ARTIST);
  await page.goto("/profile");
  try {
    await openEditForm(page);
    // The shared schema passes this; the rule that an artist keeps a link needs the stored row.
    await page.getByLabel("Bio").fill("Typed before the server said no.");
    await page.getByLabel("Instagram handle").fill("");
    await page.getByLabel("Website").fill("");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect(page.getByRole("alert")).toHaveText(profileMessages.artistNeedsLink);
    await expect(page.getByLabel("Bio")).toHaveValue("Typed before the server said no.");
    await expect(page.getByLabel("Instagram handle")).toHaveValue("");
    await page.reload();
    await expect(page.getByText(ARTIST_BIO)).toBeVisible();
    await expect(page.getByRole("link", { name: /@elenamarsh\.studio/ })).toBeVisible();
  } finally {
    await restoreArtistBio(page);
  }
});

test("a bio with markup renders as text and runs nothing", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const xss = "<img src=x onerror=alert(1)>";
  await signIn(page, ARTIST);
  await page.goto("/profile");
  try {
    await openEditForm(page);
    await page.getByLabel("Bio").fill(xss);
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect(page.locator(".profile-bio")).toHaveText(xss);
    await page.reload();
    await expect(page.locator(".profile-bio")).toHaveText(xss);
    await expect(page.locator(".profile-bio img")).toHaveCount(0);
    const id = await artistId(page);
    await page.context().clearCookies();
    await page.goto(`/profile/${id}`);
    await expect(page.locator(".profile-bio")).toHaveText(xss);
    expect(dialogs).toEqual([]);
  } finally {
    await signIn(page, ARTIST);
    await restoreArtistBio(page);
  }
});

test("the collector sees their Collection, and not on the artist's profile", async ({ page }) => {
  await signIn(page, COLLECTOR);
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Jordan Ellis" })).toBeVisible();
  await expect(page.getByText(m.noBio)).toBeVisible();
  await expect(tab(page, "Collection")).toHaveAttribute("aria-selected", "true");
  // Collection, Saved and Following: all three the own profile's only.
  await expect(page.getByRole("tab")).toHaveText(["Collection", "Saved", "Following"]);
  const owned = page.locator(".profile-tabpanel .artwork-card");
  await expect(owned.first()).toBeVisible();
  await expect(owned.first()).toContainText("SOLD");
  await expectNoAxeViolations(page);
  await screenshots(page, "own-collector");

  const id = await artistId(page);
  await page.goto(`/profile/${id}`);
  await expect(page).toHaveTitle("Elena Marsh · Vernissage");
  await expect(page.getByRole("heading", { level: 1, name: "Elena Marsh" })).toBeVisible();
  await expect(tab(page, "Listings")).toBeVisible();
  await expect(tab(page, "All Works")).toBeVisible();
  await expect(tab(page, "Collection")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Edit Profile" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, "other-artist");

  await page.goto(`/profile/${id}?tab=all`);
  await expect(tab(page, "All Works")).toHaveAttribute("aria-selected", "true");
});

test("the artist's own id opens their own profile", async ({ page }) => {
  await signIn(page, ARTIST);
  const id = await artistId(page);
  await page.goto(`/profile/${id}`);
  await expect(page).toHaveURL("/profile");
  await expect(page.getByRole("button", { name: "Edit Profile" })).toBeVisible();
});

test("on a phone the artist's own tab row shows that it scrolls to Saved and Following", async ({
  page,
}) => {
  await signIn(page, ARTIST);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/profile");
  await waitForHydration(page);
  const tablist = page.getByRole("tablist");
  const following = tablist.getByRole("tab", { name: "Following" });
  await expect(following).toBeAttached();
  const row = () =>
    tablist.evaluate((el) => ({
      overflows: el.scrollWidth > el.clientWidth + 1,
      atEnd: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1,
      background: getComputedStyle(el).backgroundImage,
    }));
  const before = await row();
  // The last tabs are beyond the right edge, and the row is drawn with its edge shadows.
  expect(before.overflows).toBe(true);
  expect(before.atEnd).toBe(false);
  expect(before.background.match(/gradient/g)?.length).toBe(4);
  expect(await following.evaluate((el) => el.getBoundingClientRect().right)).toBeGreaterThan(375);
  await tablist.evaluate((el) => el.scrollIntoView({ block: "center" }));
  await screenshot(page, { path: "e2e/screenshots/profile-tabs-scroll-375.png" });
  // Reachable: the keyboard brings the last tab into view.
  await following.scrollIntoViewIfNeeded();
  expect((await row()).atEnd).toBe(true);
  await screenshot(page, { path: "e2e/screenshots/profile-tabs-scrolled-375.png" });
  await page.setViewportSize(DESKTOP);
});
