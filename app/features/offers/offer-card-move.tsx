import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { checkoutMessages as c } from "../../../domain/checkout";
import { priceText } from "../../../domain/display";
import { offerMessages as m } from "../../../domain/offers";
import type { OfferView } from "../../../contracts/offers.contract";
import { AmountLines } from "../../components/amount-lines";
import { paymentFailure } from "../../components/card-address-form/checkout-answers";
import {
  CardAddressForm,
  useCardPayment,
} from "../../components/card-address-form/card-address-form";
import { type CheckoutFields, emptyFields } from "../../components/card-address-form/checkout-form";
import type { Problem } from "../../components/card-address-form/checkout-problem";
import { cardMove } from "./offer-api";
import { OfferAmountField } from "./offer-amount-field";
import { type CardMove, amountsAt, cardMoveAmount, cardMoveProblem } from "./offer-form";

/** What the offer page gives a buyer's card move, and hears back when it is done. */
export type CardMoveProps = {
  offer: OfferView;
  accessKey: string | null;
  move: CardMove;
  onDone: (message: string) => void;
};

/**
 * The buyer's moves that need their card (decision 0030): accepting the artist's
 * counteroffer, or countering it with a lower amount. Each authorizes the new total
 * on the card (the old hold is released by the server), then makes the move. The
 * total is computed with the server's tax table for the offer's shipping address.
 */
export function OfferCardMove({ offer, accessKey, move, onDone }: CardMoveProps) {
  const headingId = useId();
  const payment = useCardPayment();
  const { config, ready: cardReady } = payment;
  const [fields, setFields] = useState<CheckoutFields & { amount: string }>(() => ({
    ...emptyFields("", offer.buyerName),
    amount: "",
  }));
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<Problem | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  const amount = cardMoveAmount(move, offer.amountCents, fields.amount);
  const amounts = amount.ok ? amountsAt(amount.cents, offer.shippingAddress.state) : null;

  function change(name: keyof CheckoutFields | "amount", value: string) {
    setFields((f) => ({ ...f, [name]: value }));
    if (error?.field === name || (error?.field === "card" && name === "cardNumber")) setError(null);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!config || !cardReady || processing) return;
    const problem = cardMoveProblem({
      move,
      onTable: offer.amountCents,
      fields,
      provider: config.provider,
    });
    if (problem || !amount.ok || !amounts) {
      const message = problem ?? (amount.ok ? m.amountChanged : amount.error);
      const field = amount.ok ? cardFieldOf(message) : null;
      return setError({ message, field });
    }
    const name = fields.cardName.trim();
    const billing = name ? { name } : {};
    const confirm = payment.confirmCard(fields, billing);
    if (!confirm) return;
    setError(null);
    setProcessing(true);
    try {
      const moved = await cardMove({
        offerId: offer.id,
        accessKey,
        move,
        amount: amount.cents,
        expectedTotal: amounts.totalAmount,
        confirmCard: confirm,
      });
      onDone(moved.message ?? (move === "accept" ? m.accepted : m.countered));
    } catch (failure) {
      const shown = paymentFailure(failure);
      setError({ message: shown.message, field: shown.cardRefused ? "card" : null });
      setProcessing(false);
    }
  }

  const title = move === "accept" ? m.acceptCounter : m.counter;
  const amountError =
    move === "counter" && error?.field === null && !amount.ok ? error.message : null;
  const lines = amounts
    ? {
        price: priceText(amounts.preTaxAmount),
        tax: priceText(amounts.taxAmount),
        total: priceText(amounts.totalAmount),
      }
    : { price: "—", tax: "—", total: "—" };

  return (
    <section className="offer-card-move" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      {error ? (
        <p ref={errorRef} className="message message-error" role="alert" tabIndex={-1}>
          {error.message}
        </p>
      ) : null}
      <CardAddressForm
        payment={payment}
        fields={fields}
        onChange={change}
        problem={error}
        locked={processing}
        onSubmit={(event) => void submit(event)}
        lead={
          move === "counter" ? (
            <OfferAmountField
              label={m.counterAmountLabel}
              value={fields.amount}
              error={amountError}
              onChange={(value) => change("amount", value)}
            />
          ) : null
        }
        summary={
          <div className="checkout-summary">
            <AmountLines
              lines={lines}
              priceLabel={move === "accept" ? "Counteroffer" : "Your counteroffer"}
              totalClassName="checkout-total"
              aria-live="polite"
              aria-atomic="true"
            />
          </div>
        }
        status={processing ? c.processingPayment : ""}
      >
        <div className="offer-card-move-actions">
          <button
            type="submit"
            className="button button-primary"
            disabled={!cardReady || processing}
          >
            {processing ? c.processing : title}
          </button>
        </div>
      </CardAddressForm>
    </section>
  );
}

/** The card field a card check's message is about (our own form), else none. */
function cardFieldOf(message: string): Problem["field"] {
  if (message === c.cardNumberInvalid) return "cardNumber";
  if (message === c.cardExpiryInvalid || message === c.cardExpired) return "cardExpiry";
  if (message === c.cardCvcInvalid) return "cardCvc";
  return null;
}
