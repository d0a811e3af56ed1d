import { ReturnPolicyNote } from "../../components/return-policy-note";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { checkoutMessages as m } from "../../../domain/checkout";
import { discoveryMessages } from "../../../domain/discovery-messages";
import { priceText, titleText } from "../../../domain/display";
import type { ArtworkDetail } from "../../../contracts/artworks.contract";
import { useSessionUser } from "../../lib/session-user";
import { isSoldMessage, paymentFailure } from "../../components/card-address-form/checkout-answers";
import {
  CardAddressForm,
  useCardPayment,
} from "../../components/card-address-form/card-address-form";
import { fieldProblems } from "../../components/card-address-form/checkout-field-checks";
import { purchase } from "./checkout-api";
import {
  type CheckoutFields,
  canPay,
  emptyFields,
  paymentProblemOf,
  quoteRequest,
  shippingAddress,
  submitProblem,
} from "../../components/card-address-form/checkout-form";
import { type Problem, problemField } from "../../components/card-address-form/checkout-problem";
import { CheckoutActions } from "../../components/card-address-form/checkout-actions";
import { CheckoutPanel } from "../../components/card-address-form/checkout-panel";
import { CheckoutSummary } from "../../components/card-address-form/checkout-summary";
import type { PurchaseSuccessState } from "../../lib/purchase-success-state";
import { useFieldChecks } from "../../components/card-address-form/use-field-checks";
import { useTaxQuote } from "../../components/card-address-form/use-tax-quote";

/** A refused payment as shown: the message, its field, and whether the work is gone. */
type ShownError = Problem & { unavailable: boolean };

/**
 * SPEC §2 buy panel and §4 purchase flow: shipping address and e-mail, the tax quote,
 * the card, Pay Now. Nothing is sent until the SPEC's checks and the card checks pass;
 * on success the buyer goes to /purchase-success with the server's account message.
 * A failure keeps everything typed, so the buyer can fix one thing and pay again: it
 * is shown at the top of the panel's scroll area and focused (Pay Now is in the
 * sticky footer, far from the end of the form), and at the field it is about.
 * Each field says what is wrong with it beside it once it has been left. Without a
 * total Pay Now looks and is announced disabled (aria-disabled) but can be pressed:
 * then it names what is missing, in the SPEC's words, and sends nothing (decision
 * 0041). A work sold meanwhile turns Pay Now into the SOLD badge.
 */
export function CheckoutDialog({
  artwork,
  artistName,
  onClose,
  returnPolicy = null,
}: {
  artwork: ArtworkDetail;
  artistName: string;
  onClose: () => void;
  /** What the work's return policy is (decision 0055), said before Pay Now. */
  returnPolicy?: string | null;
}) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const payment = useCardPayment();
  const { configState, config } = payment;
  const [fields, setFields] = useState<CheckoutFields>(() =>
    emptyFields(user?.email ?? "", user?.displayName ?? "", user?.shippingAddress ?? null),
  );
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const quote = useTaxQuote(quoteRequest(artwork.id, fields));
  const signedIn = user !== null;
  const checks = useFieldChecks(
    fieldProblems({ fields, signedIn, provider: config?.provider ?? null }),
  );
  // Someone else bought it (the payment's or the quote's refusal says so): nothing to pay.
  const sold = isSoldMessage(error?.message) || isSoldMessage(quote.error?.message);
  const revalidated = useRef(false);

  // Each new refusal is focused, which scrolls the panel to it.
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  // The page behind the panel shows the work as sold too (no Buy Now), once.
  useEffect(() => {
    if (!sold || revalidated.current) return;
    revalidated.current = true;
    void revalidator.revalidate();
  }, [sold, revalidator]);

  function change(name: keyof CheckoutFields, value: string) {
    setFields((f) => ({ ...f, [name]: value }));
    // Editing the field a refusal was about answers it.
    const about = error?.field === "card" ? "cardNumber" : error?.field;
    if (about === name) setError(null);
  }

  function show(message: string, unavailable = false, cardRefused = false) {
    setError({ message, unavailable, field: problemField(message, fields, cardRefused) });
  }

  const payEnabled = payment.ready && canPay(quote, processing);

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!config || processing || sold) return;
    checks.submitted();
    const problem = submitProblem({ fields, signedIn, provider: config.provider });
    if (problem) return show(problem);
    // Only a total for the address as it is now is paid; until it is there, the
    // summary says why (being calculated, or the quote failed).
    const expectedTotal = quote.quote?.totalAmount;
    if (!payEnabled || expectedTotal === undefined) return;
    setError(null);
    const email = fields.email.trim();
    const billing = { name: fields.cardName.trim(), email };
    const confirm = payment.confirmCard(fields, billing);
    if (!confirm) return;
    setProcessing(true);
    try {
      const done = await purchase(
        {
          artworkId: artwork.id,
          email,
          ...(billing.name ? { name: billing.name } : {}),
          shippingAddress: shippingAddress(fields),
          expectedTotal,
        },
        confirm,
      );
      const state: PurchaseSuccessState = {
        message: done.accountMessage,
        artworkTitle: titleText(artwork.title),
        artworkId: done.artworkId,
        orderId: done.orderId,
        email,
        setPasswordPath: done.setPasswordPath,
      };
      await navigate("/purchase-success", { state });
      // The root loader does not rerun on this navigation; a signed-in buyer's saved
      // address (the session user prefills the next buy panel) must follow.
      void revalidator.revalidate();
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

  return (
    <CheckoutPanel
      className="buy-panel checkout-dialog"
      title="Buy this artwork"
      message={error ? error.message : null}
      messageRef={errorRef}
      artwork={artwork}
      artistName={artistName}
      price={priceText(artwork.price)}
      processing={processing}
      onClose={onClose}
    >
      <CardAddressForm
        payment={payment}
        fields={fields}
        onChange={change}
        problem={error}
        checks={checks}
        address={{ signedIn }}
        locked={processing || sold}
        onSubmit={(event) => void pay(event)}
        summary={
          <>
            <CheckoutSummary
              price={artwork.price}
              view={quote}
              missing={paymentProblemOf(fields, signedIn)}
              onRetry={quote.retry}
            />
            <ReturnPolicyNote text={returnPolicy} />
          </>
        }
        status={processing ? m.processingPayment : ""}
      >
        <CheckoutActions unavailable={unavailable} processing={processing} onCancel={onClose}>
          {sold ? (
            <p className="sold-badge checkout-sold">{discoveryMessages.sold}</p>
          ) : (
            <button
              type="submit"
              className="button button-primary"
              disabled={processing}
              aria-disabled={payEnabled ? undefined : true}
            >
              {processing ? m.processing : m.payNow}
            </button>
          )}
        </CheckoutActions>
      </CardAddressForm>
    </CheckoutPanel>
  );
}
