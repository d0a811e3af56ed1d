import type { ShippingAddress } from "../../../domain/checkout";
import type {
  CheckoutConfig,
  PaymentStarted,
  PurchaseCompleted,
  Quote,
} from "../../../server/features/checkout/checkout.types";
import { apiGet, apiPost } from "../../lib/api-client";
import {
  parseCompleted,
  parseConfig,
  parseConfirmation,
  parsePaymentStarted,
  parseQuote,
  paymentFailure,
} from "./checkout-answers";
import type { QuoteRequest, SimulatedCard } from "./checkout-form";

/** The checkout endpoints of docs/api.md "Checkout", each answer checked before use. */

export async function fetchCheckoutConfig(signal?: AbortSignal): Promise<CheckoutConfig> {
  return parseConfig(await apiGet<unknown>("/api/checkout/config", { signal }));
}

export async function fetchQuote(request: QuoteRequest, signal?: AbortSignal): Promise<Quote> {
  return parseQuote(await apiPost("/api/checkout/quote", request, { signal }));
}

export type PaymentRequest = {
  artworkId: string;
  email: string;
  name?: string;
  shippingAddress: ShippingAddress;
};
export type BillingDetails = { name: string; email: string };

/**
 * Confirms the card for a started payment (the simulated processor or Stripe.js);
 * throws a CheckoutError with the processor's message when the card is refused.
 */
export type ConfirmCard = (payment: PaymentStarted) => Promise<void>;

/**
 * SPEC §4 steps 3–4: start the payment (the work is reserved for the buyer), confirm
 * the card, then complete the purchase. Any failure arrives as a CheckoutError with
 * the text to show.
 */
export async function purchase(
  request: PaymentRequest,
  confirmCard: ConfirmCard,
): Promise<PurchaseCompleted> {
  try {
    const payment = parsePaymentStarted(await apiPost("/api/checkout/payments", request));
    await confirmCard(payment);
    return parseCompleted(
      await apiPost("/api/checkout/complete", { paymentId: payment.paymentId }),
    );
  } catch (error) {
    throw paymentFailure(error);
  }
}

/** The simulated processor's stand-in for Stripe.js confirmCardPayment. */
export function confirmSimulatedCard(card: SimulatedCard, billingDetails: BillingDetails) {
  return async (payment: PaymentStarted): Promise<void> => {
    parseConfirmation(
      await apiPost("/api/checkout/simulated/confirm", {
        clientSecret: payment.clientSecret,
        card,
        billingDetails,
      }),
    );
  };
}
