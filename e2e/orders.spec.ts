import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import { authMessages } from "../domain/auth-messages";
import { priceText } from "../domain/display";
import { ORDER_STATUS_LABELS, PENDING_STATUSES } from "../domain/orders";
import { ADDRESS, fillAddress, fillCard, mailTo, openBuyPanel, payNow } from "./buy";
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
 * An order's journey: a guest buys; the artist finds the sale with its address and marks
 * it shipped with tracking; the buyer sets a password through the reset e-mail, sees it
 * shipped and confirms receipt; the artist's totals and CSV agree with the ledger. Every
 * spec shares one demo database: this one buys a work of Diego Alvarez's no other names.
 */

const ARTIST = "diego.alvarez@artists.demo.vernissage.test";
const WORKS = ["Neon Reef", "Mango Summer", "Art Deco Dreams", "Hurricane Party"];
const NEW_PASSWORD = "shipped-and-home";
const TRACKING = "1Z999AA10123456784";

failOnBrowserErrors({ viewport: DESKTOP });

async function screenshots(page: Page, name: string) {
  await atBothWidths(page, async (label) => {
    await screenshot(page, { path: `e2e/.output/screens/order-journey-${name}-${label}.png` });
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

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign Out" }).first().click();
  await expect(page).toHaveURL("/");
}

/** RFC 4180 rows (the file starts with a byte-order mark for Excel). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const body = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && body[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i += 1;
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

const cents = (dollars: string) => Math.round(Number(dollars.replace(/[$,]/g, "")) * 100);

test("a guest buys; the artist ships with tracking; the buyer resets a password, sees it shipped and confirms receipt", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const work = await forSale(request, WORKS);
  const email = `journey.${Date.now()}@example.com`;

  // 1. A guest buys it with the test card.
  const panel = await openBuyPanel(page, work.id);
  await fillAddress(panel, email);
  await fillCard(panel, "4242 4242 4242 4242");
  await payNow(panel).click();
  await expect(page).toHaveURL(/\/purchase-success/, { timeout: 20_000 });

  // 2. The artist finds the sale, with the buyer's address, and marks it shipped.
  await signIn(page, ARTIST);
  await page.getByRole("banner").getByRole("link", { name: "Sales" }).first().click();
  await expect(page).toHaveURL("/profile/sales");
  await waitForHydration(page);
  const sale = page.getByRole("listitem").filter({ hasText: work.title });
  await expect(sale).toContainText(ADDRESS.line1);
  await expect(sale).toContainText("Awaiting shipment");
  await expectNoAxeViolations(page);
  await screenshots(page, "sales");
  await sale.getByLabel("Carrier").selectOption("UPS");
  await sale.getByLabel("Tracking number").fill(TRACKING);
  await sale.getByRole("button", { name: "Mark shipped" }).click();
  await expect(sale).toContainText("Shipped");
  await expect(sale).toContainText(TRACKING);

  // 3. The artist's totals and CSV agree with the ledger (the summary API sums it).
  const summary = (await (await page.request.get("/api/me/sales/summary")).json()) as {
    pending: number;
    payable: number;
    paidOut: number;
  };
  const totals = page.getByLabel("Your earnings", { exact: true });
  for (const [label, value] of [
    ["Pending", summary.pending],
    ["Payable", summary.payable],
    ["Paid out", summary.paidOut],
  ] as const) {
    await expect(totals.getByText(label, { exact: true })).toBeVisible();
    await expect(totals).toContainText(
      new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" })
        .format(value / 100)
        .replace(/\.00$/, ""),
    );
  }
  const csv = await page.request.get("/api/me/sales.csv");
  expect(csv.headers()["content-disposition"]).toMatch(/^attachment/);
  const [header, ...rows] = csvRows(await csv.text());
  const column = (name: string) => header!.indexOf(name);
  const row = rows.find((r) => r[column("Title")] === work.title);
  expect(row?.[column("Status")]).toMatch(/shipped/i);
  expect(row?.[column("Tracking number")]).toBe(TRACKING);
  // Each row's earnings and payouts are the ledger's: summed by the order's state, less
  // what was paid, they are the three totals (a cancelled order earns nothing).
  const pendingLabels = PENDING_STATUSES.map((status) => ORDER_STATUS_LABELS[status]);
  const inCsv = { pending: 0, payable: 0, paidOut: 0 };
  for (const r of rows) {
    const earned = cents(r[column("Net after refunds")] ?? "0");
    const paidOut = cents(r[column("Paid out")] ?? "0");
    if (pendingLabels.includes(r[column("Status")] ?? "")) inCsv.pending += earned - paidOut;
    else inCsv.payable += earned - paidOut;
    inCsv.paidOut += paidOut;
  }
  expect(inCsv).toEqual(summary);
  // The page shows the sale's earnings as the CSV has them.
  await expect(sale.locator(".sale-earnings dd")).toHaveText(
    priceText(cents(row?.[column("Net after refunds")] ?? "")),
  );
  await signOut(page);

  // 4. The buyer was told it shipped, with the tracking number.
  await expect
    .poll(() => mailTo(email).filter((mail) => mail.includes(TRACKING)).length, {
      timeout: 15_000,
    })
    .toBe(1);

  // 5. The buyer sets a password through "Reset Password" and the e-mailed link.
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Reset Password" }).click();
  let link = "";
  await expect
    .poll(
      () => {
        const mail = mailTo(email).find((m) =>
          // The reset e-mail's link: the purchase confirmation has one of its own.
          m.includes("Subject: Reset your Vernissage password"),
        );
        const unfolded = (mail ?? "").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
        link = /\/reset-password\?token=[\w-]+/.exec(unfolded)?.[0] ?? "";
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe("");
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Repeat the new password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page.getByRole("status")).toHaveText(authMessages.passwordChanged);
  await signIn(page, email, NEW_PASSWORD);

  // 6. "My purchases" shows it shipped with the tracking number; the order page confirms receipt.
  await page.getByRole("banner").getByRole("link", { name: "My purchases" }).first().click();
  await expect(page).toHaveURL("/profile/purchases");
  const entry = page.getByRole("listitem").filter({ hasText: work.title });
  await expect(entry).toContainText("Shipped");
  await expect(entry).toContainText(TRACKING);
  await entry.getByRole("link", { name: /View order/ }).click();
  await expect(page).toHaveURL(/\/profile\/purchases\/[0-9a-f-]{36}$/);
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  await screenshots(page, "order");
  await page.getByRole("button", { name: "Confirm receipt" }).click();
  // It cannot be undone, so it asks first.
  const ask = page.getByRole("alertdialog", { name: "Confirm receipt?" });
  await expect(ask.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectNoAxeViolations(page);
  await ask.getByRole("button", { name: "Yes, confirm receipt" }).click();
  await expect(page.getByText("Delivered").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm receipt" })).toHaveCount(0);

  // 7. The artist is told it arrived.
  await expect
    .poll(() => mailTo(ARTIST).filter((mail) => /confirmed receiving/.test(mail)).length, {
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(1);
});
