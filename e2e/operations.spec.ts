import { type Page, expect, test } from "@playwright/test";
import sharp from "sharp";
import { authMessages } from "../domain/auth-messages";
import { checkoutMessages as m } from "../domain/checkout";
import { fillAddress, fillCard, mailTo, openBuyPanel, payNow } from "./buy";
import {
  DESKTOP,
  atBothWidths,
  expectNoAxeViolations,
  failOnBrowserErrors,
  signIn,
  enableTwoStep,
  waitForHydration,
  screenshot,
} from "./helpers";

/**
 * The operations journeys, from a fresh server: a person applies as an artist, the team
 * approves them, they set up payouts (simulated), list a work that search then finds,
 * and a guest buys it; and the team curates an exhibition that appears on /exhibition.
 */

const ADMIN = "admin@demo.vernissage.test";
const PASSWORD = "paint-123";

const header = (page: Page) => page.getByRole("banner");
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function screenshots(page: Page, name: string) {
  await atBothWidths(page, async (label) => {
    const path = `e2e/.output/screens/operations-${name}-${label}.png`;
    await screenshot(page, { path, fullPage: true }, () =>
      page.evaluate(() => window.scrollTo(0, 0)),
    );
  });
}

async function signOut(page: Page) {
  await header(page).getByRole("button", { name: "Sign Out" }).first().click();
  await expect(header(page).getByRole("link", { name: "Sign In" }).first()).toBeVisible();
}

/** A photograph-like JPEG: noise over a colour does not compress, so it is hundreds of KB. */
async function picture(background: string, width = 900, height = 600) {
  const noise = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  });
  return sharp({ create: { width, height, channels: 3, background } })
    .composite([{ input: await noise.png().toBuffer(), blend: "overlay" }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

failOnBrowserErrors({ viewport: DESKTOP });

test("an applicant is approved, sets up payouts, lists a work, search finds it and a guest buys it", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const email = `mira.${stamp}@example.com`;
  const title = `Salt Marsh ${stamp}`;

  // 1. A visitor signs up as an artist applicant.
  await page.goto("/signup");
  await page.getByLabel("First name").fill("Mira");
  await page.getByLabel("Last name").fill(`Okafor${stamp}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByLabel(/An artist/).check();
  await page.getByLabel(/Instagram handle/).fill("@mira.paints");
  await page.getByLabel(/I agree to the Terms/).check();
  await page.getByRole("button", { name: "Sign Up" }).click();
  const pending = page.getByRole("alertdialog");
  await expect(pending).toContainText(authMessages.artistPending);
  await pending.getByRole("button", { name: "OK" }).click();
  await expect(page).toHaveURL("/");
  await signOut(page);

  // 2. The team sees the waiting count, opens the queue and approves.
  await signIn(page, ADMIN);
  const console = header(page).getByRole("link", { name: /^Console, \d+ applications? waiting/ });
  await expect(console.first()).toBeVisible();
  await console.first().click();
  await expect(page).toHaveURL("/admin/applications");
  await waitForHydration(page);
  const application = page.getByRole("article").filter({ hasText: email });
  await expect(application).toBeVisible();
  await expect(application.getByRole("link", { name: "@mira.paints" })).toHaveAttribute(
    "href",
    "https://www.instagram.com/mira.paints",
  );
  await expect(application.getByRole("link", { name: email })).toHaveAttribute(
    "href",
    `mailto:${email}`,
  );
  await expectNoAxeViolations(page);
  await screenshots(page, "applications");
  await application.getByRole("button", { name: "Approve" }).click();
  const confirm = page.getByRole("alertdialog", { name: /^Approve Mira/ });
  await confirm.getByRole("button", { name: "Approve" }).click();
  // Decided: it leaves the open queue with a page-level notice, and the Approved tab has it.
  await expect(application).toHaveCount(0);
  await expect(
    page.getByRole("status").filter({ hasText: /^Mira .+ is approved; we e-mailed them\.$/ }),
  ).toBeVisible();
  await page.getByRole("link", { name: /^Approved \d+/ }).click();
  await expect(page.getByRole("article").filter({ hasText: email })).toBeVisible();
  await signOut(page);

  // 3. The approval e-mail is in the outbox.
  await expect
    .poll(() => mailTo(email).filter((mail) => /approved/i.test(mail)).length, {
      timeout: 15_000,
    })
    .toBe(1);

  // 4. The new artist is told the works are not listed until payouts are set up.
  await signIn(page, email, PASSWORD);
  await page.goto("/profile");
  await expect(
    page.getByText("Your works are not listed in the marketplace until you set up payouts."),
  ).toBeVisible();
  await page.getByRole("link", { name: "Set up payouts" }).click();
  await expect(page).toHaveURL("/payouts/setup");
  // Decision 0057: the first payout setup needs two-step verification; the page links to it.
  await page.getByRole("link", { name: "Set up two-step verification" }).click();
  await expect(page).toHaveURL("/profile/settings#two-step");
  await enableTwoStep(page, email, PASSWORD);
  await page.goto("/payouts/setup");
  await field(page, "Legal first name").fill("Mira");
  await field(page, "Legal last name").fill("Okafor");
  await field(page, "Date of birth").fill("1990-04-12");
  await field(page, "Street address").fill("200 Main St");
  await field(page, "City").fill("Portland");
  await field(page, "State").selectOption("OR");
  await field(page, "ZIP code").fill("97204");
  await field(page, "Routing number").fill("110000000");
  await field(page, "Account number").fill("000123456789");
  await expectNoAxeViolations(page);
  await screenshots(page, "payouts-setup");
  await page.getByRole("button", { name: "Set up payouts" }).click();
  await expect(page).toHaveURL(/\/profile\?payouts=active$/);
  await expect(page.getByRole("status").filter({ hasText: "Payouts are active." })).toBeVisible();

  // 5. The artist lists a work with an image.
  await page.goto("/upload");
  await waitForHydration(page);
  await field(page, "Title").fill(title);
  await field(page, "Year created").fill("2025");
  await page.getByRole("group", { name: "Categories" }).getByLabel("Painting").check();
  await field(page, "Price (USD)").fill("950");
  await field(page, "Materials").fill("Oil on panel");
  await field(page, "Width").fill("20");
  await field(page, "Height").fill("16");
  await page
    .getByLabel("Images", { exact: true })
    .setInputFiles([
      { name: "marsh.jpg", mimeType: "image/jpeg", buffer: await picture("#5b7f6a") },
    ]);
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page).toHaveURL("/listing-preview");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/artwork\/[0-9a-f-]{36}$/);
  const artworkId = new URL(page.url()).pathname.split("/").at(-1)!;
  await signOut(page);

  // The marketplace search finds it.
  await page.goto(`/?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole("link", { name: new RegExp(title) })).toBeVisible();

  // A guest buys it.
  const guest = `guest.${stamp}@example.com`;
  const panel = await openBuyPanel(page, artworkId);
  await fillAddress(panel, guest);
  await expect(payNow(panel)).toBeEnabled();
  await fillCard(panel, "4242424242424242");
  await payNow(panel).click();
  await expect(page).toHaveURL("/purchase-success");
  await expect(page.getByRole("status")).toHaveText(m.guestAccountCreated);
  await page.goto(`/artwork/${artworkId}`);
  await expect(page.locator(".artwork-info").getByText("SOLD", { exact: true })).toBeVisible();
});

test("the team creates an exhibition with a banner and two works, and it appears on /exhibition", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = `Night Harbour ${Date.now()}`;
  await signIn(page, ADMIN);
  await page.goto("/admin/exhibitions");
  await waitForHydration(page);
  const create = page.getByRole("region", { name: "New exhibition" });
  await create.getByLabel("Name", { exact: true }).fill(name);
  await create.getByLabel("Address", { exact: true }).fill("12 Dock Road, Portland, OR");
  await create
    .getByLabel("Description", { exact: true })
    .fill("Harbour lights after dark, in two works.");
  await create
    .getByLabel("Banner image (optional)")
    .setInputFiles([
      { name: "banner.jpg", mimeType: "image/jpeg", buffer: await picture("#1d3557", 1600, 500) },
    ]);
  await expect(create.getByText("Uploaded. Save to use it.")).toBeVisible();
  await create.getByRole("button", { name: "Create exhibition" }).click();
  await expect(page).toHaveURL(/\/admin\/exhibitions\/[0-9a-f-]{36}$/);
  await waitForHydration(page);

  for (const title of ["Loom Song", "Union Station Vault"]) {
    await page.getByRole("searchbox", { name: "Title or artist" }).fill(title);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page
      .getByRole("list", { name: "Search results" })
      .getByRole("button", { name: `Add ${title}` })
      .click();
  }
  const chosen = page.getByRole("list", { name: "Chosen works" }).getByRole("listitem");
  await expect(chosen).toHaveCount(2);
  await page.getByRole("button", { name: "Move up Union Station Vault" }).click();
  await expect(chosen.first()).toContainText("Union Station Vault");
  await page.getByRole("button", { name: "Save order" }).click();
  await expect(page.getByText("2 works saved in this order.")).toBeVisible();
  await page.getByRole("button", { name: "Activate", exact: true }).click();
  await expect(page.getByRole("button", { name: "Deactivate", exact: true })).toBeVisible();

  // Its days and opening hours: an end before the start is refused with a clear message.
  const details = page.getByRole("region", { name: "Details" });
  await details.getByLabel("Start date").fill("2099-03-01");
  await details.getByLabel("End date").fill("2099-02-28");
  await details.getByLabel("Opening hours").fill("Thu–Sun 12:00–20:00");
  await details.getByRole("button", { name: "Save details" }).click();
  await expect(details.getByRole("alert")).toHaveText(
    "The end date cannot be before the start date.",
  );
  await details.getByLabel("End date").fill("2099-04-15");
  await details.getByRole("button", { name: "Save details" }).click();
  await expect(details.getByText("The exhibition is saved.")).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, "exhibition-editor");

  await page.goto("/exhibition");
  const tile = page.getByRole("link", { name: new RegExp(name) });
  await expect(tile).toBeVisible();
  await tile.click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page).toHaveTitle(`${name} · Vernissage`);
  await expect(page.locator(".exhibition-detail-run")).toHaveText(
    "Upcoming March 1 – April 15, 2099",
  );
  await expect(page.getByText("Thu–Sun 12:00–20:00")).toBeVisible();
  // Its artists are those of the two works, each linked to their page.
  const artistLinks = page.getByRole("region", { name: "Artists" }).getByRole("link");
  await expect(artistLinks.first()).toHaveAttribute("href", /^\/artist\/[0-9a-f-]{36}$/);
  const works = page.getByRole("link", { name: /Loom Song|Union Station Vault/ });
  await expect(works).toHaveCount(2);
  // In the order the team saved.
  await expect(works.first()).toContainText("Union Station Vault");
  // The banner the team uploaded, as a picture the page serves from its media.
  await expect(page.locator(".banner-box img").first()).toHaveAttribute("src", /^\/media\//);
});
