import { z } from "zod";
import { CARRIERS, ORDER_STATUSES, orderMessages } from "../domain/orders";
import { firstQueryValue } from "./common.contract";
import { orderWithMoneySchema } from "./orders.contract";
import {
  MAX_CARRIER_LENGTH,
  MAX_SALE_REASON_LENGTH,
  MAX_TRACKING_LENGTH,
  salesMessages,
} from "./sales.values";

export { MAX_CARRIER_LENGTH, MAX_SALE_REASON_LENGTH, MAX_TRACKING_LENGTH, salesMessages };

/**
 * The artist's sales (decision 0029; docs/api.md "Orders" → "Artist's sales"): their
 * orders, totals, shipping, cannot-fulfil, putting a refunded work back on sale, and the
 * CSV export. Amounts in US cents.
 */

/** Sales per page of `GET /api/me/sales`. */
export const SALES_PAGE_SIZE = 30;

/** Line breaks and other control characters: one line in an e-mail, a CSV cell, a page. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** `GET /api/me/sales` */
export const salesQuerySchema = z.object({
  status: firstQueryValue(
    z.enum(ORDER_STATUSES, { error: salesMessages.invalidFilter }).optional(),
  ),
  cursor: firstQueryValue(z.string().max(200, { error: salesMessages.invalidFilter }).optional()),
});
export type SalesQuery = z.infer<typeof salesQuerySchema>;

/**
 * What the ledger says of one sale (decision 0029), never a formula over the order's
 * columns: an order not captured (yet, or cancelled before the capture) or sold before
 * the ledger existed has no rows and shows 0.
 */
export const saleEarningsSchema = z.object({
  /** The artist's net less its refunds; 0 for a cancelled order, whatever the ledger holds. */
  earned: z.number().int(),
  /** What of it was paid to the artist: payouts less reversals. */
  paidOut: z.number().int(),
});
export type SaleEarnings = z.infer<typeof saleEarningsSchema>;

/**
 * One sale: the order with its money, what the artist earned of it and was paid (from the
 * ledger), and whether its work may be put back on sale now.
 */
export const saleSchema = orderWithMoneySchema
  .extend(saleEarningsSchema.shape)
  .extend({ mayRelist: z.boolean() });
export type Sale = z.infer<typeof saleSchema>;

export const salesPageSchema = z.object({
  items: z.array(saleSchema),
  /** The next (older) page's cursor, or null on the last page. */
  nextCursor: z.string().nullable(),
});
export type SalesPage = z.infer<typeof salesPageSchema>;

/** `GET /api/me/sales/summary`: sums over the ledger (decision 0029), in cents. */
export const salesSummarySchema = z.object({
  /** Earnings of orders still in progress. */
  pending: z.number().int(),
  /** Earnings of settled orders not yet paid (negative: paid out, then refunded). */
  payable: z.number().int(),
  paidOut: z.number().int(),
});
export type SalesSummary = z.infer<typeof salesSummarySchema>;

const optionalText = z.string().optional();

/**
 * `POST /api/me/sales/:orderId/ship`: `{ carrier, trackingNumber }` (a carrier from
 * CARRIERS or any other name, trimmed), or `{ handedOver: true }` for a pick-up.
 */
export const shipBodySchema = z
  .object({
    carrier: optionalText,
    trackingNumber: optionalText,
    handedOver: z.boolean().optional(),
  })
  .transform((body, ctx): Shipment => {
    const carrier = body.carrier?.trim() ?? "";
    const trackingNumber = body.trackingNumber?.trim() ?? "";
    if (body.handedOver === true) {
      if (carrier || trackingNumber) {
        ctx.addIssue({ code: "custom", message: salesMessages.shipChoice });
        return z.NEVER;
      }
      return { handedOver: true };
    }
    const refuse = (message: string) => {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    if (!carrier) return refuse(orderMessages.carrierRequired);
    if (carrier.length > MAX_CARRIER_LENGTH) return refuse(salesMessages.carrierTooLong);
    if (!trackingNumber) return refuse(orderMessages.trackingRequired);
    if (trackingNumber.length > MAX_TRACKING_LENGTH) return refuse(salesMessages.trackingTooLong);
    if (CONTROL.test(carrier) || CONTROL.test(trackingNumber)) return refuse(salesMessages.oneLine);
    return { handedOver: false, carrier: knownCarrier(carrier), trackingNumber };
  });
export type Shipment =
  { handedOver: true } | { handedOver: false; carrier: string; trackingNumber: string };

/** A carrier typed in any case ("ups") is stored as the list spells it ("UPS"). */
function knownCarrier(carrier: string): string {
  return CARRIERS.find((known) => known.toLowerCase() === carrier.toLowerCase()) ?? carrier;
}

/** `POST /api/me/sales/:orderId/cannot-fulfil` */
export const cannotFulfilBodySchema = z.object({
  reason: z
    .string({ error: orderMessages.reasonRequired })
    .max(MAX_SALE_REASON_LENGTH, { error: salesMessages.reasonTooLong })
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, { error: orderMessages.reasonRequired }),
});
export type CannotFulfilBody = z.infer<typeof cannotFulfilBodySchema>;
