import type { RefObject } from "react";
import { CardNameField, type FieldChange, SimulatedCardFields } from "./checkout-fields";
import type { FieldProblems } from "./checkout-field-checks";
import type { CheckoutFields } from "./checkout-form";
import type { Problem } from "./checkout-problem";
import type { ConfigState } from "./use-checkout-config";
import type { StripeCardState } from "./use-stripe-card";

export const paymentTexts = {
  loading: "Loading the payment form...",
  configFailed: "The payment form could not be loaded. Please try again later.",
  stripeFailed:
    "The card form could not be loaded. Please check your connection and try again later.",
} as const;

/**
 * The card part of the buy panel: our own card form with the simulated processor, or
 * Stripe's card Element (an iframe from Stripe) when the server uses Stripe.
 */
export function CheckoutPayment({
  configState,
  fields,
  onChange,
  problem,
  checks,
  onLeave,
  stripeCard,
}: {
  configState: ConfigState;
  fields: CheckoutFields;
  onChange: FieldChange;
  problem: Problem | null;
  /** Each card field's own check as shown now (useFieldChecks), and who hears a field was left. */
  checks?: FieldProblems;
  onLeave?: (name: keyof CheckoutFields) => void;
  stripeCard: { mountRef: RefObject<HTMLDivElement | null>; state: StripeCardState };
}) {
  if (configState.status === "loading")
    return (
      <p className="status-text" role="status">
        {paymentTexts.loading}
      </p>
    );
  if (configState.status === "failed")
    return (
      <p className="message message-error" role="alert">
        {paymentTexts.configFailed}
      </p>
    );
  const stripe = configState.config.provider === "stripe";
  // A refused card is about the card number in our own form, about Stripe's Element in Stripe's.
  const shown =
    problem?.field === "card" && !stripe ? { ...problem, field: "cardNumber" as const } : problem;
  const props = { fields, onChange, problem: shown, checks, onLeave };
  return (
    <fieldset className="checkout-section">
      <legend>Card</legend>
      <CardNameField {...props} />
      {stripe ? (
        <StripeCard {...stripeCard} refused={shown?.field === "card" ? shown.message : null} />
      ) : (
        <SimulatedCardFields {...props} />
      )}
    </fieldset>
  );
}

function StripeCard({
  mountRef,
  state,
  refused,
}: {
  mountRef: RefObject<HTMLDivElement | null>;
  state: StripeCardState;
  refused: string | null;
}) {
  return (
    <div className="field">
      <span>Card details</span>
      <div ref={mountRef} className="checkout-stripe-card" />
      {state.status === "loading" ? <small role="status">{paymentTexts.loading}</small> : null}
      {state.status === "failed" ? (
        <p className="message message-error" role="alert">
          {paymentTexts.stripeFailed}
        </p>
      ) : null}
      {state.cardError ? (
        <p className="message message-error" role="alert">
          {state.cardError}
        </p>
      ) : null}
      {refused && refused !== state.cardError ? (
        <small className="field-error">{refused}</small>
      ) : null}
    </div>
  );
}
