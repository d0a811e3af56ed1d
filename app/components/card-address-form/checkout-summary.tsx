import { checkoutMessages as m } from "../../../domain/checkout";
import { AmountLines } from "../amount-lines";
import { type QuoteView, summaryLines } from "./checkout-form";

/**
 * SPEC §2 summary of price, tax and total. Tax and total appear once the address is
 * complete and quoted (announced politely); a failed quote says so (SPEC §8) and may
 * be asked again. When a total went away because the address or e-mail stopped being
 * complete, `missing` says what to fill in (the SPEC §5 texts).
 */
export function CheckoutSummary({
  price,
  view,
  missing,
  onRetry,
  priceLabel,
  waiting = "Tax and total appear once the shipping address and email are complete.",
}: {
  price: number | null;
  view: QuoteView;
  missing: string | null;
  onRetry: () => void;
  /** The first line's name ("Price", or the offer panel's "Your offer"). */
  priceLabel?: string;
  /** What stands in for tax and total until they can be asked. */
  waiting?: string;
}) {
  const lines = summaryLines(price, view);
  return (
    <section className="checkout-summary" aria-labelledby="checkout-summary-heading">
      <h3 id="checkout-summary-heading" className="visually-hidden">
        Order summary
      </h3>
      <AmountLines
        lines={lines}
        totalClassName="checkout-total"
        priceLabel={priceLabel}
        aria-live="polite"
        aria-atomic="true"
      />
      {!view.quote && !view.pending && !view.error ? (
        <p className="hint" aria-live="polite">
          {view.lapsed && missing ? missing : waiting}
        </p>
      ) : null}
      {view.error ? (
        <div className="message message-error" role="alert">
          <p>{view.error.message}</p>
          {view.error.detail ? <p>{view.error.detail}</p> : null}
          {view.error.message === m.taxFailed ? (
            <button type="button" className="button-link" onClick={onRetry}>
              Try again
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
