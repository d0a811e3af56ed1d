import { type ComponentType, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { priceText, titleText } from "../../../domain/display";
import { offerMessages as m } from "../../../domain/offers";
import { signInPath } from "../../../domain/safe-path";
import type { OfferView } from "../../../contracts/offers.contract";
import { FormNotice } from "../../components/ui/form-message";
import type { OfferPageState } from "../../lib/offer-page-state";
import { useSessionUser } from "../../lib/session-user";
import { OfferMoveForms } from "./offer-moves";
import { useFocusNotice, useOfferMoveAnswer } from "./use-offer-answer";
import {
  type OfferActionResult,
  amountLabel,
  expiryText,
  historyText,
  shownMoves,
  statusText,
} from "./offer-view";
import { formatDateTime } from "../../../domain/date-time";
import { useTimeZone } from "../../lib/time-zone";

/** A guest buyer's accepted offer: where the order is, and how to get in to see it. */
function GuestOrder({ orderId }: { orderId: string }) {
  return (
    <>
      <p>{m.guestOrder}</p>
      <p>
        <Link to={signInPath(`/profile/purchases/${orderId}`)} className="button button-primary">
          {m.signInForOrder}
        </Link>
      </p>
    </>
  );
}

/** What the page gives the card moves (the route composes the checkout's). */
export type CardMoveComponent = ComponentType<{
  offer: OfferView;
  accessKey: string | null;
  move: "accept" | "counter";
  onDone: (message: string) => void;
}>;

/**
 * Issue 15: one offer as its party sees it (`/offers/:offerId`): the work, the amount
 * on the table (with tax and total for the buyer), its status and expiry, the note, the
 * decline message, the history, and the moves the viewer may make now. Once accepted,
 * the way to the order.
 */
export function OfferPage({
  offer,
  accessKey,
  arrival,
  result,
  CardMove,
}: {
  offer: OfferView;
  accessKey: string | null;
  /** What the offer panel handed over (just sent): the account message and the outcome. */
  arrival: OfferPageState;
  result?: OfferActionResult;
  CardMove: CardMoveComponent;
}) {
  const revalidator = useRevalidator();
  // A guest buyer (here by the offer's key) has no list of offers to go back to.
  const signedIn = useSessionUser() !== null;
  const [cardNotice, setCardNotice] = useState<string | null>(null);
  // A move without a card that went through: its form is gone, so it shows up here.
  const moved = useOfferMoveAnswer(offer.id) ?? (result?.offerId === offer.id ? result : undefined);
  const answer = moved?.ok ? moved : null;
  const ref = useFocusNotice<HTMLParagraphElement>(answer);
  const cardNoticeRef = useFocusNotice<HTMLParagraphElement>(cardNotice);
  const title = titleText(offer.artwork.title);
  const buyer = offer.viewerRole === "buyer";
  const moves = shownMoves(offer);
  const timeZone = useTimeZone();
  const expiry = expiryText(offer, timeZone);
  const replying = moves.some((move) => move !== "withdraw");
  // A move that ended the offer below the artist's minimum is news, not a success.
  const noticeTone =
    offer.declineReason === "below_minimum" ? "message" : "message message-success";

  function cardDone(message: string) {
    setCardNotice(message);
    void revalidator.revalidate();
  }

  return (
    <article className="offer-page" aria-labelledby="offer-heading">
      {signedIn ? (
        <p className="offer-back">
          <Link to="/profile/offers">← All offers</Link>
        </p>
      ) : null}
      <h1 id="offer-heading">Offer on {title}</h1>
      {arrival.message ? <FormNotice message={arrival.message} /> : null}
      {arrival.accountMessage ? (
        <p className="message message-success" role="status">
          {arrival.accountMessage}
        </p>
      ) : null}
      {cardNotice ? (
        // The card move's form is gone with the move: the focus comes here.
        <p
          ref={cardNoticeRef}
          tabIndex={-1}
          className={`${noticeTone} offers-notice`}
          role="status"
        >
          {cardNotice}
        </p>
      ) : null}
      {answer ? (
        <p ref={ref} tabIndex={-1} className={`${noticeTone} offers-notice`} role="status">
          {answer.message}
        </p>
      ) : null}
      <div className="offer-layout">
        <div className="offer-work">
          <div className="offer-thumb">
            {offer.artwork.imageThumbnail ? (
              <img src={offer.artwork.imageThumbnail} alt="" width={160} height={160} />
            ) : null}
          </div>
          <div>
            <p className="offer-work-title">
              <Link to={`/artwork/${offer.artwork.id}`}>{title}</Link>
            </p>
            <p className="offer-work-artist">{offer.artwork.artistName}</p>
            {offer.artwork.priceCents !== null ? (
              <p className="hint">Listed at {priceText(offer.artwork.priceCents)}</p>
            ) : null}
          </div>
        </div>
        <div className="offer-details">
          <p className={`offer-status offer-status-${offer.status}`}>{statusText(offer)}</p>
          {expiry ? <p className="offer-expiry">{expiry}</p> : null}
          <dl className="offer-facts">
            <div>
              <dt>{amountLabel(offer)}</dt>
              <dd>{priceText(offer.amountCents)}</dd>
            </div>
            {buyer ? (
              <>
                <div>
                  <dt>Tax</dt>
                  <dd>{priceText(offer.taxAmount)}</dd>
                </div>
                <div className="offer-total">
                  <dt>Total</dt>
                  <dd>{priceText(offer.totalAmount)}</dd>
                </div>
              </>
            ) : (
              <div>
                <dt>Buyer</dt>
                <dd>{offer.buyerName}</dd>
              </div>
            )}
            <div>
              <dt>Ships to</dt>
              <dd>
                {offer.shippingAddress.city}, {offer.shippingAddress.state}
              </dd>
            </div>
            <div>
              <dt>Made</dt>
              <dd>{formatDateTime(offer.createdAt, timeZone)}</dd>
            </div>
          </dl>
          {offer.note ? (
            <section className="offer-note" aria-labelledby="offer-note-heading">
              <h2 id="offer-note-heading">{buyer ? "Your note" : "Note from the buyer"}</h2>
              <p>{offer.note}</p>
            </section>
          ) : null}
          {offer.declineMessage ? (
            <section className="offer-note" aria-labelledby="offer-decline-heading">
              <h2 id="offer-decline-heading">Message with the decline</h2>
              <p>{offer.declineMessage}</p>
            </section>
          ) : null}
          {offer.status === "accepted" && offer.orderId ? (
            <div className="offer-order">
              {buyer && signedIn ? (
                <Link to={`/profile/purchases/${offer.orderId}`} className="button button-primary">
                  {m.viewOrder}
                </Link>
              ) : buyer ? (
                // A guest here by the offer's key: the order needs the account's password.
                <GuestOrder orderId={offer.orderId} />
              ) : offer.viewerRole === "artist" ? (
                <Link to="/profile/sales" className="button button-primary">
                  {m.viewSales}
                </Link>
              ) : null}
            </div>
          ) : null}
          {moves.length > 0 ? (
            <section
              className="offer-your-moves"
              aria-labelledby={replying ? "offer-moves-heading" : undefined}
            >
              {/* A reply is an answer to the other side; a buyer who can only withdraw has none. */}
              {replying ? <h2 id="offer-moves-heading">Your reply</h2> : null}
              {moves.includes("cardAccept") ? (
                <CardMove offer={offer} accessKey={accessKey} move="accept" onDone={cardDone} />
              ) : null}
              {moves.includes("cardCounter") ? (
                // A second card form: folded away until the buyer wants it.
                <details className="offer-card-counter">
                  <summary>Counter with a lower amount</summary>
                  <CardMove offer={offer} accessKey={accessKey} move="counter" onDone={cardDone} />
                </details>
              ) : null}
              <OfferMoveForms offer={offer} accessKey={accessKey} result={result} />
            </section>
          ) : null}
          <section className="offer-history" aria-labelledby="offer-history-heading">
            <h2 id="offer-history-heading">History</h2>
            <ol>
              {offer.history.map((event, index) => (
                <li key={`${event.at}-${index}`}>
                  <span>{historyText(event, offer.viewerRole)}</span>
                  {/* The note is shown above; a decline's message is not. */}
                  {event.message && event.message !== offer.note ? <q>{event.message}</q> : null}
                  <time dateTime={event.at} className="hint">
                    {formatDateTime(event.at, timeZone)}
                  </time>
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
    </article>
  );
}
