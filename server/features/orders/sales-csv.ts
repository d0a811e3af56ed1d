import type { OrderWithMoney } from "../../../contracts/orders.contract";
import type { SaleEarnings } from "../../../contracts/sales.contract";
import { ORDER_STATUS_LABELS } from "../../../domain/orders";

/**
 * The artist's sales as CSV (`GET /api/me/sales.csv`): RFC 4180 (CRLF line ends, a
 * field with a comma, quote or line break in double quotes, quotes doubled) and safe to
 * open in a spreadsheet: a text cell that starts with = + - @ (or a tab or carriage
 * return) would run as a formula, so it gets a leading apostrophe. Amounts are dollars
 * with two decimals; times are UTC. "Net after refunds" and "Paid out" are the ledger's
 * (decision 0029), the same figures as the page's, never a formula over the order.
 */

export const SALES_CSV_HEADER = [
  "Date (UTC)",
  "Order ID",
  "Title",
  "Buyer",
  "Status",
  "Price",
  "Tax",
  "Total",
  "Commission",
  "Net",
  "Refunded",
  "Net after refunds",
  "Paid out",
  "Shipped (UTC)",
  "Carrier",
  "Tracking number",
] as const;

/** What a spreadsheet would read as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: defused, then quoted when RFC 4180 requires it. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Cents as dollars with two decimals ("1234.50"); amounts here are never negative. */
export function dollars(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** "2026-06-01 12:00:00" from an ISO time, or "" for none. */
function utcTime(iso: string | null): string {
  return iso ? iso.slice(0, 19).replace("T", " ") : "";
}

/** One sale of the file: the order with what the ledger says the artist earned and was paid. */
export type SalesCsvRow = OrderWithMoney & SaleEarnings;

function row(sale: SalesCsvRow): string[] {
  const handedOver = sale.shippedAt !== null && sale.carrier === null;
  return [
    utcTime(sale.soldAt),
    sale.id,
    sale.title,
    sale.buyerName,
    ORDER_STATUS_LABELS[sale.status],
    dollars(sale.price),
    dollars(sale.taxAmount),
    dollars(sale.totalAmount),
    dollars(sale.commissionAmount),
    dollars(sale.artistNet),
    dollars(sale.refundedAmount),
    dollars(sale.earned),
    dollars(sale.paidOut),
    utcTime(sale.shippedAt),
    handedOver ? "Handed over at pick-up" : (sale.carrier ?? ""),
    sale.trackingNumber ?? "",
  ];
}

/** The whole file: the header and one line per sale, each line ended by CRLF. */
export function salesCsv(sales: readonly SalesCsvRow[]): string {
  const lines = [[...SALES_CSV_HEADER], ...sales.map(row)];
  return lines.map((cells) => `${cells.map(csvCell).join(",")}\r\n`).join("");
}

/** The download's file name: vernissage-sales-2026-06-01.csv. */
export function salesCsvFileName(now: Date): string {
  return `vernissage-sales-${now.toISOString().slice(0, 10)}.csv`;
}
