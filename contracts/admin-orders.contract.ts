import { z } from "zod";
import { MAX_COMMISSION_BPS, ORDER_STATUSES, orderMessages } from "../domain/orders";
import { MAX_RETURN_WINDOW_DAYS, returnMessages } from "../domain/returns";
import { adminMessages, adminSearchText } from "./admin.contract";
import { firstQueryValue } from "./common.contract";
import { orderDetailSchema, orderStatusSchema, orderWithMoneySchema } from "./orders.contract";
import { MAX_ORDER_TEXT } from "./admin.values";

export { MAX_ORDER_TEXT };

/**
 * The team's orders console and the marketplace settings (docs/api.md
 * "Orders" → "Console"). Amounts in US cents; the commission in basis points.
 */

export const adminOrderMessages = {
  reasonTooLong: `The reason is too long (at most ${MAX_ORDER_TEXT} characters).`,
  noteRequired: "Please write a note.",
  noteTooLong: `The note is too long (at most ${MAX_ORDER_TEXT} characters).`,
  wholeCents: "The refund amount must be a whole number of cents.",
  refunded: (amount: string) => `${amount} refunded.`,
  refundPending: "The refund is being processed and will be retried.",
  cancelledRefunded: (amount: string) => `The order is cancelled and ${amount} refunded.`,
  cancelledPending: "The order is cancelled. The refund is being processed and will be retried.",
  cancelledUncaptured: "The order is cancelled. The card was never charged.",
  refundRefused: (failure: string) =>
    `The card processor refused the refund, so nothing was refunded. It answered: ${failure}`,
  cancelledRefundRefused: (failure: string) =>
    `The order is cancelled, but the card processor refused the refund, so nothing was refunded. It answered: ${failure}`,
  problemClosed: "The problem is closed. The artist's money is payable now.",
  refundInProgress:
    "A refund of this order is still being processed. Please wait until it is finished.",
  commissionSaved: (percent: string) =>
    `The commission is now ${percent}%. It applies to new sales only.`,
} as const;

/** A required, trimmed text of at most MAX_ORDER_TEXT characters. */
function orderText(required: string, tooLong: string) {
  return z
    .string({ error: required })
    .max(MAX_ORDER_TEXT, { error: tooLong })
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, { error: required });
}

const reason = orderText(orderMessages.reasonRequired, adminOrderMessages.reasonTooLong);

// ---- The list ----

/** `GET /api/admin/orders?status=&q=&cursor=` */
export const adminOrdersQuerySchema = z.object({
  /** Empty is any state (the page's "Any" choice sends `status=`). */
  status: firstQueryValue(
    z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.enum(ORDER_STATUSES, { error: adminMessages.invalidFilter }).optional(),
    ),
  ),
  /** Title, artist, buyer name or e-mail (any case, any part), or the whole order id. */
  q: adminSearchText.refine((s) => !s?.includes("\u0000"), {
    error: adminMessages.invalidFilter,
  }),
  cursor: firstQueryValue(z.string().max(200, { error: adminMessages.invalidFilter }).optional()),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

export const adminOrderRowSchema = orderWithMoneySchema.extend({
  artistId: z.string(),
  buyerEmail: z.string(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

/** Newest sale first, 50 a page; `counts` are every order's, by state, whatever the filter. */
export const adminOrdersPageSchema = z.object({
  orders: z.array(adminOrderRowSchema),
  next: z.string().nullable(),
  counts: z.record(orderStatusSchema, z.number().int().nonnegative()),
});
export type AdminOrdersPage = z.infer<typeof adminOrdersPageSchema>;

// ---- One order ----

const cents = z.number().int().nonnegative();

export const adminRefundSchema = z.object({
  id: z.string(),
  amount: cents,
  reason: z.string(),
  status: z.enum(["pending", "succeeded", "failed"]),
  /** The move it makes: refund_full, refund_partial, cancel, cannot_fulfil, auto_cancel. */
  move: z.string(),
  requestedByRole: z.enum(["artist", "buyer", "team", "system"]),
  requestedByName: z.string().nullable(),
  providerRefundId: z.string().nullable(),
  failureMessage: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

export const adminPaymentSchema = z.object({
  provider: z.string(),
  providerPaymentId: z.string().nullable(),
  status: z.string(),
  /** What the card was authorized for (the order's total). */
  authorized: cents,
  /** From the ledger: taken, given back, and asked of the processor but not yet given back. */
  captured: cents,
  refunded: cents,
  pendingRefunds: cents,
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

/** `GET /api/admin/orders/:id` */
export const adminOrderDetailSchema = orderDetailSchema.extend({
  artistId: z.string(),
  artistEmail: z.string(),
  purchaserId: z.string(),
  buyerEmail: z.string(),
  payment: adminPaymentSchema,
  refunds: z.array(adminRefundSchema),
  /** What may still be refunded: captured less every refund made or pending. */
  refundable: cents,
  /** The team's moves open now. */
  actions: z.object({ refund: z.boolean(), closeProblem: z.boolean(), cancel: z.boolean() }),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

// ---- Moves ----

/** `POST /api/admin/orders/:id/refund`: without `amount`, everything that is left. */
export const refundBodySchema = z.object({
  amount: z
    .number({ error: adminOrderMessages.wholeCents })
    .refine((n) => Number.isInteger(n), { error: adminOrderMessages.wholeCents })
    .refine((n) => n > 0, { error: orderMessages.refundPositive })
    .refine((n) => Number.isSafeInteger(n), { error: orderMessages.refundPositive })
    .optional(),
  reason,
});
export type RefundBody = z.infer<typeof refundBodySchema>;

/** `POST /api/admin/orders/:id/close-problem` */
export const closeProblemBodySchema = z.object({
  note: orderText(adminOrderMessages.noteRequired, adminOrderMessages.noteTooLong),
});
export type CloseProblemBody = z.infer<typeof closeProblemBodySchema>;

/** `POST /api/admin/orders/:id/cancel` */
export const cancelBodySchema = z.object({ reason });
export type CancelBody = z.infer<typeof cancelBodySchema>;

/** The answer of every move: what happened, and the order as it is now. */
export const adminOrderActionSchema = z.object({
  message: z.string(),
  /** The refund the move asked for; null when none was (closing, an uncaptured cancellation). */
  refund: adminRefundSchema.nullable(),
  order: adminOrderDetailSchema,
});
export type AdminOrderAction = z.infer<typeof adminOrderActionSchema>;

// ---- Settings ----

/** `GET /api/admin/settings` */
export const platformSettingsSchema = z.object({
  /** What a sale made now is charged, in basis points (2000 = 20%). */
  commissionBps: z.number().int().min(0).max(MAX_COMMISSION_BPS),
  /** The server's configured default (COMMISSION_BPS), used until the team sets one. */
  defaultCommissionBps: z.number().int().min(0).max(MAX_COMMISSION_BPS),
  /** Whether the team set it (otherwise it is the default). */
  commissionSetByTeam: z.boolean(),
  /** The return window new sales get, in days after delivery; 0: returns are off (decision 0055). */
  returnWindowDays: z.number().int().min(0).max(MAX_RETURN_WINDOW_DAYS),
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;

/** `PUT /api/admin/settings` */
export const settingsBodySchema = z.object({
  commissionBps: z
    .number({ error: orderMessages.commissionInvalid })
    .int({ error: orderMessages.commissionInvalid })
    .min(0, { error: orderMessages.commissionInvalid })
    .max(MAX_COMMISSION_BPS, { error: orderMessages.commissionInvalid }),
});
export type SettingsBody = z.infer<typeof settingsBodySchema>;

/** `PUT /api/admin/settings/returns` */
export const returnSettingsBodySchema = z.object({
  returnWindowDays: z
    .number({ error: returnMessages.windowInvalid })
    .int({ error: returnMessages.windowInvalid })
    .min(0, { error: returnMessages.windowInvalid })
    .max(MAX_RETURN_WINDOW_DAYS, { error: returnMessages.windowInvalid }),
});
export type ReturnSettingsBody = z.infer<typeof returnSettingsBodySchema>;

export const settingsActionSchema = z.object({
  message: z.string(),
  settings: platformSettingsSchema,
});
export type SettingsAction = z.infer<typeof settingsActionSchema>;
