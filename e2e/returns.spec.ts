import { type APIRequestContext, type Locator, type Page, expect, test } from "@playwright/test";
import sharp from "sharp";
import { returnMessages } from "../domain/returns";
import { fillAddress, fillCard, mailTo, openBuyPanel, payNow } from "./buy";
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
 * A return from request to refund (decision 0055): the artwork page states the policy;
 * a collector buys, the artist ships, the collector confirms receipt and asks for a
 * return with a photo; the artist accepts, giving the return address; the collector
 * enters the return tracking; the artist confirms it arrived; the collector sees the
 * order refunded. Every spec shares one demo database: this one buys a work of Priya
 * Nair's no other spec names.
 */

const BUYER = "collector@demo.vernissage.test";
const ARTIST = "priya.nair@artists.demo.vernissage.test";
const WORKS = [
  "Monsoon Weave",
  "Indigo Field",
  "Saffron Thread",
  "Heat Map",
  "Warp and Weft No. 4",
];
const RETURN_ADDRESS = "Priya Nair, 1100 Congress Ave, Austin, TX 78701";

failOnBrowserErrors({ viewport: DESKTOP });

async function screenshots(page: Page, name: string, show?: Locator) {
  await atBothWidths(page, async (label) => {
    await show?.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    await screenshot(page, { path: `e2e/.output/screens/return-${name}-${label}.png` });
  });
}

/** The first work of `titles` still for sale, with its title. */
async function forSale(request: APIRequestContext, titles: string[]) {
  for (const title of titles) {
    const id = await artworkIdByTitle(request, title).catch(() => null);
    if (!id) continue;
    const response = await request.get(`/api/artworks/${id}`);
    if (response.ok() && ((await response.json()) as { isForSale: boolean }).isForSale) {
      return { id, title };
    }
  }
  throw new Error(`none of ${titles.join(", ")} is for sale`);
}

async function openSales(page: Page, title: string) {
  await page.goto("/profile/sales");
  await waitForHydration(page);
  return page.getByRole("listitem").filter({ hasText: title });
}

async function openOrder(page: Page, title: string) {
  await page.goto("/profile/purchases");
  await page
    .getByRole("listitem")
    .filter({ hasText: title })
    .getByRole("link", { name: /View order/ })
    .click();
  await expect(page).toHaveURL(/\/profile\/purchases\/[0-9a-f-]{36}$/);
  await waitForHydration(page);
}

test("a return from request to refund", async ({ page, request }) => {
  test.setTimeout(180_000);
  const work = await forSale(request, WORKS);

  // 1. The policy is stated before anyone pays: on the page and in the buy panel.
  await signIn(page, BUYER);
  await page.goto(`/artwork/${work.id}`);
  await expect(page.locator(".artwork-purchase .return-policy")).toHaveText(
    "Returns accepted within 14 days of delivery.",
  );
  const panel = await openBuyPanel(page, work.id);
  await expect(panel.locator(".return-policy")).toHaveText(
    "Returns accepted within 14 days of delivery.",
  );
  await fillAddress(panel);
  await fillCard(panel, "4242 4242 4242 4242");
  await payNow(panel).click();
  await expect(page).toHaveURL(/\/purchase-success/, { timeout: 20_000 });

  // 2. The artist ships it; the buyer confirms receipt.
  await page.context().clearCookies();
  await signIn(page, ARTIST);
  let sale = await openSales(page, work.title);
  await sale.getByLabel("Carrier").selectOption("UPS");
  await sale.getByLabel("Tracking number").fill("1Z999AA10123456784");
  await sale.getByRole("button", { name: "Mark shipped" }).click();
  await expect(sale).toContainText("Shipped");

  await page.context().clearCookies();
  await signIn(page, BUYER);
  await openOrder(page, work.title);
  await page.getByRole("button", { name: "Confirm receipt" }).click();
  await page
    .getByRole("alertdialog", { name: "Confirm receipt?" })
    .getByRole("button", { name: "Yes, confirm receipt" })
    .click();
  await expect(page.locator(".order-status")).toHaveText("Delivered");

  // 3. The buyer asks for a return, with a photo through the image pipeline.
  const returns = page.getByRole("region", { name: "Return" });
  await expect(returns).toContainText("You may ask to return this work until");
  await screenshots(page, "request", returns);
  await returns.getByRole("button", { name: "Ask for a return" }).click();
  await expect(returns.getByRole("alert")).toHaveText(returnMessages.reasonRequired);
  const photo = await sharp({
    create: { width: 640, height: 480, channels: 3, background: "#a33" },
  })
    .jpeg()
    .toBuffer();
  await returns
    .getByLabel("Photos (up to 6)")
    .setInputFiles([{ name: "crack.jpg", mimeType: "image/jpeg", buffer: photo }]);
  await expect(returns.getByText("1 photo added.")).toBeVisible();
  await returns.getByLabel("Why are you returning it?").fill("The frame arrived cracked.");
  await returns.getByRole("button", { name: "Ask for a return" }).click();
  await expect(returns.getByRole("status")).toHaveText(
    "Your return request was sent to the artist.",
  );
  await expect(page.locator(".order-status")).toHaveText("Return requested");
  await expect(returns.getByRole("img", { name: "Photo 1 of the return" })).toBeVisible();
  await expect
    .poll(() => mailTo(ARTIST).filter((mail) => /asked to return/.test(mail)).length, {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);

  // 4. The artist accepts, giving the address to send it back to.
  await page.context().clearCookies();
  await signIn(page, ARTIST);
  sale = await openSales(page, work.title);
  const artistReturn = sale.getByRole("region", { name: "Return" });
  await expect(artistReturn).toContainText("The frame arrived cracked.");
  await screenshots(page, "artist-accepts", artistReturn);
  await artistReturn.getByLabel("Address the work should be sent back to").fill(RETURN_ADDRESS);
  await artistReturn.getByRole("button", { name: "Accept the return" }).click();
  await expect(artistReturn.getByRole("status")).toHaveText(
    "The return is accepted. The buyer has been e-mailed.",
  );

  // 5. The buyer sends it back and enters the tracking.
  await page.context().clearCookies();
  await signIn(page, BUYER);
  await openOrder(page, work.title);
  await expect(returns).toContainText(RETURN_ADDRESS);
  await returns.getByLabel("Carrier").fill("UPS");
  await returns.getByLabel("Tracking number").fill("1ZRETURN0001");
  await screenshots(page, "tracking", returns);
  await returns.getByRole("button", { name: "Save the return tracking" }).click();
  await expect(page.locator(".order-status")).toHaveText("Return on its way");

  // 6. The artist confirms it arrived: the buyer is refunded.
  await page.context().clearCookies();
  await signIn(page, ARTIST);
  sale = await openSales(page, work.title);
  await sale
    .getByRole("region", { name: "Return" })
    .getByRole("button", { name: "The work has arrived" })
    .click();
  await expect(sale).toContainText("Refunded");

  // 7. The buyer sees the order refunded.
  await page.context().clearCookies();
  await signIn(page, BUYER);
  await openOrder(page, work.title);
  await expect(page.locator(".order-status")).toHaveText("Refunded");
  await expect(returns).toContainText(
    "The work is back with the artist and you have been refunded its price and tax.",
  );
  await screenshots(page, "refunded", returns);
  await expect
    .poll(() => mailTo(BUYER).filter((mail) => /has been refunded/.test(mail)).length, {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
});

test("an artist sells a work as final sale, and the page says so before anyone pays", async ({
  page,
  request,
}) => {
  const id = await artworkIdByTitle(request, "Grandmother's Sari");
  const artworkUrl = `/artwork/${id}`;
  await signIn(page, ARTIST);
  await page.goto(artworkUrl);
  await waitForHydration(page, page.getByRole("button", { name: "Edit Listing" }));
  await page.getByRole("button", { name: "Edit Listing" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Listing" })).toBeVisible();
  await waitForHydration(page);
  const finalSale = page.getByLabel("Final sale: no returns");
  await expect(finalSale).toHaveAccessibleDescription(/Buyers see this before they pay/);
  await finalSale.check();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Preview your changes" })).toBeVisible();
  await expect(page.getByText("Final sale: no returns.", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(artworkUrl);

  // A buyer reads it on the page and in the buy panel.
  await page.context().clearCookies();
  await signIn(page, BUYER);
  await page.goto(artworkUrl);
  await expect(page.locator(".artwork-purchase .return-policy")).toHaveText(
    "Final sale: no returns.",
  );
  const panel = await openBuyPanel(page, id);
  await expect(panel.locator(".return-policy")).toHaveText("Final sale: no returns.");
  await screenshots(page, "final-sale", panel);
});
