import type { FormEvent, ReactNode } from "react";
import type { BillingDetails } from "../../../contracts/checkout.contract";
import { ShippingFields, type FieldChange } from "./checkout-fields";
import type { FieldProblems } from "./checkout-field-checks";
import { type CheckoutFields, simulatedCard } from "./checkout-form";
import { CheckoutPayment } from "./checkout-payment";
import type { Problem } from "./checkout-problem";
import { type ConfirmCard, confirmSimulatedCard } from "./payment-api";
import { useCheckoutConfig } from "./use-checkout-config";
import { useStripeCard } from "./use-stripe-card";

/**
 * The card processor this server uses, for a form that takes a card: its configuration,
 * Stripe's card Element when it is Stripe, whether the card form can be used yet, and
 * how to confirm the card typed.
 */
export function useCardPayment() {
  const configState = useCheckoutConfig();
  const config = configState.status === "ready" ? configState.config : null;
  const stripeCard = useStripeCard(config?.provider === "stripe" ? config.publishableKey : null);
  const ready =
    config?.provider === "simulated" ||
    (config?.provider === "stripe" && stripeCard.state.status === "ready");

  /** The card's confirmation, or null when our own form's card cannot be read. */
  function confirmCard(fields: CheckoutFields, billing: BillingDetails): ConfirmCard | null {
    if (config?.provider === "stripe") return stripeCard.confirmWith(billing);
    const card = simulatedCard(fields);
    return card && confirmSimulatedCard(card, billing);
  }

  return { configState, config, stripeCard, ready, confirmCard };
}

export type CardPayment = ReturnType<typeof useCardPayment>;

/**
 * The body the buy panel, the offer panel and a buyer's card move on an offer share:
 * what the form asks first (an offer's amount), the shipping address and e-mail when
 * the form needs one, the amounts, the card; then the processing line and the
 * buttons. The parent keeps the fields, the checks and the shown problem, and decides
 * what submitting does; every field says what is wrong with it the same way in all
 * three.
 */
export function CardAddressForm({
  payment,
  fields,
  onChange,
  problem,
  checks,
  address,
  locked,
  onSubmit,
  lead,
  summary,
  status,
  children,
}: {
  payment: CardPayment;
  fields: CheckoutFields;
  onChange: FieldChange;
  problem: Problem | null;
  /** Each field's own check as shown now (useFieldChecks), and who hears a field was left. */
  checks?: { shown: FieldProblems; leave: (name: keyof CheckoutFields) => void };
  /** Asks for the shipping address and e-mail; `emailHint` says what the e-mail is for. */
  address?: { signedIn: boolean; emailHint?: string };
  /** Nothing can be changed (while paying, or once the work is sold). */
  locked: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The fields before the address (an offer's amount and note). */
  lead?: ReactNode;
  /** The amounts: price, tax, total. */
  summary: ReactNode;
  /** The processing line, announced as it changes ("" when idle). */
  status: string;
  /** What follows the processing line: the buttons. */
  children: ReactNode;
}) {
  const fieldProps = {
    fields,
    onChange,
    problem,
    checks: checks?.shown,
    onLeave: checks?.leave,
  };
  return (
    <form className="checkout-form" noValidate onSubmit={onSubmit}>
      <fieldset className="checkout-fieldset" disabled={locked}>
        {lead}
        {address ? (
          <ShippingFields
            {...fieldProps}
            signedIn={address.signedIn}
            emailHint={address.emailHint}
          />
        ) : null}
        {summary}
        <CheckoutPayment
          {...fieldProps}
          configState={payment.configState}
          stripeCard={payment.stripeCard}
        />
      </fieldset>
      <p className="checkout-processing" role="status">
        {status}
      </p>
      {children}
    </form>
  );
}
