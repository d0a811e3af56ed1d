import { z } from "zod";
import { checkoutMessages as m } from "../domain/checkout";
import { isUuid } from "../domain/ids";
import { ORDER_STATUSES } from "../domain/orders";
import { MAX_EMAIL_LENGTH } from "../domain/text-input";

/**
 * The checkout endpoints (docs/api.md "Checkout"): what the buy panel sends and what the
 * server answers. All amounts are integer USD cents.
 */

// ---- Requests ----

const text = z.string().max(200).default("");

/** A shipping address as the buy panel sends it; a missing field counts as empty. */
export const shippingAddressBodySchema = z.object(
  { line1: text, city: text, state: text, postal_code: text },
  { error: m.fillShipping },
);

/** An id in a body: the one UUID check (domain/ids.ts), with the text to answer when it is not one. */
function uuid(message: string) {
  return z
    .string({ error: message })
    .refine(isUuid, { error: message })
    .transform((id) => id.toLowerCase());
}

const artworkId = uuid("Artwork not found");

/** `POST /api/checkout/quote`. */
export const quoteBodySchema = z.object({
  artworkId,
  email: z.string().max(MAX_EMAIL_LENGTH).default(""),
  shippingAddress: shippingAddressBodySchema,
});
export type QuoteBody = z.output<typeof quoteBodySchema>;
/** What the browser sends (before the schema's defaults). */
export type QuoteRequest = z.input<typeof quoteBodySchema>;

/** `POST /api/checkout/payments`. */
export const paymentBodySchema = quoteBodySchema.extend({
  name: z.string().max(200).optional(),
  /** The total in cents the buyer was shown (the quote's totalAmount). */
  expectedTotal: z
    .number({ error: "The total you were shown is missing. Please reload the page and try again." })
    .int()
    .nonnegative(),
  /**
   * The client secret of the payment this browser started last for the work: a guest
   * who holds the work takes the hold over with it (decision 0019).
   */
  previousClientSecret: z.string().max(300).optional(),
});
export type PaymentBody = z.output<typeof paymentBodySchema>;
export type PaymentRequest = z.input<typeof paymentBodySchema>;

/**
 * `POST /api/checkout/complete`: the payment and its client secret, which only the payer's
 * browser was given (decision 0019).
 */
export const completeBodySchema = z.object({
  paymentId: uuid("Payment not found."),
  clientSecret: z.string({ error: "Payment not found." }).min(1, "Payment not found.").max(300),
});

/** `POST /api/checkout/simulated/confirm`: the simulated processor's confirmCardPayment. */
export const simulatedConfirmBodySchema = z.object({
  clientSecret: z.string().min(1).max(200),
  card: z.object({
    number: z.string().max(40),
    expMonth: z.coerce.number().int(),
    expYear: z.coerce.number().int(),
    cvc: z.string().max(10),
  }),
  billingDetails: z
    .object({
      name: z.string().max(200).optional(),
      email: z.string().max(MAX_EMAIL_LENGTH).optional(),
    })
    .optional(),
});
export type SimulatedConfirmBody = z.output<typeof simulatedConfirmBodySchema>;
/** The card as the simulated processor takes it (Stripe's field names). */
export type SimulatedCard = SimulatedConfirmBody["card"];
export type BillingDetails = NonNullable<SimulatedConfirmBody["billingDetails"]>;

// ---- Answers ----

/** A shipping address as it is stored and sent back (a saved address, an order's). */
export const shippingAddressSchema = z.object({
  line1: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
});

const cents = z.number().int().nonnegative();

export const paymentProviderNameSchema = z.enum(["simulated", "stripe"]);
export type PaymentProviderName = z.infer<typeof paymentProviderNameSchema>;

/** `GET /api/checkout/config`: a Stripe server always names its publishable key. */
export const checkoutConfigSchema = z
  .object({
    provider: paymentProviderNameSchema,
    publishableKey: z.string().min(1).nullable(),
  })
  .refine((config) => config.provider !== "stripe" || config.publishableKey !== null);
export type CheckoutConfig = z.infer<typeof checkoutConfigSchema>;

/** `POST /api/checkout/quote`. */
export const quoteSchema = z.object({ preTaxAmount: cents, taxAmount: cents, totalAmount: cents });
export type Quote = z.infer<typeof quoteSchema>;

/** `POST /api/checkout/payments` (201): the work is held until `reservedUntil` (ISO time). */
export const paymentStartedSchema = quoteSchema.extend({
  paymentId: z.string().min(1),
  provider: paymentProviderNameSchema,
  clientSecret: z.string().min(1),
  reservedUntil: z.string(),
});
export type PaymentStarted = z.infer<typeof paymentStartedSchema>;

/**
 * `POST /api/checkout/simulated/confirm`: a status as Stripe.js names a PaymentIntent's
 * (the simulated processor answers `requires_capture`; the browser decides what others mean).
 */
export const simulatedConfirmationSchema = z.object({ status: z.string() });
export type SimulatedConfirmation = z.infer<typeof simulatedConfirmationSchema>;

/** `POST /api/checkout/complete`: the order, and what a guest is told about their account. */
export const purchaseCompletedSchema = z.object({
  orderId: z.string().min(1),
  artworkId: z.string().min(1),
  accountMessage: z.string().nullable(),
  /**
   * To the payer of a guest purchase that made an account: the page that sets its
   * password once and opens the purchase history; null otherwise or once used or expired.
   */
  setPasswordPath: z.string().nullable(),
});
export type PurchaseCompleted = z.infer<typeof purchaseCompletedSchema>;

/** `POST /api/webhooks/stripe`: received, and whether the event id was seen before. */
export const webhookReceivedSchema = z.object({
  received: z.literal(true),
  duplicate: z.boolean(),
});
export type WebhookReceived = z.infer<typeof webhookReceivedSchema>;

/** One entry of the purchase history, copied from the order when it was made. */
export const purchaseSchema = z.object({
  id: z.string(),
  artworkId: z.string(),
  title: z.string(),
  imageThumbnail: z.string().nullable(),
  imageOriginal: z.string().nullable(),
  artistName: z.string(),
  price: cents,
  preTaxAmount: cents,
  taxAmount: cents,
  totalAmount: cents,
  /** ISO time of the purchase. */
  timestamp: z.string(),
  // Where the order is now (decision 0029): an addition to the SPEC's fields, which stay as
  // the SPEC has them.
  status: z.enum(ORDER_STATUSES),
  /** ISO time the artist marked it shipped, or null. */
  shippedAt: z.string().nullable(),
  /** Null with a shippedAt: handed over at pick-up. */
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

/** `GET /api/me/purchases`, newest first. */
export const purchasesSchema = z.object({ purchases: z.array(purchaseSchema) });
