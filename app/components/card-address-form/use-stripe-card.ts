import type { Stripe, StripeCardElement } from "@stripe/stripe-js";
import { useEffect, useRef, useState } from "react";
import { checkoutMessages as m } from "../../../domain/checkout";
import { CheckoutError } from "./checkout-answers";
import type { BillingDetails } from "../../../contracts/checkout.contract";
import type { ConfirmCard } from "./payment-api";

export type StripeCardState = {
  status: "loading" | "ready" | "failed";
  /** Stripe's own message about what is typed (an incomplete or invalid number). */
  cardError: string | null;
};

/**
 * Stripe mode (SPEC §7: the provider's script is loaded on the checkout): Stripe.js is
 * fetched only when the buy panel opens with a Stripe key (the `pure` entry does not
 * add the script on import), and its card Element is mounted into `mountRef`. The card
 * number never touches our page or server. `confirmWith` confirms a started payment
 * with the billing name and e-mail, as `stripe.confirmCardPayment` does.
 */
export function useStripeCard(publishableKey: string | null) {
  const mountRef = useRef<HTMLDivElement>(null);
  const loaded = useRef<{ stripe: Stripe; card: StripeCardElement } | null>(null);
  const [state, setState] = useState<StripeCardState>({ status: "loading", cardError: null });

  useEffect(() => {
    if (!publishableKey) return;
    let cancelled = false;
    let card: StripeCardElement | null = null;
    async function load(key: string) {
      const { loadStripe } = await import("@stripe/stripe-js/pure");
      const stripe = await loadStripe(key);
      if (cancelled) return;
      if (!stripe || !mountRef.current) throw new Error("Stripe.js did not load");
      card = stripe.elements().create("card", {
        style: { base: { fontSize: "16px", color: "#1f1d1a" } },
      });
      card.mount(mountRef.current);
      card.on("change", (event) => {
        setState((s) => ({ ...s, cardError: event.error?.message ?? null }));
      });
      loaded.current = { stripe, card };
      setState({ status: "ready", cardError: null });
    }
    load(publishableKey).catch((error: unknown) => {
      if (cancelled) return;
      console.warn("Stripe.js failed to load", error);
      setState({ status: "failed", cardError: null });
    });
    return () => {
      cancelled = true;
      card?.destroy();
      loaded.current = null;
    };
  }, [publishableKey]);

  function confirmWith(billingDetails: BillingDetails): ConfirmCard {
    return async (payment) => {
      const current = loaded.current;
      if (!current) throw new CheckoutError(m.paymentFailed);
      const result = await current.stripe.confirmCardPayment(payment.clientSecret, {
        payment_method: { card: current.card, billing_details: billingDetails },
      });
      if (result.error)
        throw new CheckoutError(result.error.message ?? m.paymentFailed, false, false, true);
    };
  }

  return { mountRef, state, confirmWith };
}
