import { type Page, expect, test } from "@playwright/test";
import { collectorTexts as m } from "../app/components/collectors/collectors.messages";
import {
  DESKTOP,
  artworkIdByTitle,
  atBothWidths,
  expectNoAxeViolations,
  failOnBrowserErrors,
  screenshot,
  signIn,
  waitForHydration,
} from "./helpers";

/**
 * Saving works (the heart) and following artists, the own Saved and Following
 * tabs, the artist's save count, and a visitor who signs in through a heart. The works
 * are the demo artist's (Elena Marsh, artist@demo), so the artist can see the count.
 */

failOnBrowserErrors({ viewport: DESKTOP });

const COLLECTOR = "collector@demo.vernissage.test";
const ARTIST = "artist@demo.vernissage.test";
const ARTIST_NAME = "Elena Marsh";

async function screenshots(page: Page, name: string) {
  await atBothWidths(page, async (label) => {
    await screenshot(page, { path: `e2e/screenshots/${name}-${label}.png` });
  });
}

const heart = (page: Page, title: string) =>
  page.getByRole("button", { name: `Save ${title}`, exact: true });

test("a collector saves works from a card and a page, follows the artist, sees both tabs and unsaves", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, COLLECTOR);

  // From a card of the marketplace: the heart fills at once and stays after a reload.
  await page.goto(`/?q=${encodeURIComponent("Harbor Lights")}`);
  await waitForHydration(page);
  const cardHeart = heart(page, "Harbor Lights");
  await expect(cardHeart).toHaveAttribute("aria-pressed", "false");
  await cardHeart.focus();
  await page.keyboard.press("Enter");
  await expect(cardHeart).toHaveAttribute("aria-pressed", "true");
  await page.waitForLoadState("networkidle");
  await page.reload();
  await expect(heart(page, "Harbor Lights")).toHaveAttribute("aria-pressed", "true");
  await expectNoAxeViolations(page);
  await page.goto("/");
  await waitForHydration(page);
  await expect(page.locator(".save-form-card").first()).toBeVisible();
  await screenshots(page, "collectors-marketplace");

  // From the artwork page: the heart under the title, Follow beside the artist's name.
  await page.goto(`/?q=${encodeURIComponent("Evening Ferry")}`);
  await page
    .getByRole("link", { name: /Evening Ferry/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: /Evening Ferry/ })).toBeVisible();
  await waitForHydration(page);
  const pageHeart = page.getByRole("button", { name: "Save Evening Ferry" });
  await pageHeart.click();
  await expect(page.getByRole("button", { name: "Saved Evening Ferry" })).toBeVisible();
  const follow = page.getByRole("button", { name: `Follow ${ARTIST_NAME}` });
  // Other journeys (e2e/alerts.spec.ts) may follow the demo artist too: the count to see is
  // the server's answer to this follow.
  const answer = page.waitForResponse(
    (r) => r.url().includes("/api/me/following/") && r.request().method() === "PUT",
  );
  await follow.click();
  const { followers } = (await (await answer).json()) as { followers: number };
  expect(followers).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole("button", { name: `Following ${ARTIST_NAME}` })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expectNoAxeViolations(page);
  await screenshots(page, "collectors-artwork");

  // The artist page counts the follower.
  await page.getByRole("link", { name: ARTIST_NAME, exact: true }).click();
  await expect(page.getByText(m.followers(followers))).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, "collectors-artist");

  // The own Saved and Following tabs.
  await page.goto("/profile?tab=saved");
  await expect(page.getByRole("tab", { name: "Saved" })).toHaveAttribute("aria-selected", "true");
  const panel = page.getByRole("tabpanel");
  await expect(panel.getByRole("link", { name: /Harbor Lights/ })).toBeVisible();
  await expect(panel.getByRole("link", { name: /Evening Ferry/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/profile?tab=following");
  await expect(page.getByRole("tabpanel").getByRole("link", { name: ARTIST_NAME })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("tablist").scrollIntoViewIfNeeded();
  await screenshots(page, "collectors-following");

  // Unsave from the Saved tab, and unfollow from the Following tab.
  await page.goto("/profile?tab=saved");
  await waitForHydration(page);
  await heart(page, "Harbor Lights").click();
  await expect(heart(page, "Harbor Lights")).toHaveAttribute("aria-pressed", "false");
  await page.waitForLoadState("networkidle");
  await page.reload();
  await expect(page.getByRole("tabpanel").getByRole("link", { name: /Harbor Lights/ })).toHaveCount(
    0,
  );
  await page.goto("/profile?tab=following");
  await waitForHydration(page);
  await page.getByRole("button", { name: `Following ${ARTIST_NAME}` }).click();
  await expect(page.getByRole("button", { name: `Follow ${ARTIST_NAME}` })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await page.reload();
  await expect(page.getByText(m.noFollowing)).toBeVisible();
});

test("the artist sees how many people saved a work, and no heart or Follow of their own", async ({
  page,
  request,
}) => {
  // A collector saves the work through the API (its own cookie jar), then the artist looks.
  const id = await artworkIdByTitle(request, "The Long Shore");
  const signedIn = await request.post("/api/auth/sign-in/email", {
    data: { email: COLLECTOR, password: "vernissage-demo" },
  });
  expect(signedIn.ok()).toBe(true);
  expect((await request.put(`/api/me/saved/${id}`)).ok()).toBe(true);
  await signIn(page, ARTIST);
  await page.goto(`/artwork/${id}`);
  await expect(page.getByText(m.savedBy(1))).toBeVisible();
  // Not for their own work (the related works of other artists below keep their hearts).
  const info = page.locator(".artwork-info");
  await expect(info.getByRole("button", { name: /^Save / })).toHaveCount(0);
  await expect(info.getByRole("button", { name: /^Follow / })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save The Long Shore" })).toHaveCount(0);
  await page.goto("/profile?tab=all");
  await expect(page.getByText(m.savedBy(1)).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a visitor's heart signs them in and brings them back with the work saved", async ({
  page,
  request,
}) => {
  const id = await artworkIdByTitle(request, "Blue Hour");
  await page.goto(`/artwork/${id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Save Blue Hour" }).click();
  await expect(page).toHaveURL(/\/signin\?/);
  await page.getByLabel("Email").fill(COLLECTOR);
  await page.getByLabel("Password").fill("vernissage-demo");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`/artwork/${id}`);
  await expect(page.getByRole("button", { name: "Saved Blue Hour" })).toBeVisible();
  // Another person's Saved tab does not exist for this collector.
  const artist = await page.request.get(`/api/artworks/${id}`);
  const artistId = ((await artist.json()) as { artist: { id: string } }).artist.id;
  await page.goto(`/profile/${artistId}?tab=saved`);
  await expect(page.getByRole("tab", { name: "Saved" })).toHaveCount(0);
  await expect(page.getByRole("tab", { name: "Following" })).toHaveCount(0);
  await expect(page.getByRole("tab", { name: "Listings" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expectNoAxeViolations(page);
});

test("a visitor's heart on a card can lead to a new account, back with the work saved", async ({
  page,
}) => {
  const search = `/?q=${encodeURIComponent("Salt Marsh in October")}`;
  await page.goto(search);
  await waitForHydration(page);
  await page.getByRole("button", { name: m.signInToSave("Salt Marsh in October") }).click();
  await expect(page).toHaveURL(/\/signin\?/);
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/signup\?.*save=/);
  await page.getByLabel("First name").fill("Sam");
  await page.getByLabel("Last name").fill("Visitor");
  await page.getByLabel("Email").fill(`sam.${Date.now()}@example.com`);
  await page.getByLabel("Password").fill("collect-123");
  await page.getByLabel(/I agree to the Terms/).check();
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(search);
  await expect(heart(page, "Salt Marsh in October")).toHaveAttribute("aria-pressed", "true");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a signed-in collector saves and unsaves through the form", async ({ page, request }) => {
    // The API's sign-in (the helper waits for React, which never comes here).
    const signedIn = await page.request.post("/api/auth/sign-in/email", {
      data: { email: COLLECTOR, password: "vernissage-demo" },
    });
    expect(signedIn.ok()).toBe(true);
    const id = await artworkIdByTitle(request, "Driftwood Garden");
    await page.goto(`/artwork/${id}`);
    await page.getByRole("button", { name: "Save Driftwood Garden" }).click();
    await expect(page).toHaveURL(`/artwork/${id}`);
    await expect(page.getByRole("button", { name: "Saved Driftwood Garden" })).toBeVisible();
    await page.getByRole("button", { name: "Saved Driftwood Garden" }).click();
    await expect(page.getByRole("button", { name: "Save Driftwood Garden" })).toBeVisible();
  });
});
