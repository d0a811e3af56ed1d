import {
  type CheckoutConfig,
  type PaymentStarted,
  type PurchaseCompleted,
  type Quote,
  checkoutConfigSchema,
  purchaseCompletedSchema,
  quoteSchema,
  simulatedConfirmationSchema,
} from "../../../contracts/checkout.contract";
import { request } from "../../lib/api-client";
import { checkConfirmation, parsePaymentStarted, paymentFailure } from "./checkout-answers";
import type {
  BillingDetails,
  PaymentRequest,
  QuoteRequest,
  SimulatedCard,
} from "../../../contracts/checkout.contract";

/**
 * The checkout endpoints of docs/api.md "Checkout", each answer checked against its
 * contract (contracts/checkout.contract.ts) before use.
 */

export function fetchCheckoutConfig(signal?: AbortSignal): Promise<CheckoutConfig> {
  return request("/api/checkout/config", { signal, schema: checkoutConfigSchema });
}

export function fetchQuote(quote: QuoteRequest, signal?: AbortSignal): Promise<Quote> {
  return request("/api/checkout/quote", {
    method: "POST",
    body: quote,
    signal,
    schema: quoteSchema,
  });
}

/**
 * Confirms the card for a started payment (the simulated processor or Stripe.js);
 * throws a CheckoutError with the processor's message when the card is refused.
 */
export type ConfirmCard = (payment: Pick<PaymentStarted, "clientSecret">) => Promise<void>;

/**
 * The client secret of the last payment this page started for each artwork. Paying
 * again (another card, another state) gives it, so the server lets this buyer take
 * their own hold over; the e-mail or the payment id alone do not (decision 0019).
 */
const lastClientSecrets = new Map<string, string>();

/**
 * SPEC §4 steps 3–4: start the payment (the work is reserved for the buyer), confirm
 * the card, then complete the purchase. Any failure arrives as a CheckoutError with
 * the text to show.
 */
export async function purchase(
  payer: PaymentRequest,
  confirmCard: ConfirmCard,
): Promise<PurchaseCompleted> {
  try {
    const previousClientSecret = lastClientSecrets.get(payer.artworkId);
    const body = previousClientSecret ? { ...payer, previousClientSecret } : payer;
    const payment = parsePaymentStarted(
      await request("/api/checkout/payments", { method: "POST", body }),
    );
    lastClientSecrets.set(payer.artworkId, payment.clientSecret);
    await confirmCard(payment);
    // The secret proves this browser is the payer's (decision 0019).
    const { paymentId, clientSecret } = payment;
    return await request("/api/checkout/complete", {
      method: "POST",
      body: { paymentId, clientSecret },
      schema: purchaseCompletedSchema,
    });
  } catch (error) {
    throw paymentFailure(error);
  }
}

/** The simulated processor's stand-in for Stripe.js confirmCardPayment. */
export function confirmSimulatedCard(card: SimulatedCard, billingDetails: BillingDetails) {
  return async (payment: Pick<PaymentStarted, "clientSecret">): Promise<void> => {
    checkConfirmation(
      await request("/api/checkout/simulated/confirm", {
        method: "POST",
        body: { clientSecret: payment.clientSecret, card, billingDetails },
        schema: simulatedConfirmationSchema,
      }),
    );
  };
}
