import {
  type BillingDetails,
  type CheckoutConfig,
  type PaymentStarted,
  type Quote,
  type QuoteRequest,
  type SimulatedCard,
  checkoutConfigSchema,
  quoteSchema,
  simulatedConfirmationSchema,
} from "../../../contracts/checkout.contract";
import { request } from "../../lib/api-client";
import { checkConfirmation } from "./checkout-answers";

/**
 * The calls every card form makes (docs/api.md "Checkout"), whatever it pays for: the
 * processor's configuration, the tax quote, and the simulated processor's card
 * confirmation. Each answer is checked against its contract before use.
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
