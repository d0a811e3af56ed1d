import {
  type PaymentStarted,
  type SimulatedConfirmation,
  paymentStartedSchema,
} from "../../../contracts/checkout.contract";
import { checkoutMessages as m } from "../../../domain/checkout";
import { ApiError } from "../../lib/api-client";
import type { TaxError } from "./checkout-form";

/**
 * What the buy panel makes of the checkout API's answers and failures (SPEC §8). The
 * answers' shapes are the contract's (contracts/checkout.contract.ts), checked by
 * request(); a body of the wrong shape is 'Invalid response from server'.
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

/**
 * SPEC §8 names its own text for a payment answer without its client secret, 'Invalid
 * payment intent response.', so this answer is read here rather than by request()'s
 * schema (which can only say 'Invalid response from server').
 */
export function parsePaymentStarted(body: unknown): PaymentStarted {
  const secret = (body as { clientSecret?: unknown } | null)?.clientSecret;
  const isObject = typeof body === "object" && body !== null;
  if (isObject && (typeof secret !== "string" || secret === ""))
    throw new CheckoutError(m.invalidPaymentIntent);
  const parsed = paymentStartedSchema.safeParse(body);
  if (!parsed.success) throw new CheckoutError(m.invalidResponse);
  return parsed.data;
}

/** The simulated processor answers like Stripe.js: an authorized card `requires_capture`. */
export function checkConfirmation({ status }: SimulatedConfirmation): void {
  if (status !== "requires_capture" && status !== "succeeded")
    throw new CheckoutError(m.paymentFailed);
}

/**
 * SPEC §8 payment failure: the server's or the processor's message when it has one
 * for the buyer (a declined card, a sold work, a field to fix), otherwise 'Failed to
 * process payment. Please try again.'. A 409 means the work cannot be bought now,
 * except a changed price: then the new total is quoted and the buyer may pay again.
 */
export function paymentFailure(error: unknown): CheckoutError {
  if (error instanceof CheckoutError) return error;
  if (error instanceof ApiError && error.code === "INVALID_RESPONSE")
    return new CheckoutError(m.invalidResponse);
  if (error instanceof ApiError && error.code === "PRICE_CHANGED")
    return new CheckoutError(error.message, false, true);
  if (error instanceof ApiError && error.code === "PAYMENT_FAILED" && error.message)
    return new CheckoutError(error.message, false, false, true);
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message)
    return new CheckoutError(error.message, error.status === 409);
  return new CheckoutError(m.paymentFailed);
}

/** A refusal saying someone else bought the work (with or without "not charged" after it). */
export function isSoldMessage(message: string | null | undefined): boolean {
  return message?.startsWith(m.artworkSold) === true;
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
