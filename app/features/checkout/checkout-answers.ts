import { z } from "zod";
import { checkoutMessages as m } from "../../../domain/checkout";
import type {
  CheckoutConfig,
  PaymentStarted,
  PurchaseCompleted,
  Quote,
} from "../../../server/features/checkout/checkout.types";
import { ApiError } from "../../lib/api-client";
import type { TaxError } from "./checkout-form";

/**
 * The checkout API's answers, checked in the browser before they are used: a body of
 * the wrong shape is 'Invalid response from server', a payment without its client
 * secret 'Invalid payment intent response.' (SPEC §8).
 */

/** A failure the buy panel shows as it is (its message is already the right text). */
export class CheckoutError extends Error {
  override name = "CheckoutError";
  constructor(
    message: string,
    /** The work can no longer be bought here (sold, reserved, not for sale, the buyer's own). */
    readonly unavailable = false,
    /** The price changed since the quote: the total must be asked again before paying. */
    readonly requote = false,
    /** The card processor refused the card (declined, incorrect): the card is what to fix. */
    readonly cardRefused = false,
  ) {
    super(message);
  }
}

const cents = z.number().int().nonnegative();
const quoteSchema = z.object({ preTaxAmount: cents, taxAmount: cents, totalAmount: cents });
const provider = z.enum(["simulated", "stripe"]);
const configSchema = z.object({ provider, publishableKey: z.string().min(1).nullable() });
const paymentSchema = quoteSchema.extend({
  paymentId: z.string().min(1),
  provider,
  clientSecret: z.string().min(1),
  reservedUntil: z.string(),
});
const completedSchema = z.object({
  orderId: z.string().min(1),
  artworkId: z.string().min(1),
  accountMessage: z.string().nullable(),
});

function parsed<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw new CheckoutError(m.invalidResponse);
  return result.data;
}

export function parseConfig(body: unknown): CheckoutConfig {
  const config = parsed(configSchema, body);
  if (config.provider === "stripe" && !config.publishableKey)
    throw new CheckoutError(m.invalidResponse);
  return config;
}

export function parseQuote(body: unknown): Quote {
  return parsed(quoteSchema, body);
}

export function parsePaymentStarted(body: unknown): PaymentStarted {
  const secret = (body as { clientSecret?: unknown } | null)?.clientSecret;
  const isObject = typeof body === "object" && body !== null;
  if (isObject && (typeof secret !== "string" || secret === ""))
    throw new CheckoutError(m.invalidPaymentIntent);
  return parsed(paymentSchema, body);
}

/** The simulated processor answers like Stripe.js: an authorized card `requires_capture`. */
export function parseConfirmation(body: unknown): void {
  const { status } = parsed(z.object({ status: z.string() }), body);
  if (status !== "requires_capture" && status !== "succeeded")
    throw new CheckoutError(m.paymentFailed);
}

export function parseCompleted(body: unknown): PurchaseCompleted {
  return parsed(completedSchema, body);
}

/**
 * SPEC §8 payment failure: the server's or the processor's message when it has one
 * for the buyer (a declined card, a sold work, a field to fix), otherwise 'Failed to
 * process payment. Please try again.'. A 409 means the work cannot be bought now,
 * except a changed price: then the new total is quoted and the buyer may pay again.
 */
export function paymentFailure(error: unknown): CheckoutError {
  if (error instanceof CheckoutError) return error;
  if (error instanceof ApiError && error.code === "PRICE_CHANGED")
    return new CheckoutError(error.message, false, true);
  if (error instanceof ApiError && error.code === "PAYMENT_FAILED" && error.message)
    return new CheckoutError(error.message, false, false, true);
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message)
    return new CheckoutError(error.message, error.status === 409);
  return new CheckoutError(m.paymentFailed);
}

/**
 * SPEC §8 tax failure: 'Failed to calculate tax. …', with the server's reason when it
 * names what to fix (an unknown state); a work that cannot be bought says so instead.
 */
export function taxFailure(error: unknown): TaxError {
  if (error instanceof ApiError && error.status === 409)
    return { message: error.message, detail: null, unavailable: true };
  const detail =
    error instanceof ApiError && error.status === 400 && error.message !== m.taxFailed
      ? error.message
      : null;
  return { message: m.taxFailed, detail, unavailable: false };
}
