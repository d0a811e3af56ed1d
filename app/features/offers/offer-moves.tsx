import { type FormEvent, useState } from "react";
import { type FetcherWithComponents, useFetcher } from "react-router";
import { priceText } from "../../../domain/display";
import {
  MAX_DECLINE_MESSAGE_LENGTH,
  counterProblem,
  offerMessages as m,
  parseOfferAmount,
} from "../../../domain/offers";
import type { OfferView } from "../../../contracts/offers.contract";
import { FormError } from "../../components/ui/form-message";
import { type OfferActionResult, type PlainMove, shownMoves } from "./offer-view";
import { offerFetcherKey } from "./use-offer-answer";

type Fetcher = FetcherWithComponents<OfferActionResult>;

/**
 * The moves without a card that the viewer may make now: the artist's accept, counter
 * and decline (optional message), the buyer's decline and withdraw. Plain forms posting
 * to the page's action, so they work without JavaScript; with it one fetcher per offer
 * sends them and the page is read again. `result` is the answer of a form sent without
 * JavaScript, when it was about this offer. A refusal shows here; a move that went
 * through, at the page's top (`useOfferMoveAnswer`), since these forms are then gone.
 */
export function OfferMoveForms({
  offer,
  accessKey,
  result,
  compact = false,
}: {
  offer: OfferView;
  accessKey: string | null;
  result?: OfferActionResult;
  /** In a list row: the forms side by side, with shorter labels. */
  compact?: boolean;
}) {
  const fetcher = useFetcher<OfferActionResult>({ key: offerFetcherKey(offer.id) });
  const moves = shownMoves(offer);
  const answer = fetcher.data ?? (result?.offerId === offer.id ? result : undefined);
  const typed = answer && !answer.ok ? answer.values : null;
  const props = { offer, accessKey, fetcher };
  return (
    <div className={compact ? "offer-moves offer-moves-compact" : "offer-moves"}>
      {answer && !answer.ok ? <FormError message={answer.error} /> : null}
      {moves.includes("accept") ? <AcceptForm {...props} /> : null}
      {moves.includes("counter") ? (
        <CounterForm {...props} typed={answer?.intent === "counter" ? typed?.amount : undefined} />
      ) : null}
      {moves.includes("decline") ? (
        <DeclineForm {...props} typed={answer?.intent === "decline" ? typed?.message : undefined} />
      ) : null}
      {moves.includes("withdraw") ? <WithdrawForm {...props} /> : null}
      {moves.includes("withdraw") ? (
        <p className="hint offer-ways-out">
          {moves.includes("decline") ? m.declineOrWithdraw : m.withdrawOnly}
        </p>
      ) : null}
    </div>
  );
}

type FormProps = { offer: OfferView; accessKey: string | null; fetcher: Fetcher };

function Hidden({ offer, accessKey, intent }: Omit<FormProps, "fetcher"> & { intent: PlainMove }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="offerId" value={offer.id} />
      {accessKey ? <input type="hidden" name="key" value={accessKey} /> : null}
    </>
  );
}

function busyWith(fetcher: Fetcher, intent: PlainMove): boolean {
  return fetcher.state !== "idle" && fetcher.formData?.get("intent") === intent;
}

function AcceptForm({ offer, accessKey, fetcher }: FormProps) {
  const busy = busyWith(fetcher, "accept");
  return (
    <fetcher.Form method="post" className="offer-form offer-form-inline">
      <Hidden offer={offer} accessKey={accessKey} intent="accept" />
      {/* The amount the artist saw: if the offer moved meanwhile, the server refuses. */}
      <input type="hidden" name="amount" value={offer.amountCents} />
      <button
        type="submit"
        className="button button-primary"
        disabled={fetcher.state !== "idle"}
        aria-label={`${m.accept} ${priceText(offer.amountCents)} for ${offer.artwork.title}`}
      >
        {busy ? "Accepting…" : `${m.accept} ${priceText(offer.amountCents)}`}
      </button>
    </fetcher.Form>
  );
}

function CounterForm({ offer, accessKey, fetcher, typed }: FormProps & { typed?: string }) {
  const id = `counter-${offer.id}`;
  const busy = busyWith(fetcher, "counter");
  // Checked before sending, said at the field (the server checks it again).
  const [problem, setProblem] = useState<string | null>(null);
  function check(event: FormEvent<HTMLFormElement>) {
    const input = event.currentTarget.elements.namedItem("amount");
    const text = input instanceof HTMLInputElement ? input.value : "";
    const amount = parseOfferAmount(text);
    const found = amount.ok
      ? counterProblem("artist", offer.amountCents, amount.cents)
      : amount.error;
    setProblem(found);
    if (!found) return;
    event.preventDefault();
    if (input instanceof HTMLInputElement) input.focus();
  }
  return (
    <fetcher.Form
      method="post"
      className="offer-form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={check}
    >
      <h3 id={`${id}-title`} className="offer-form-title">
        {m.counter}
      </h3>
      <Hidden offer={offer} accessKey={accessKey} intent="counter" />
      <div className="field">
        <label htmlFor={`${id}-amount`}>{m.counterAmountLabel}</label>
        <div className="offer-amount-input">
          <span aria-hidden="true">$</span>
          <input
            id={`${id}-amount`}
            name="amount"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={typed}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-error` : undefined}
            onChange={() => setProblem(null)}
          />
        </div>
        {problem ? (
          <small id={`${id}-error`} className="field-error">
            {problem}
          </small>
        ) : null}
      </div>
      <button type="submit" className="button" disabled={fetcher.state !== "idle"}>
        {busy ? "Sending…" : "Send counteroffer"}
      </button>
    </fetcher.Form>
  );
}

function DeclineForm({ offer, accessKey, fetcher, typed }: FormProps & { typed?: string }) {
  const id = `decline-${offer.id}`;
  const busy = busyWith(fetcher, "decline");
  return (
    <details className="offer-disclosure" open={typed !== undefined || undefined}>
      <summary>{m.decline}</summary>
      <fetcher.Form method="post" className="offer-form">
        <Hidden offer={offer} accessKey={accessKey} intent="decline" />
        <div className="field">
          <label htmlFor={`${id}-message`}>{m.declineMessageLabel}</label>
          <textarea
            id={`${id}-message`}
            name="message"
            rows={2}
            maxLength={MAX_DECLINE_MESSAGE_LENGTH}
            defaultValue={typed}
          />
        </div>
        <button type="submit" className="button button-danger" disabled={fetcher.state !== "idle"}>
          {busy ? "Declining…" : "Decline the offer"}
        </button>
      </fetcher.Form>
    </details>
  );
}

function WithdrawForm({ offer, accessKey, fetcher }: FormProps) {
  const busy = busyWith(fetcher, "withdraw");
  return (
    <fetcher.Form method="post" className="offer-form offer-form-inline">
      <Hidden offer={offer} accessKey={accessKey} intent="withdraw" />
      <button type="submit" className="button" disabled={fetcher.state !== "idle"}>
        {busy ? "Withdrawing…" : "Withdraw my offer"}
      </button>
    </fetcher.Form>
  );
}
