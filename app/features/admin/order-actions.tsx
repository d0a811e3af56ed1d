import { useEffect, useRef, useState } from "react";
import type { AdminOrderDetail } from "../../../contracts/admin-orders.contract";
import { MAX_ORDER_TEXT } from "../../../contracts/admin.values";
import { priceText } from "../../../domain/display";
import { centsText, centsToDollars, parseDollars } from "../../../domain/money-input";
import { orderMessages } from "../../../domain/orders";
import { ActionForm, useLatestNotice } from "./action-form";

/** The order page's moves: each may remove its own form (a full refund, a close), so the
 * answer is shown at page level (see useOrderNotice), not beside the form. */
/** The order moves (refund, close a problem, cancel): their forms may be gone after one. */
export const ORDER_MOVES = "order-move";

/** The answer of the latest order move (see useLatestNotice). */
export function useOrderNotice(): string | null {
  return useLatestNotice(ORDER_MOVES);
}

/** What the refund form would give back, or why it cannot (shown, and the field's validity). */
export function refundAmountOf(
  everything: boolean,
  typed: string,
  refundable: number,
): { cents: number; error: "" } | { cents: null; error: string } {
  if (everything) return { cents: refundable, error: "" };
  const parsed = parseDollars(typed);
  if (!parsed.ok) return { cents: null, error: parsed.error };
  if (parsed.value <= 0) return { cents: null, error: orderMessages.refundPositive };
  if (parsed.value > refundable) {
    return { cents: null, error: orderMessages.refundTooLarge(priceText(refundable)) };
  }
  return { cents: parsed.value, error: "" };
}

/** Said, in the site's error style, when a refund or a cancellation is sent without a reason. */
export const REASON_MISSING = "Please give a reason: the buyer and the artist see it.";

/** Said before a refund of an order with a reported problem: the refund is its outcome. */
export const SETTLES_PROBLEM =
  "This refund settles the problem the buyer reported: the order is closed, and what is left of the artist's net becomes payable.";

function RefundForm({ order }: { order: AdminOrderDetail }) {
  const [everything, setEverything] = useState(true);
  const [typed, setTyped] = useState(() => centsToDollars(order.refundable));
  const amountRef = useRef<HTMLInputElement>(null);
  const { cents, error } = refundAmountOf(everything, typed, order.refundable);
  useEffect(() => amountRef.current?.setCustomValidity(error), [error]);
  const who = order.buyerName || order.buyerEmail;
  const settles = order.status === "problem_reported";
  const amount = cents === null ? "" : centsText(cents);
  return (
    <ActionForm
      intent="refund"
      noticeKey={ORDER_MOVES}
      label="Refund"
      busyLabel="Refunding…"
      tone="danger"
      showNotice={false}
      confirm={{
        title: `Refund ${amount} to ${who}?`,
        body: `${amount} goes back to the buyer's card. ${settles ? `${SETTLES_PROBLEM} ` : ""}The buyer and the artist are e-mailed with your reason. This cannot be undone.`,
        confirmLabel: `Refund ${amount}`,
      }}
    >
      {settles ? <p className="hint">{SETTLES_PROBLEM}</p> : null}
      <fieldset className="field order-refund-scope">
        <legend>How much</legend>
        <label className="admin-check">
          <input
            type="radio"
            name="scope"
            value="all"
            checked={everything}
            onChange={() => setEverything(true)}
          />
          Refund everything ({centsText(order.refundable)})
        </label>
        <label className="admin-check">
          <input
            type="radio"
            name="scope"
            value="part"
            checked={!everything}
            onChange={() => setEverything(false)}
          />
          Refund part of it
        </label>
      </fieldset>
      <div className="field">
        <label htmlFor="refund-amount">Amount in US dollars (to refund part)</label>
        <input
          ref={amountRef}
          id="refund-amount"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={typed}
          aria-describedby="refund-amount-hint"
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setTyped(event.target.value);
            setEverything(false);
          }}
        />
        <p id="refund-amount-hint" className={error ? "field-error" : "hint"}>
          {error || `Dollars and cents, at most ${centsText(order.refundable)}.`}
        </p>
      </div>
      <div className="field">
        <label htmlFor="refund-reason">Reason (the buyer and the artist see it)</label>
        <textarea
          id="refund-reason"
          name="reason"
          required
          data-missing={REASON_MISSING}
          maxLength={MAX_ORDER_TEXT}
          rows={2}
        />
      </div>
    </ActionForm>
  );
}

/** The team's moves open on this order now (the server checks them again). */
export function OrderActions({ order }: { order: AdminOrderDetail }) {
  const { actions } = order;
  if (!actions.refund && !actions.closeProblem && !actions.cancel) {
    return <p className="hint">No action is open on this order now.</p>;
  }
  return (
    <div className="stack">
      {actions.closeProblem ? (
        <div className="admin-card stack order-action-card">
          <h3>Close the problem</h3>
          <p className="hint">
            Without a refund: the order is completed and the artist&apos;s money is payable now.
          </p>
          <ActionForm
            intent="close-problem"
            noticeKey={ORDER_MOVES}
            label="Close problem"
            busyLabel="Closing…"
            showNotice={false}
          >
            <div className="field">
              <label htmlFor="close-note">Note (the buyer and the artist see it)</label>
              <textarea id="close-note" name="note" required maxLength={MAX_ORDER_TEXT} rows={2} />
            </div>
          </ActionForm>
        </div>
      ) : null}
      {actions.refund ? (
        <div className="admin-card stack order-action-card">
          <h3>Refund</h3>
          {/* A new form after each refund: its amount and reason start afresh. */}
          <RefundForm key={order.refunds.length} order={order} />
        </div>
      ) : null}
      {actions.cancel ? (
        <div className="admin-card stack order-action-card">
          <h3>Cancel the order</h3>
          <p className="hint">
            For a work that cannot be delivered: the order is cancelled and everything left (
            {centsText(order.refundable)}) is refunded.
          </p>
          <ActionForm
            intent="cancel"
            noticeKey={ORDER_MOVES}
            label="Cancel order"
            busyLabel="Cancelling…"
            tone="danger"
            showNotice={false}
            confirm={{
              title: `Cancel this order and refund ${centsText(order.refundable)}?`,
              body: "The order is cancelled and everything left is refunded to the buyer's card. The buyer and the artist are e-mailed with your reason. This cannot be undone.",
              confirmLabel: "Cancel and refund",
            }}
          >
            <div className="field">
              <label htmlFor="cancel-reason">Reason (the buyer and the artist see it)</label>
              <textarea
                id="cancel-reason"
                name="reason"
                required
                data-missing={REASON_MISSING}
                maxLength={MAX_ORDER_TEXT}
                rows={2}
              />
            </div>
          </ActionForm>
        </div>
      ) : null}
    </div>
  );
}
