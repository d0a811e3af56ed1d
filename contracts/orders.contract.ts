import { z } from "zod";
import { ORDER_STATUSES, PROBLEM_KINDS } from "../domain/orders";

/**
 * The order after the sale (decision 0029), as each party sees it: the buyer
 * (`/api/me/purchases/:id`), the artist (`/api/me/sales`) and the team
 * (`/api/admin/orders`). Amounts in US cents; times ISO strings.
 */

const cents = z.number().int().nonnegative();
const isoTime = z.string();

export const orderStatusSchema = z.enum(ORDER_STATUSES);
export const problemKindSchema = z.enum(PROBLEM_KINDS);

export const shippingAddressViewSchema = z.object({
  line1: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
});

/** One line of an order's history. */
export const orderEventSchema = z.object({
  at: isoTime,
  actorRole: z.enum(["artist", "buyer", "team", "system"]),
  /** The person's display name; null for the system. */
  actorName: z.string().nullable(),
  fromStatus: orderStatusSchema.nullable(),
  toStatus: orderStatusSchema,
  note: z.string().nullable(),
});
export type OrderEventView = z.infer<typeof orderEventSchema>;

/** What every party sees of an order. */
export const orderSummarySchema = z.object({
  id: z.string(),
  artworkId: z.string(),
  title: z.string(),
  imageThumbnail: z.string().nullable(),
  artistName: z.string(),
  buyerName: z.string(),
  status: orderStatusSchema,
  price: cents,
  taxAmount: cents,
  totalAmount: cents,
  /** Everything refunded so far (from the ledger). */
  refundedAmount: cents,
  soldAt: isoTime,
  shipBy: isoTime,
  shippedAt: isoTime.nullable(),
  /** Null with a shippedAt: handed over at pick-up. */
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  deliveredAt: isoTime.nullable(),
  completedAt: isoTime.nullable(),
  cancelledAt: isoTime.nullable(),
  problemKind: problemKindSchema.nullable(),
  problemNote: z.string().nullable(),
  /** The artist's pick-up zip code when the buyer may collect the work. */
  pickUpZipCode: z.string().nullable(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** The artist's and the team's view adds the address and the split. */
export const orderWithMoneySchema = orderSummarySchema.extend({
  shippingAddress: shippingAddressViewSchema.nullable(),
  commissionBps: z.number().int(),
  commissionAmount: cents,
  artistNet: cents,
});
export type OrderWithMoney = z.infer<typeof orderWithMoneySchema>;

export const orderDetailSchema = orderWithMoneySchema.extend({
  events: z.array(orderEventSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** The buyer's order page: their own address, no split, and the moves open to them now. */
export const purchaseDetailSchema = orderSummarySchema.extend({
  shippingAddress: shippingAddressViewSchema.nullable(),
  events: z.array(orderEventSchema),
  mayConfirmReceipt: z.boolean(),
  mayReportProblem: z.boolean(),
});
export type PurchaseDetail = z.infer<typeof purchaseDetailSchema>;
