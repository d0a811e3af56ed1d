import { type Page, expect, test } from "@playwright/test";
import sharp from "sharp";
import { listingMessages as m } from "../domain/listing";
import {
  artworkIdByTitle,
  atBothWidths,
  expectNoAxeViolations,
  holdNextRequest,
  signIn,
  waitForHydration,
  screenshot,
} from "./helpers";

/**
 * Listing from the web: the demo artist (active payouts, so the work is listed) lists
 * a new work with two images, fixes the price from the preview, confirms with a
 * progress bar, edits it, toggles it and deletes it. Only the work made here is
 * changed; the demo artworks other journeys rely on stay as they are.
 */

const ARTIST = "artist@demo.vernissage.test";
const COLLECTOR = "collector@demo.vernissage.test";
const APPLICANT = "applicant@demo.vernissage.test";

async function screenshots(page: Page, name: string) {
  await atBothWidths(page, async (label) => {
    const path = `e2e/.output/screens/listing-${name}-${label}.png`;
    await screenshot(page, { path, fullPage: true }, async () => {
      // The header is sticky: from the top, it shows once, where it belongs.
      await page.evaluate(() => window.scrollTo(0, 0));
    });
  });
}

async function image(background: string, format: "png" | "jpeg") {
  const picture = sharp({ create: { width: 640, height: 480, channels: 3, background } });
  return (format === "png" ? picture.png() : picture.jpeg()).toBuffer();
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const chosenImages = (page: Page) =>
  page.getByRole("list", { name: "Chosen images" }).getByRole("listitem");

async function searchFor(page: Page, title: string) {
  await page.goto(`/?q=${encodeURIComponent(title)}`);
  return page.getByRole("link", { name: new RegExp(title) });
}

test("an artist lists, edits, toggles and deletes a work", async ({ page, request }) => {
  test.setTimeout(120_000);
  const title = `Tide Line ${Date.now()}`;
  await signIn(page, ARTIST);
  await page.getByRole("link", { name: "Upload" }).first().click();
  await expect(page).toHaveURL("/upload");
  await expect(page.getByRole("heading", { level: 1, name: "Add Artwork" })).toBeVisible();
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  await screenshots(page, "upload-empty");

  // Everything but the price.
  await field(page, "Title").fill(title);
  await field(page, "Year created").fill("2024");
  await page.getByRole("group", { name: "Categories" }).getByLabel("Painting").check();
  await page.getByLabel("Mixed Media").check();
  await field(page, "Materials").fill("Oil on linen");
  await field(page, "Width").fill("24");
  await field(page, "Height").fill("30");
  await field(page, "Description").fill("The tide line at dusk, from the Astoria pier.");
  await page.getByLabel("Allow buyer pick-up").check();
  await field(page, "Zip code for pick-up").fill("97103");
  await page.getByLabel("Images", { exact: true }).setInputFiles([
    { name: "blue.png", mimeType: "image/png", buffer: await image("#2a6f97", "png") },
    { name: "red.jpg", mimeType: "image/jpeg", buffer: await image("#b03a2e", "jpeg") },
  ]);
  // Previews at once, the first is the cover; reorder with the keyboard-reachable buttons.
  await expect(chosenImages(page)).toHaveCount(2);
  await expect(chosenImages(page).first().getByRole("img")).toHaveAttribute(
    "alt",
    "Image 1 of 2 (cover): blue.png",
  );
  await expect(chosenImages(page).first().getByRole("img")).toHaveAttribute("src", /^blob:/);
  await page.getByRole("button", { name: "Move image 2 earlier" }).click();
  await expect(chosenImages(page).first().getByRole("img")).toHaveAttribute(
    "alt",
    "Image 1 of 2 (cover): red.jpg",
  );
  await expect(page.getByRole("button", { name: "Move image 1 later" })).toBeFocused();
  await expect(page.getByRole("button", { name: "Move image 1 earlier" })).toBeDisabled();

  // The price is missing: the SPEC's text as an alert; nothing typed is lost.
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("alert")).toHaveText(m.price);
  await expect(page).toHaveURL("/upload");
  await expect(field(page, "Title")).toHaveValue(title);
  await expectNoAxeViolations(page);
  await screenshots(page, "upload-alert");

  await field(page, "Price (USD)").fill("1200");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page).toHaveURL("/listing-preview");
  await expect(page.getByRole("heading", { level: 1, name: "Preview your listing" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: new RegExp(title) })).toBeVisible();
  await expect(page.getByText("$1,200", { exact: true })).toBeVisible();
  await expect(page.getByText("24 inches x 30 inches", { exact: true })).toBeVisible();
  await expect(page.getByText("Mixed Media, Painting", { exact: true })).toBeVisible();
  await expect(page.getByText("1 / 2", { exact: true })).toBeVisible();

  // Back to edit to fix the price: everything is still there, both images too.
  await page.getByRole("button", { name: "Back to edit" }).click();
  await expect(page).toHaveURL("/upload");
  await expect(field(page, "Title")).toHaveValue(title);
  await expect(field(page, "Year created")).toHaveValue("2024");
  await expect(page.getByLabel("Painting")).toBeChecked();
  await expect(page.getByLabel("Mixed Media")).toBeChecked();
  await expect(field(page, "Materials")).toHaveValue("Oil on linen");
  await expect(field(page, "Width")).toHaveValue("24");
  await expect(field(page, "Zip code for pick-up")).toHaveValue("97103");
  await expect(field(page, "Price (USD)")).toHaveValue("1200");
  await expect(chosenImages(page)).toHaveCount(2);
  await expect(chosenImages(page).first().getByRole("img")).toHaveAttribute(
    "alt",
    "Image 1 of 2 (cover): red.jpg",
  );
  await field(page, "Price (USD)").fill("1,350");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByText("$1,350", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, "preview");

  // Confirm: the progress bar counts whole percent up to 100 before the listing is saved.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"]');
      const value = bar?.getAttribute("aria-valuenow");
      if (value && seen.at(-1) !== value) seen.push(value);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  const release = await holdNextRequest(page, "**/api/artworks");
  await page.getByRole("button", { name: "Confirm" }).click();
  const progress = page.getByRole("progressbar", { name: "Upload progress" });
  await expect(progress).toHaveAttribute("aria-valuenow", "100");
  await expect(page.getByRole("button", { name: "Back to edit" })).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/artwork\/[0-9a-f-]{36}$/);
  const seen = await page.evaluate(
    () => (window as unknown as { progressSeen: string[] }).progressSeen,
  );
  expect(seen.at(-1)).toBe("100");
  for (const value of seen) expect(value).toMatch(/^\d{1,3}$/);
  expect(seen.map(Number)).toEqual([...seen.map(Number)].sort((a, b) => a - b));
  const artworkUrl = new URL(page.url()).pathname;

  // The artwork page, as its owner-artist sees it.
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(title) })).toBeVisible();
  await expect(page.getByText("$1,350", { exact: true })).toBeVisible();
  await expect(page.getByText("1 / 2", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Buy Now" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Edit Listing" })).toBeVisible();
  await expect(page.getByRole("switch", { name: "For Sale" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  await screenshots(page, "owner-artwork");

  // In the marketplace search.
  await expect(await searchFor(page, title)).toBeVisible();
  await expect((await searchFor(page, title)).getByText("$1,350")).toBeVisible();

  // Edit: the form opens filled (also after a reload) and saves to the same artwork.
  await page.goto(artworkUrl);
  await waitForHydration(page, page.getByRole("button", { name: "Edit Listing" }));
  await page.getByRole("button", { name: "Edit Listing" }).click();
  await expect(page).toHaveURL(`/upload?edit=${artworkUrl.split("/").pop()}`);
  await expect(page.getByRole("heading", { level: 1, name: "Edit Listing" })).toBeVisible();
  await page.reload();
  await waitForHydration(page);
  await expect(field(page, "Title")).toHaveValue(title);
  await expect(field(page, "Price (USD)")).toHaveValue("1350");
  await expect(page.getByLabel("Mixed Media")).toBeChecked();
  await expect(chosenImages(page)).toHaveCount(2);
  const renamed = `${title} revised`;
  await field(page, "Title").fill(renamed);
  // Offers: allowed, with a minimum that must stay below the price.
  const minimum = field(page, "Minimum offer (optional)");
  await expect(minimum).toHaveCount(0);
  await page.getByLabel("Allow offers", { exact: true }).check();
  await expect(minimum).toHaveAccessibleDescription(/Buyers never see it/);
  await minimum.fill("2000");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("alert")).toHaveText(m.offerMinimumNotBelowPrice);
  await expect(minimum).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
  await minimum.fill("1000");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Preview your changes" })).toBeVisible();
  await expect(page.getByText("Buyers can also make an offer.", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(artworkUrl);
  const api = `/api${artworkUrl.replace("/artwork/", "/artworks/")}`;
  // The artist reads their minimum back; a visitor never does.
  expect(await (await page.request.get(api)).json()).toMatchObject({
    allowOffers: true,
    acceptsOffers: true,
    offerMinimum: 100_000,
  });
  expect(await (await request.get(api)).json()).toMatchObject({
    acceptsOffers: true,
    offerMinimum: null,
  });
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(renamed) })).toBeVisible();
  await expect(page.getByText("1 / 2", { exact: true })).toBeVisible();

  // A refused toggle goes back, with the SPEC's alert.
  await waitForHydration(page);
  const forSale = page.getByRole("switch", { name: "For Sale" });
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route("**/api/artworks/*", async (route) => {
    if (route.request().method() !== "PATCH") return route.continue();
    await answered;
    await route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "INTERNAL", message: "Something went wrong" } }),
    });
  });
  await forSale.click();
  // It changes at once, before the server has answered ...
  await expect(forSale).toHaveAttribute("aria-checked", "false");
  answer();
  // ... and goes back when the server refuses.
  await expect(page.getByRole("alert")).toHaveText(m.toggleFailed);
  await expect(forSale).toHaveAttribute("aria-checked", "true");
  await page.unroute("**/api/artworks/*");

  // Not for sale: offers only at once on the page, and its card in the grid reads 'Make an
  // Offer', as the work is still the artist's and open to offers (decision 0030).
  await forSale.click();
  await expect(forSale).toHaveAttribute("aria-checked", "false");
  await expect(page.getByText("Offers only", { exact: true })).toBeVisible();
  await expect(page.locator(".artwork-info").getByText("SOLD", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveCount(0);
  const card = await searchFor(page, renamed);
  await expect(card).toBeVisible();
  await expect(card.getByText("Make an Offer", { exact: true })).toBeVisible();
  await expect(card.getByText("SOLD", { exact: true })).toHaveCount(0);

  // Delete, behind the SPEC's confirmation; then back on the marketplace, and gone.
  await page.goto(artworkUrl);
  await waitForHydration(page, page.getByRole("button", { name: "Delete Listing" }));
  await page.getByRole("button", { name: "Delete Listing" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(m.deleteConfirm);
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectNoAxeViolations(page);
  await confirm.getByRole("button", { name: "Delete" }).click();
  // One question only: the marketplace says it is done, with nothing to dismiss.
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("status").filter({ hasText: m.deleted })).toBeVisible();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, "deleted-notice");
  await searchFor(page, renamed);
  await expect(page.getByText("No artworks found")).toBeVisible();
  expect(
    (await page.request.get(`/api${artworkUrl.replace("/artwork/", "/artworks/")}`)).status(),
  ).toBe(404);
});

test("the For Sale switch keeps its change when the artist leaves the page at once", async ({
  page,
  request,
}) => {
  const id = await artworkIdByTitle(request, "Salt Marsh in October");
  await signIn(page, ARTIST);
  const origin = new URL(page.url()).origin;
  try {
    await page.goto(`/artwork/${id}`);
    // The owner's controls hydrate with their own download, after the page's.
    const forSale = page.getByRole("switch", { name: "For Sale" });
    await waitForHydration(page, forSale);
    // The change is still on its way when the page is left for another document.
    const release = await holdNextRequest(page, `**/api/artworks/${id}`);
    await forSale.click();
    await page.goto("/exhibition");
    release();
    await expect
      .poll(async () => {
        const response = await page.request.get(`/api/artworks/${id}`);
        return ((await response.json()) as { isForSale: boolean }).isForSale;
      })
      .toBe(false);
  } finally {
    // Other journeys rely on this work being for sale.
    await page.request.patch(`/api/artworks/${id}`, {
      headers: { origin },
      data: { isForSale: true },
    });
  }
});

test("a failed upload says why and keeps the draft", async ({ page }) => {
  await signIn(page, ARTIST);
  await page.goto("/upload");
  await waitForHydration(page);
  await field(page, "Title").fill("Never Saved");
  await field(page, "Year created").fill("2023");
  await page.getByLabel("Drawing").check();
  await page.getByLabel("Offers only", { exact: false }).check();
  await expect(field(page, "Price (USD)")).toHaveCount(0);
  await field(page, "Materials").fill("Graphite");
  await field(page, "Width").fill("9");
  await field(page, "Height").fill("12");
  await page
    .getByLabel("Images", { exact: true })
    .setInputFiles([
      { name: "grey.png", mimeType: "image/png", buffer: await image("#777777", "png") },
    ]);
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByText("Make an Offer", { exact: true })).toBeVisible();
  await page.route("**/api/uploads/images", (route) =>
    route.fulfill({
      status: 413,
      contentType: "application/json",
      body: JSON.stringify({
        error: { code: "PAYLOAD_TOO_LARGE", message: "The image is larger than 30 MB." },
      }),
    }),
  );
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    `${m.uploadFailedPrefix}The image is larger than 30 MB.`,
  );
  await expect(page.getByRole("button", { name: "Confirm" })).toBeEnabled();
  await page.getByRole("button", { name: "Back to edit" }).click();
  await expect(field(page, "Title")).toHaveValue("Never Saved");
  await expect(chosenImages(page)).toHaveCount(1);
  await expect(page.getByLabel("Offers only", { exact: false })).toBeChecked();
});

test("the preview without a draft sends the artist to the form", async ({ page }) => {
  await signIn(page, ARTIST);
  await page.goto("/listing-preview");
  await expect(page).toHaveURL("/upload");
  await expect(page.getByRole("status").filter({ hasText: "no listing to preview" })).toBeVisible();
});

test("who cannot list is told why", async ({ page }) => {
  await page.goto("/upload");
  await expect(page.getByText("Listing artworks is for approved artists.")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Sign in" })).toHaveAttribute(
    "href",
    "/signin",
  );
  await expect(page.getByLabel("Title")).toHaveCount(0);

  await signIn(page, COLLECTOR);
  await page.goto("/upload");
  await expect(page.getByText(/apply as an artist from your profile/)).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveCount(0);
  await expectNoAxeViolations(page);
  // The collector cannot edit someone else's work either.
  const { hits } = (await (
    await page.request.get("/api/artworks/search?q=Elena%20Marsh")
  ).json()) as {
    hits: { id: string }[];
  };
  await page.goto(`/upload?edit=${hits[0]!.id}`);
  await expect(page.getByLabel("Title")).toHaveCount(0);
  await page.goto(`/artwork/${hits[0]!.id}`);
  await expect(page.getByRole("button", { name: "Edit Listing" })).toHaveCount(0);
  await expect(page.getByRole("switch")).toHaveCount(0);
});

test("a pending applicant is told the application is under review", async ({ page }) => {
  await signIn(page, APPLICANT);
  await page.goto("/upload");
  await expect(page.getByText(/application is under review/)).toBeVisible();
});
