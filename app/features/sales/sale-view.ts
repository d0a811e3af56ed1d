import { formatDate } from "../../../domain/date-time";
import { priceText } from "../../../domain/display";
import { CARRIERS, ORDER_STATUS_LABELS, ORDER_STATUSES } from "../../../domain/orders";
import type { Sale } from "../../../contracts/sales.contract";

/** What /profile/sales shows of a sale, written out; pure, so the page's pieces test it. */

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a sale's form answers: the notice to show beside that sale, or the refusal. */
export type SaleActionResult =
  { ok: true; message: string; orderId: string } | { ok: false; error: string; orderId: string };

/** The "Other" choice of the carrier list: its name is typed in a field of its own. */
export const OTHER_CARRIER = "other";
export const CARRIER_CHOICES = [...CARRIERS, OTHER_CARRIER] as const;

/** The state filter's choices: every state, "" for all of them. */
export const STATUS_FILTER = [
  { value: "", label: "All sales" },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] })),
];

export type ShipByUrgency = { text: string; urgent: boolean };

/**
 * How close the ship-by date is, for an order still to ship: urgent when two days or
 * fewer are left, or when it has passed (then the order is about to be cancelled).
 */
export function shipByUrgency(shipBy: string, now: string): ShipByUrgency {
  const left = new Date(shipBy).getTime() - new Date(now).getTime();
  if (left <= 0) return { text: "Overdue", urgent: true };
  const days = Math.ceil(left / DAY_MS);
  const text = days === 1 ? "1 day left" : `${days} days left`;
  return { text, urgent: left <= 2 * DAY_MS };
}

/** "1 Main St, Albany, NY 12207", or null without an address. */
export function addressText(address: Sale["shippingAddress"]): string | null {
  if (!address) return null;
  return `${address.line1}, ${address.city}, ${address.state} ${address.postal_code}`;
}

/** "Shipped June 2, 2026 · UPS 1Z999", "Handed over at pick-up on June 2, 2026", or null. */
export function shipmentText(
  sale: Pick<Sale, "shippedAt" | "carrier" | "trackingNumber">,
  timeZone: string,
) {
  if (!sale.shippedAt) return null;
  const day = formatDate(sale.shippedAt, timeZone);
  if (!sale.carrier) return `Handed over at pick-up on ${day}`;
  return `Shipped ${day} · ${sale.carrier} ${sale.trackingNumber ?? ""}`.trim();
}

/** "20%" or "12.5%" from basis points. */
export function percentText(bps: number): string {
  return `${Number((bps / 100).toFixed(2))}%`;
}

/**
 * The amounts a sale shows, written out: the price, the commission, and the artist's
 * earnings and what of them was paid, as the ledger has them (the server's `earned` and
 * `paidOut`, never worked out here from the price: an order cancelled before the capture
 * or sold before the ledger earned nothing in it).
 */
export function saleAmounts(sale: Sale) {
  return {
    price: priceText(sale.price),
    commission: `−${priceText(sale.commissionAmount)}`,
    commissionLabel: `Commission (${percentText(sale.commissionBps)})`,
    earnings: priceText(sale.earned),
    refunded: sale.refundedAmount > 0 ? priceText(sale.refundedAmount) : null,
    paidOut: sale.paidOut !== 0 ? totalText(sale.paidOut) : null,
  };
}

/** The actions a sale's state allows the artist (the server checks again). */
export function saleActions(sale: Sale) {
  const paid = sale.status === "paid";
  return {
    ship: paid,
    handOver: paid && sale.pickUpZipCode !== null,
    cannotFulfil: paid,
    relist: sale.mayRelist,
  };
}

/** A total of the summary ("$1,234.50"); a negative payable (money owed back) keeps its sign. */
export function totalText(cents: number): string {
  return cents < 0 ? `−${priceText(-cents)}` : priceText(cents);
}
