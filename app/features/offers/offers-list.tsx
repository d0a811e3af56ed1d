import { useEffect, useState } from "react";
import { Link } from "react-router";
import { priceText, titleText } from "../../../domain/display";
import { offerMessages as m } from "../../../domain/offers";
import type { OfferView } from "../../../contracts/offers.contract";
import { UrlTabs } from "../../components/ui/url-tabs";
import { offerPageLink } from "../../lib/offer-page-state";
import { OfferMoveForms } from "./offer-moves";
import { type OfferMoveDone, useFocusNotice, useOfferMoveAnswer } from "./use-offer-answer";
import {
  type OfferActionResult,
  type OffersTab,
  amountLabel,
  expiryText,
  noteExcerpt,
  parseOffersTab,
  statusText,
} from "./offer-view";
import { useTimeZone } from "../../lib/time-zone";

const TABS = [
  { value: "received", label: "Received" },
  { value: "sent", label: "Sent" },
] as const;

/**
 * Issue 15 `/profile/offers`: the offers an artist received and the offers the viewer
 * made. A received offer waiting for the artist carries its Accept, Counter and
 * Decline forms in the row; everything else links to the offer's page.
 */
export function OffersList({
  offers,
  tab,
  isArtist,
  result,
}: {
  offers: OfferView[];
  tab: OffersTab;
  /** Only artists receive offers: anyone else sees the offers they made, without tabs. */
  isArtist: boolean;
  result?: OfferActionResult;
}) {
  // The latest move made in a row (its forms are then gone), or sent without JavaScript.
  const [done, setDone] = useState<OfferMoveDone | null>(null);
  const answer = done ?? (result?.ok ? result : null);
  const ref = useFocusNotice<HTMLParagraphElement>(answer);
  // Only on the tab that lists the offer it is about.
  const about = answer ? offers.find((offer) => offer.id === answer.offerId) : undefined;
  const list =
    offers.length === 0 ? (
      <p className="status-text">{tab === "received" ? m.noReceived : m.noSent}</p>
    ) : (
      <ol className="offers-list">
        {offers.map((offer) => (
          <OfferRow key={offer.id} offer={offer} tab={tab} result={result} onDone={setDone} />
        ))}
      </ol>
    );
  return (
    <section className="offers-page" aria-labelledby="offers-heading">
      <h1 id="offers-heading">Offers</h1>
      {answer && about ? (
        <p ref={ref} tabIndex={-1} className="message message-success offers-notice" role="status">
          {titleText(about.artwork.title)}: {answer.message}
        </p>
      ) : null}
      {isArtist ? (
        <UrlTabs
          tabs={TABS}
          tab={tab}
          parse={parseOffersTab}
          searchFor={(value) => `?tab=${value}`}
          label="Offers"
          idPrefix="offers"
          panelFocusable={(loading) => loading || offers.length === 0}
        >
          {(loading) => (loading ? <p className="status-text">Loading...</p> : list)}
        </UrlTabs>
      ) : (
        list
      )}
    </section>
  );
}

function OfferRow({
  offer,
  tab,
  result,
  onDone,
}: {
  offer: OfferView;
  tab: OffersTab;
  result?: OfferActionResult;
  onDone: (answer: OfferMoveDone) => void;
}) {
  // The row stays when its forms go: it hands their answer to the page's notice.
  const moved = useOfferMoveAnswer(offer.id);
  useEffect(() => {
    if (moved?.ok) onDone(moved);
  }, [moved, onDone]);
  const title = titleText(offer.artwork.title);
  const expiry = expiryText(offer, useTimeZone());
  const note = noteExcerpt(offer.note);
  const headingId = `offer-row-${offer.id}`;
  // Received offers carry their forms here; a buyer's moves need their card: the offer's page.
  const inline = tab === "received" && offer.viewerRole === "artist" && offer.moves.length > 0;
  return (
    <li className="offer-entry" aria-labelledby={headingId}>
      <div className="offer-entry-thumb">
        {offer.artwork.imageThumbnail ? (
          <img src={offer.artwork.imageThumbnail} alt="" width={96} height={96} loading="lazy" />
        ) : null}
      </div>
      <div className="offer-entry-body">
        <h2 id={headingId} className="offer-entry-title">
          <Link to={offerPageLink(offer.id, null)}>{title}</Link>
        </h2>
        <p className="hint">
          {tab === "received" ? `From ${offer.buyerName}` : `By ${offer.artwork.artistName}`}
        </p>
        <p>
          <span className="offer-entry-label">{amountLabel(offer)}:</span>{" "}
          <span className="offer-entry-amount">{priceText(offer.amountCents)}</span>{" "}
          <span className={`offer-status offer-status-${offer.status}`}>{statusText(offer)}</span>
        </p>
        {expiry ? <p className="hint">{expiry}</p> : null}
        {note ? <p className="offer-entry-note">“{note}”</p> : null}
        <p>
          <Link to={offerPageLink(offer.id, null)} aria-describedby={headingId}>
            View offer
          </Link>
        </p>
      </div>
      {inline ? (
        <div className="offer-entry-actions">
          <OfferMoveForms offer={offer} accessKey={null} result={result} compact />
        </div>
      ) : null}
    </li>
  );
}
