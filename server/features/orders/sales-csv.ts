import type { OrderWithMoney } from "../../../contracts/orders.contract";
import { ORDER_STATUS_LABELS, refundedShares } from "../../../domain/orders";

/**
 * The artist's sales as CSV (`GET /api/me/sales.csv`): RFC 4180 (CRLF line ends, a
 * field with a comma, quote or line break in double quotes, quotes doubled) and safe to
 * open in a spreadsheet: a text cell that starts with = + - @ (or a tab or carriage
 * return) would run as a formula, so it gets a leading apostrophe. Amounts are dollars
 * with two decimals; times are UTC.
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

function row(sale: OrderWithMoney): string[] {
  const money = {
    price: sale.price,
    tax: sale.taxAmount,
    total: sale.totalAmount,
    commissionBps: sale.commissionBps,
    commission: sale.commissionAmount,
    artistNet: sale.artistNet,
  };
  // The refunds' split on the running total (decision 0029): the same as the ledger's.
  const refunded = Math.min(sale.refundedAmount, sale.totalAmount);
  const netRefunded = refundedShares(money, refunded).artistNet;
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
    dollars(sale.artistNet - netRefunded),
    utcTime(sale.shippedAt),
    handedOver ? "Handed over at pick-up" : (sale.carrier ?? ""),
    sale.trackingNumber ?? "",
  ];
}

/** The whole file: the header and one line per sale, each line ended by CRLF. */
export function salesCsv(sales: readonly OrderWithMoney[]): string {
  const lines = [[...SALES_CSV_HEADER], ...sales.map(row)];
  return lines.map((cells) => `${cells.map(csvCell).join(",")}\r\n`).join("");
}

/** The download's file name: vernissage-sales-2026-06-01.csv. */
export function salesCsvFileName(now: Date): string {
  return `vernissage-sales-${now.toISOString().slice(0, 10)}.csv`;
}
