import { useRef, useState } from "react";
import { type FetcherWithComponents, useFetcher } from "react-router";
import type { Sale } from "../../../contracts/sales.contract";
import {
  MAX_CARRIER_LENGTH,
  MAX_SALE_REASON_LENGTH,
  MAX_TRACKING_LENGTH,
} from "../../../contracts/sales.values";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { FormError, FormNotice } from "../../components/ui/form-message";
import { CARRIER_CHOICES, OTHER_CARRIER, type SaleActionResult, saleActions } from "./sale-view";

type Fetcher = FetcherWithComponents<SaleActionResult>;

/**
 * A sale's actions, as its state allows: mark shipped, handed over at pick-up, cannot
 * fulfil, put back on sale. Plain forms posting to the page's action, so they work
 * without JavaScript; with it one fetcher per sale sends them and the list is read
 * again without a full reload. `result` is the answer of a form sent without
 * JavaScript (the page's action data) when it was about this sale.
 */
export function SaleActions({ sale, result }: { sale: Sale; result?: SaleActionResult }) {
  const fetcher = useFetcher<SaleActionResult>({ key: `sale-${sale.id}` });
  const allowed = saleActions(sale);
  const answer = fetcher.data ?? result;
  const any = allowed.ship || allowed.handOver || allowed.cannotFulfil || allowed.relist;
  return (
    <div className="sale-actions">
      {any ? (
        <div className="sale-action-forms">
          {allowed.ship ? <ShipForm sale={sale} fetcher={fetcher} /> : null}
          {allowed.handOver ? <HandOverForm sale={sale} fetcher={fetcher} /> : null}
          {allowed.cannotFulfil ? <CannotFulfilForm sale={sale} fetcher={fetcher} /> : null}
          {allowed.relist ? <RelistForm sale={sale} fetcher={fetcher} /> : null}
        </div>
      ) : null}
      {answer?.ok ? <FormNotice message={answer.message} /> : null}
      {answer && !answer.ok ? <FormError message={answer.error} /> : null}
    </div>
  );
}

function Hidden({ sale, intent }: { sale: Sale; intent: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="orderId" value={sale.id} />
    </>
  );
}

function busyWith(fetcher: Fetcher, intent: string): boolean {
  return fetcher.state !== "idle" && fetcher.formData?.get("intent") === intent;
}

/** Carrier from the list (or "Other" and its name) and the tracking number. */
function ShipForm({ sale, fetcher }: { sale: Sale; fetcher: Fetcher }) {
  const id = `ship-${sale.id}`;
  const busy = busyWith(fetcher, "ship");
  // "Other" needs its company name: required in the browser as soon as it is chosen.
  const [chosen, setChosen] = useState("");
  return (
    <fetcher.Form method="post" className="sale-form ship-form" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="sale-form-title">
        Mark shipped
      </h3>
      <Hidden sale={sale} intent="ship" />
      <div className="sale-fields">
        <div className="field">
          <label htmlFor={`${id}-carrier`}>Carrier</label>
          <select
            id={`${id}-carrier`}
            name="carrier"
            required
            defaultValue=""
            onChange={(event) => setChosen(event.target.value)}
          >
            <option value="" disabled>
              Choose a carrier
            </option>
            {CARRIER_CHOICES.map((carrier) => (
              <option key={carrier} value={carrier}>
                {carrier === OTHER_CARRIER ? "Other" : carrier}
              </option>
            ))}
          </select>
        </div>
        {/* Shown by CSS when "Other" is chosen, so it works without JavaScript too. */}
        <div className="field ship-other-carrier">
          <label htmlFor={`${id}-other`}>Company name</label>
          <input
            id={`${id}-other`}
            name="otherCarrier"
            type="text"
            required={chosen === OTHER_CARRIER}
            maxLength={MAX_CARRIER_LENGTH}
            autoComplete="off"
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-tracking`}>Tracking number</label>
          <input
            id={`${id}-tracking`}
            name="trackingNumber"
            type="text"
            required
            maxLength={MAX_TRACKING_LENGTH}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
      </div>
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? "Saving…" : "Mark shipped"}
      </button>
    </fetcher.Form>
  );
}

function HandOverForm({ sale, fetcher }: { sale: Sale; fetcher: Fetcher }) {
  const busy = busyWith(fetcher, "hand-over");
  return (
    <fetcher.Form method="post" className="sale-form sale-form-inline">
      <Hidden sale={sale} intent="hand-over" />
      <p className="hint">The buyer may collect this work at {sale.pickUpZipCode}.</p>
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Saving…" : "Handed over at pick-up"}
      </button>
    </fetcher.Form>
  );
}

/**
 * "Cannot fulfil": a reason, then (with JavaScript) a confirmation, because it cancels
 * the order and refunds the buyer. Without JavaScript the reason field is the step
 * that stops a stray click.
 */
function CannotFulfilForm({ sale, fetcher }: { sale: Sale; fetcher: Fetcher }) {
  const id = `cannot-${sale.id}`;
  const formRef = useRef<HTMLFormElement>(null);
  const [asking, setAsking] = useState(false);
  const busy = busyWith(fetcher, "cannot-fulfil");
  return (
    <details className="sale-disclosure">
      <summary>Cannot fulfil</summary>
      <fetcher.Form
        method="post"
        ref={formRef}
        className="sale-form"
        onSubmit={(event) => {
          if (asking) return;
          event.preventDefault();
          if (formRef.current?.reportValidity()) setAsking(true);
        }}
      >
        <Hidden sale={sale} intent="cannot-fulfil" />
        <div className="field">
          <label htmlFor={`${id}-reason`}>Why can you not send it?</label>
          <textarea
            id={`${id}-reason`}
            name="reason"
            required
            rows={2}
            maxLength={MAX_SALE_REASON_LENGTH}
            aria-describedby={`${id}-hint`}
          />
          <small id={`${id}-hint`}>
            The order is cancelled and the buyer refunded in full. They receive this reason.
          </small>
        </div>
        <button type="submit" className="button button-danger" disabled={busy}>
          {busy ? "Cancelling…" : "Cancel and refund"}
        </button>
      </fetcher.Form>
      {asking ? (
        <ConfirmDialog
          title={`Cancel the sale of "${sale.title}"?`}
          confirmLabel="Refund the buyer"
          busyLabel="Cancelling…"
          tone="danger"
          busy={busy}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            if (formRef.current) void fetcher.submit(formRef.current);
          }}
        >
          {`${sale.buyerName || "The buyer"} is refunded in full and told why. This cannot be undone.`}
        </ConfirmDialog>
      ) : null}
    </details>
  );
}

function RelistForm({ sale, fetcher }: { sale: Sale; fetcher: Fetcher }) {
  const busy = busyWith(fetcher, "relist");
  return (
    <fetcher.Form method="post" className="sale-form sale-form-inline">
      <Hidden sale={sale} intent="relist" />
      <p className="hint">The work is yours again: offer it for sale at its last price.</p>
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Saving…" : "Put back on sale"}
      </button>
    </fetcher.Form>
  );
}
