import { z } from "zod";
import { isUuid } from "../domain/ids";
import { ORDER_STATUSES } from "../domain/orders";
import {
  MAX_RETURN_PHOTOS,
  MAX_RETURN_REASON,
  MAX_RETURN_TEXT,
  returnMessages as m,
} from "../domain/returns";

/**
 * Returns (decision 0055; docs/api.md "Orders" → "Returns"): the buyer asks, the artist
 * (or the team after 3 days) decides, the buyer sends the work back, its arrival refunds
 * the buyer. Every answer is the order's return state, as each party may see it.
 */

/** A required text, trimmed, at most `max` characters. */
function requiredText(required: string, tooLong: string, max: number) {
  return z
    .string({ error: required })
    .max(max * 2, tooLong)
    .transform((v) => v.trim())
    .pipe(z.string().min(1, required).max(max, tooLong));
}

/** `POST /api/me/purchases/:orderId/return` */
export const requestReturnBodySchema = z.object({
  reason: requiredText(m.reasonRequired, m.reasonTooLong, MAX_RETURN_REASON),
  photoIds: z
    .array(z.string(), { error: m.photoNotFound })
    .max(MAX_RETURN_PHOTOS, m.tooManyPhotos)
    .default([])
    .transform((ids, ctx) => {
      if (ids.some((id) => !isUuid(id))) {
        ctx.addIssue({ code: "custom", message: m.photoNotFound });
        return z.NEVER;
      }
      return [...new Set(ids.map((id) => id.toLowerCase()))];
    }),
});
export type RequestReturnBody = z.output<typeof requestReturnBodySchema>;
export type RequestReturnRequest = z.input<typeof requestReturnBodySchema>;

export const returnAddressMessages = {
  required: "Please enter the address the work should be sent back to.",
  tooLong: "The address is too long (at most 500 characters).",
} as const;

/** `POST /api/me/sales/:orderId/return/accept` and `POST /api/admin/orders/:id/return/accept` */
export const acceptReturnBodySchema = z.object({
  returnAddress: requiredText(returnAddressMessages.required, returnAddressMessages.tooLong, 500),
});
export type AcceptReturnBody = z.output<typeof acceptReturnBodySchema>;

/** `POST /api/admin/orders/:id/return/refuse` */
export const refuseReturnBodySchema = z.object({
  reason: requiredText(m.refusalReasonRequired, m.reasonTooLong, MAX_RETURN_REASON),
});
export type RefuseReturnBody = z.output<typeof refuseReturnBodySchema>;

export const returnShipmentMessages = {
  carrierRequired: "Please enter the carrier.",
  trackingRequired: "Please enter the tracking number.",
} as const;

/** `POST /api/me/purchases/:orderId/return/shipment` */
export const returnShipmentBodySchema = z.object({
  carrier: requiredText(returnShipmentMessages.carrierRequired, m.textTooLong, MAX_RETURN_TEXT),
  trackingNumber: requiredText(
    returnShipmentMessages.trackingRequired,
    m.textTooLong,
    MAX_RETURN_TEXT,
  ),
});
export type ReturnShipmentBody = z.output<typeof returnShipmentBodySchema>;

/** A photo of a return (the image pipeline's three sizes). `POST /api/me/purchases/returns/photos` answers one. */
export const returnPhotoSchema = z.object({
  id: z.string(),
  thumbnail: z.string(),
  medium: z.string(),
  original: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ReturnPhoto = z.infer<typeof returnPhotoSchema>;

/** The return itself, once asked for. */
export const returnViewSchema = z.object({
  reason: z.string(),
  photos: z.array(returnPhotoSchema),
  requestedAt: z.string(),
  /** When the team may decide (the artist's 3 days are over). */
  teamMayDecideFrom: z.string(),
  escalatedAt: z.string().nullable(),
  decision: z.enum(["accepted", "refused"]).nullable(),
  decidedByRole: z.enum(["artist", "buyer", "team", "system"]).nullable(),
  decidedAt: z.string().nullable(),
  refusalReason: z.string().nullable(),
  returnAddress: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  shippedAt: z.string().nullable(),
  arrivedAt: z.string().nullable(),
  arrivalDeemed: z.boolean(),
  /** When it is deemed arrived if nobody confirms it (14 days after shipping). */
  deemedArrivalAt: z.string().nullable(),
  /** After an acceptance: the buyer must send it back by then, or the return lapses. */
  shipBy: z.string().nullable(),
  /** When it lapsed: not sent back within 14 days of the acceptance. */
  lapsedAt: z.string().nullable(),
});
export type ReturnView = z.infer<typeof returnViewSchema>;

/** `GET /api/me/purchases/:orderId/return` (and the artist's and the team's): the whole state. */
export const orderReturnStateSchema = z.object({
  orderId: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** The window the work was sold with, in days after delivery; 0: no returns. */
  returnWindowDays: z.number().int(),
  /** When the window ends (null: not delivered yet, or no returns). */
  windowEndsAt: z.string().nullable(),
  /** Why the buyer may not ask for a return now (null: they may). */
  requestRefusal: z.string().nullable(),
  return: returnViewSchema.nullable(),
  /** The moves the viewer may make now. */
  mayRequest: z.boolean(),
  mayAccept: z.boolean(),
  mayRefuse: z.boolean(),
  mayShip: z.boolean(),
  mayConfirmArrival: z.boolean(),
  /** The artist's saved address, to offer as the return address when accepting. */
  suggestedReturnAddress: z.string().nullable(),
});
export type OrderReturnState = z.infer<typeof orderReturnStateSchema>;

/** `GET /api/return-window`: the window new sales get, for the artwork page and the buy panel. */
export const returnWindowSchema = z.object({ returnWindowDays: z.number().int() });
export type ReturnWindow = z.infer<typeof returnWindowSchema>;
