import { type Page, expect, test } from "@playwright/test";
import { fillAddress, fillCard, openBuyPanel, payNow } from "./buy";
import {
  DESKTOP,
  atBothWidths,
  artworkIdByTitle,
  expectNoAxeViolations,
  failOnBrowserErrors,
  screenshot,
  signIn,
} from "./helpers";

/**
 * The buyer's order page: from the header's "My purchases" to the order, its
 * state and history; nobody else can open it. Buys a demo work no other spec uses (Ash
 * Glaze Cylinder). The later states (shipped, delivered) are made by the artist's pages
 * and covered by the integration tests.
 */

const COLLECTOR = "collector@demo.vernissage.test";
const ARTIST = "artist@demo.vernissage.test";
const TITLE = "Ash Glaze Cylinder";

failOnBrowserErrors({ viewport: DESKTOP });

async function screenshots(page: Page, name: string) {
  await atBothWidths(page, async (label) => {
    await screenshot(page, { path: `e2e/screenshots/${name}-${label}.png`, fullPage: true });
  });
}

test("the buyer finds the order from 'My purchases', and only the buyer can open it", async ({
  page,
  request,
}) => {
  const id = await artworkIdByTitle(request, TITLE);
  await signIn(page, COLLECTOR);
  const panel = await openBuyPanel(page, id);
  await fillAddress(panel);
  await fillCard(panel, "4242 4242 4242 4242");
  await payNow(panel).click();
  await expect(page).toHaveURL("/purchase-success");

  await page
    .getByRole("navigation", { name: "Main" })
    .first()
    .getByRole("link", { name: "My purchases" })
    .click();
  await expect(page).toHaveURL("/profile/purchases");
  const entry = page.locator(".purchase-entry").filter({ hasText: TITLE });
  await expect(entry.getByText("Awaiting shipment")).toBeVisible();
  await entry.getByRole("link", { name: `View order of ${TITLE}` }).click();

  await expect(page).toHaveURL(/\/profile\/purchases\/[0-9a-f-]{36}$/);
  const orderUrl = new URL(page.url()).pathname;
  await expect(page).toHaveTitle(`Order: ${TITLE} · Vernissage`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TITLE);
  await expect(page.locator(".order-status")).toHaveText("Awaiting shipment");
  await expect(page.getByText(/^The artist ships it by /)).toBeVisible();
  await expect(page.locator(".order-address")).toContainText("1452 W Division St");
  await expect(page.locator(".order-history")).toContainText("Bought on");
  // Nothing to confirm or report before the work is shipped.
  await expect(page.getByRole("button", { name: "Confirm receipt" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Report a problem" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, "purchase-order-paid");

  // The artist who sold it, and anyone else: the 404 page.
  await page.context().clearCookies();
  await signIn(page, ARTIST);
  const response = await page.goto(orderUrl);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page.getByText(TITLE)).toHaveCount(0);

  await page.context().clearCookies();
  await page.goto(orderUrl);
  await expect(page).toHaveURL("/signin");
});
