import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import { adminOrderMessages as am } from "../contracts/admin-orders.contract";
import { moneyInputMessages } from "../domain/money-input";
import { REASON_MISSING } from "../app/features/admin/order-actions";
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
 * The team's orders console and settings: a guest's order found, refunded in
 * part and cancelled from the console; the commission changed for new sales only. Every
 * spec shares one demo database: these buy demo works no other spec names (the first of
 * each list still for sale), and put the commission back.
 */

const ADMIN = "admin@demo.vernissage.test";
const WORKS_A = ["Cache Memory", "Fog Protocol", "Render Farm"];
const WORKS_B = ["Bronze Seed", "Tide Pool Bowl", "Pixel Garden"];
const ADDRESS = { line1: "1452 W Division St", city: "Chicago", state: "IL", postal_code: "60642" };

async function screenshots(page: Page, name: string) {
  await atBothWidths(page, async (label) => {
    const path = `e2e/.output/screens/orders-${name}-${label}.png`;
    await screenshot(page, { path, fullPage: true }, () =>
      page.evaluate(() => window.scrollTo(0, 0)),
    );
  });
}

/** The first work of `titles` still for sale. */
async function forSale(request: APIRequestContext, titles: string[]): Promise<string> {
  for (const title of titles) {
    const id = await artworkIdByTitle(request, title).catch(() => null);
    if (!id) continue;
    const response = await request.get(`/api/artworks/${id}`);
    if (response.ok() && ((await response.json()) as { isForSale: boolean }).isForSale) return id;
  }
  throw new Error(`none of ${titles.join(", ")} is for sale`);
}

/** A guest buys the work through the API, as the buy panel would with the test card. */
async function guestBuys(request: APIRequestContext, baseURL: string, artworkId: string) {
  const email = `orders.${Date.now()}@example.com`;
  const headers = { origin: baseURL };
  const body = { artworkId, email, shippingAddress: ADDRESS, name: "Ada Buyer" };
  const quote = await request.post("/api/checkout/quote", { headers, data: body });
  expect(quote.ok(), await quote.text()).toBe(true);
  const { totalAmount } = (await quote.json()) as { totalAmount: number };
  const started = await request.post("/api/checkout/payments", {
    headers,
    data: { ...body, expectedTotal: totalAmount },
  });
  expect(started.status(), await started.text()).toBe(201);
  const payment = (await started.json()) as { paymentId: string; clientSecret: string };
  const confirmed = await request.post("/api/checkout/simulated/confirm", {
    headers,
    data: {
      clientSecret: payment.clientSecret,
      card: { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" },
      billingDetails: { name: "Ada Buyer", email },
    },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const completed = await request.post("/api/checkout/complete", {
    headers,
    data: { paymentId: payment.paymentId, clientSecret: payment.clientSecret },
  });
  expect(completed.ok(), await completed.text()).toBe(true);
  const { orderId } = (await completed.json()) as { orderId: string };
  return { email, orderId, totalAmount };
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Console" });
const moneyRow = (page: Page, label: string | RegExp) =>
  page.locator(".order-money tr").filter({ has: page.getByRole("rowheader", { name: label }) });

function dollars(cents: number): string {
  return `$${Math.floor(cents / 100).toLocaleString("en-US")}.${String(cents % 100).padStart(2, "0")}`;
}

failOnBrowserErrors({ viewport: DESKTOP });

test("the team finds a guest's order, refunds part of it, then cancels it with the rest refunded", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const artworkId = await forSale(request, WORKS_A);
  const sale = await guestBuys(request, baseURL!, artworkId);

  await signIn(page, ADMIN);
  await page.goto("/admin/applications");
  await waitForHydration(page);
  await nav(page).getByRole("link", { name: "Orders", exact: true }).click();
  await expect(page).toHaveURL("/admin/orders");
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, "list");

  // Found by the buyer's e-mail; the state's count links to the filter.
  await page.getByLabel("Work, artist, buyer or order id").fill(sale.email);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=/);
  const rows = page.getByRole("region", { name: "Orders, newest sale first" }).getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(sale.email);
  await expect(rows.nth(1)).toContainText("Awaiting shipment");
  await rows.nth(1).getByRole("link").first().click();
  await expect(page).toHaveURL(`/admin/orders/${sale.orderId}`);
  await waitForHydration(page);
  await expect(page.getByText(sale.email).first()).toBeVisible();
  await expect(moneyRow(page, "Total paid")).toContainText(dollars(sale.totalAmount));
  await expect(moneyRow(page, /^Commission at 20\.00%$/)).toBeVisible();
  await expect(moneyRow(page, "Refundable now")).toContainText(dollars(sale.totalAmount));
  await expectNoAxeViolations(page);
  await screenshots(page, "order");

  // No reason: said beside the form in the site's style (no browser bubble), nothing asked.
  const reason = page.getByLabel("Reason (the buyer and the artist see it)").first();
  await page.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: REASON_MISSING })).toBeVisible();
  await expect(reason).toHaveAttribute("aria-invalid", "true");
  await expect(reason).toBeFocused();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, "order-reason-missing");

  // A partial refund: a third decimal is refused before anything is sent.
  await page.getByLabel("Refund part of it").check();
  const amount = page.getByLabel("Amount in US dollars (to refund part)");
  await amount.fill("12.345");
  await expect(page.getByText(moneyInputMessages.dollars)).toBeVisible();
  await page.getByLabel("Reason (the buyer and the artist see it)").first().fill("A scratch");
  const refundButton = page.getByRole("button", { name: "Refund", exact: true });
  await refundButton.click();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await amount.fill("12.5");
  await refundButton.click();
  const dialog = page.getByRole("alertdialog", { name: /^Refund \$12\.50 to Ada Buyer\?$/ });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Refund $12.50" }).click();
  await expect(page.getByRole("status").filter({ hasText: am.refunded("$12.50") })).toBeVisible();
  await expect(moneyRow(page, "Refunded")).toContainText("$12.50");
  await expect(moneyRow(page, "Refundable now")).toContainText(dollars(sale.totalAmount - 1250));
  const refunds = page.getByRole("region", { name: "Refunds of this order, oldest first" });
  await expect(refunds.getByRole("row").nth(1)).toContainText("A scratch");
  await expect(refunds.getByRole("row").nth(1)).toContainText("Refunded");
  // The form starts afresh: everything that is left, no reason.
  const rest = dollars(sale.totalAmount - 1250);
  await expect(page.getByLabel(`Refund everything (${rest})`)).toBeChecked();
  await expect(amount).toHaveValue(rest.slice(1).replace(",", ""));
  await expect(page.getByLabel("Reason (the buyer and the artist see it)").first()).toHaveValue("");
  await screenshots(page, "order-refunded");

  // Cancelled: everything left goes back, and no move is open any more.
  await page.getByLabel("Reason (the buyer and the artist see it)").last().fill("Lost in transit");
  await page.getByRole("button", { name: "Cancel order" }).click();
  const cancel = page.getByRole("alertdialog", { name: `Cancel this order and refund ${rest}?` });
  await cancel.getByRole("button", { name: "Cancel and refund" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "The order is cancelled and" }),
  ).toBeVisible();
  await expect(page.locator(".order-head .admin-badge")).toHaveText("Cancelled");
  await expect(page.getByText("No action is open on this order now.")).toBeVisible();
  await expect(moneyRow(page, "Refunded")).toContainText(dollars(sale.totalAmount));
  await expectNoAxeViolations(page);
});

test("the commission set in the console applies to new sales only", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const earlier = await guestBuys(request, baseURL!, await forSale(request, WORKS_A));
  await signIn(page, ADMIN);
  await page.goto("/admin/orders");
  await waitForHydration(page);
  await nav(page).getByRole("link", { name: "Settings", exact: true }).click();
  await expect(page).toHaveURL("/admin/settings");
  await waitForHydration(page);
  const rate = page.getByLabel("Commission on new sales (%)");
  await expect(rate).toHaveValue("20.00");
  await expectNoAxeViolations(page);
  await screenshots(page, "settings");
  try {
    await rate.fill("100.5");
    await expect(page.getByText(moneyInputMessages.percent)).toBeVisible();
    await rate.fill("15.5");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const dialog = page.getByRole("alertdialog", { name: "Charge 15.50% on new sales?" });
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: am.commissionSaved("15.50") }),
    ).toBeVisible();

    const later = await guestBuys(request, baseURL!, await forSale(request, WORKS_B));
    await page.goto(`/admin/orders/${later.orderId}`);
    await expect(moneyRow(page, /^Commission at 15\.50%$/)).toBeVisible();
    await page.goto(`/admin/orders/${earlier.orderId}`);
    await expect(moneyRow(page, /^Commission at 20\.00%$/)).toBeVisible();
  } finally {
    await page.goto("/admin/settings");
    await waitForHydration(page);
    await page.getByLabel("Commission on new sales (%)").fill("20");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Save" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: am.commissionSaved("20.00") }),
    ).toBeVisible();
  }
});
