import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { checkoutMessages as c } from "../../../domain/checkout";
import { priceText } from "../../../domain/display";
import { MAX_OFFER_NOTE_LENGTH, offerMessages as m } from "../../../domain/offers";
import type { ArtworkDetail } from "../../../contracts/artworks.contract";
import { useSessionUser } from "../../lib/session-user";
import { type OfferPageState, offerPageLink } from "../../lib/offer-page-state";
import { paymentFailure } from "../../components/card-address-form/checkout-answers";
import {
  CardAddressForm,
  useCardPayment,
} from "../../components/card-address-form/card-address-form";
import { fieldProblems } from "../../components/card-address-form/checkout-field-checks";
import {
  emptyFields,
  paymentProblemOf,
  shippingAddress,
} from "../../components/card-address-form/checkout-form";
import { type Problem, problemField } from "../../components/card-address-form/checkout-problem";
import { CheckoutActions } from "../../components/card-address-form/checkout-actions";
import { CheckoutPanel } from "../../components/card-address-form/checkout-panel";
import { CheckoutSummary } from "../../components/card-address-form/checkout-summary";
import { fetchOfferQuote, makeOffer } from "./offer-api";
import { OfferAmountField } from "./offer-amount-field";
import {
  type OfferFields,
  offerProblemField,
  offerProblemText,
  offerQuoteRequest,
  offerSubmitProblem,
  offeredCents,
  typedAmountProblem,
} from "./offer-form";
import { useFieldChecks } from "../../components/card-address-form/use-field-checks";
import { useTaxQuote } from "../../components/card-address-form/use-tax-quote";

type OfferProblem = { message: string; field: Problem["field"] | "amount" | "note" };

/**
 * Issue 15: the offer panel, like the buy panel (SPEC §2): the amount in whole dollars,
 * an optional note, the shipping address and e-mail, tax and total on the offered
 * amount, the card, Send Offer. The card is authorized for the total, not charged; on
 * success the buyer goes to the offer's page. An offer below the artist's hidden
 * minimum is declined at once: the panel says so and stays.
 */
export function OfferDialog({
  artwork,
  artistName,
  onClose,
}: {
  artwork: ArtworkDetail;
  artistName: string;
  onClose: () => void;
}) {
  const noteId = useId();
  const noteErrorId = useId();
  const user = useSessionUser();
  const navigate = useNavigate();
  const payment = useCardPayment();
  const { configState, config } = payment;
  const [fields, setFields] = useState<OfferFields>(() => ({
    ...emptyFields(user?.email ?? "", user?.displayName ?? "", user?.shippingAddress ?? null),
    amount: "",
    note: "",
  }));
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<(OfferProblem & { unavailable: boolean }) | null>(null);
  const [declined, setDeclined] = useState<string | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const price = artwork.isForSale ? artwork.price : null;
  // No quote for an amount at or above the price: that is Buy Now, and Send Offer waits.
  const quoteable = typedAmountProblem(fields.amount, price) === null;
  const quote = useTaxQuote(
    quoteable ? offerQuoteRequest(artwork.id, fields) : null,
    fetchOfferQuote,
  );
  const signedIn = user !== null;
  // The buy panel's own field checks, beside each field once it has been left.
  const checks = useFieldChecks(
    fieldProblems({ fields, signedIn, provider: config?.provider ?? null }),
  );

  useEffect(() => {
    if (error || declined) errorRef.current?.focus();
  }, [error, declined]);

  function change(name: keyof OfferFields, value: string) {
    setFields((f) => ({ ...f, [name]: value }));
    setDeclined(null);
    const about = error?.field === "card" ? "cardNumber" : error?.field;
    if (about === name) setError(null);
  }

  function show(said: string, unavailable = false, cardRefused = false) {
    const message = offerProblemText(said, signedIn);
    const field = offerProblemField(message) ?? problemField(message, fields, cardRefused);
    setError({ message, unavailable, field });
  }

  // Send Offer waits for the card form and a quote being fetched, not for the fields:
  // pressed with one missing, it says which (an empty amount included).
  const sendEnabled = payment.ready && !processing && !quote.pending;

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!config || !sendEnabled) return;
    const problem = offerSubmitProblem({ fields, price, signedIn, provider: config.provider });
    // The amount and the note come first; past them every field says what it lacks.
    if (problem === null || offerProblemField(problem) === null) checks.submitted();
    if (problem) return show(problem);
    const expectedTotal = quote.quote?.totalAmount;
    const amount = offeredCents(fields.amount);
    // No total to authorize yet (the summary says why: a quote failed, or is on its way).
    if (expectedTotal === undefined || amount === null) return;
    setError(null);
    setDeclined(null);
    const email = fields.email.trim();
    const billing = { name: fields.cardName.trim(), email };
    const confirm = payment.confirmCard(fields, billing);
    if (!confirm) return;
    setProcessing(true);
    try {
      const { made, declinedAtOnce, message } = await makeOffer(
        {
          artworkId: artwork.id,
          amount,
          note: fields.note.trim(),
          email,
          ...(billing.name ? { name: billing.name } : {}),
          shippingAddress: shippingAddress(fields),
          expectedTotal,
        },
        confirm,
      );
      if (declinedAtOnce) {
        setDeclined(message ?? m.belowMinimum);
        setProcessing(false);
        return;
      }
      const state: OfferPageState = {
        accountMessage: made.accountMessage,
        message: message ?? m.offerSent,
      };
      await navigate(offerPageLink(made.offer.id, made.accessKey), { state });
    } catch (failure) {
      const shown = paymentFailure(failure);
      show(shown.message, shown.unavailable, shown.cardRefused);
      setProcessing(false);
      if (shown.requote) quote.retry();
    }
  }

  const unavailable =
    configState.status === "failed" ||
    error?.unavailable === true ||
    quote.error?.unavailable === true;
  const amountError =
    error?.field === "amount" ? error.message : typedAmountProblem(fields.amount, price);
  const noteError = error?.field === "note" ? error.message : null;
  const shownProblem: Problem | null =
    error && error.field !== "amount" && error.field !== "note"
      ? { message: error.message, field: error.field }
      : null;

  return (
    <CheckoutPanel
      className="buy-panel checkout-dialog offer-dialog"
      title={m.offerPanelTitle}
      message={error || declined ? (declined ?? error?.message ?? null) : null}
      messageRef={errorRef}
      artwork={artwork}
      artistName={artistName}
      price={price !== null ? priceText(price) : undefined}
      processing={processing}
      onClose={onClose}
    >
      <CardAddressForm
        payment={payment}
        fields={fields}
        onChange={change}
        problem={shownProblem}
        checks={checks}
        address={{
          signedIn,
          emailHint: signedIn ? m.offerEmailHintSignedIn : m.offerEmailHint,
        }}
        locked={processing}
        onSubmit={(event) => void send(event)}
        lead={
          <fieldset className="checkout-section">
            <legend>Your offer</legend>
            <OfferAmountField
              label={m.offerAmountLabel}
              hint={m.offerAmountHint}
              value={fields.amount}
              error={amountError}
              onChange={(value) => change("amount", value)}
            />
            <div className="field">
              <label htmlFor={noteId}>{m.noteLabel}</label>
              <textarea
                id={noteId}
                name="note"
                rows={3}
                maxLength={MAX_OFFER_NOTE_LENGTH}
                value={fields.note}
                aria-invalid={noteError ? true : undefined}
                aria-describedby={noteError ? noteErrorId : undefined}
                onChange={(event) => change("note", event.currentTarget.value)}
              />
              {noteError ? (
                <small id={noteErrorId} className="field-error">
                  {noteError}
                </small>
              ) : null}
            </div>
          </fieldset>
        }
        summary={
          <CheckoutSummary
            price={offeredCents(fields.amount)}
            priceLabel="Your offer"
            waiting={m.taxOnOffer}
            view={quote}
            missing={paymentProblemOf(fields, signedIn)}
            onRetry={quote.retry}
          />
        }
        status={processing ? m.sendingOffer : ""}
      >
        <CheckoutActions unavailable={unavailable} processing={processing} onCancel={onClose}>
          <button type="submit" className="button button-primary" disabled={!sendEnabled}>
            {processing ? c.processing : m.sendOffer}
          </button>
        </CheckoutActions>
      </CardAddressForm>
    </CheckoutPanel>
  );
}
