import { Suspense } from "react";
import { Await, Link } from "react-router";
import { cardImage } from "../../../domain/display";
import { ORDER_STATUS_LABELS } from "../../../domain/orders";
import type { Purchase } from "../../../contracts/checkout.contract";
import { AmountLines } from "../../components/amount-lines";
import { useTimeZone } from "../../lib/time-zone";
import { purchaseLines } from "./purchase-amounts";
import { ShipmentLines } from "./purchase-shipment";
import { purchasesMessages as m } from "./purchases.messages";

/** What the page shows once the list has been read: the purchases, or that it failed. */
export type PurchaseHistoryData = { purchases: Purchase[]; failed: boolean };

/**
 * SPEC §2 Purchase history: each purchase with its thumbnail, title, artist name,
 * price, tax and total (and the date), newest first, linked to its artwork; with its
 * state, its tracking once shipped, and a link to its order page. Says
 * 'Loading purchase history...' until the list has been read: the page arrives at
 * once and the list follows (streamed by the loader), as on a client navigation.
 */
export function PurchaseHistory({
  history,
}: {
  history: Promise<PurchaseHistoryData> | PurchaseHistoryData;
}) {
  return (
    <section className="purchases-page" aria-labelledby="purchases-heading">
      <h1 id="purchases-heading">Purchase history</h1>
      <Suspense
        fallback={
          <p className="status-text" role="status">
            {m.historyLoading}
          </p>
        }
      >
        <Await resolve={history}>{(loaded) => <PurchaseList {...loaded} />}</Await>
      </Suspense>
    </section>
  );
}

function PurchaseList({ purchases, failed }: PurchaseHistoryData) {
  if (failed) {
    return (
      <div className="stack">
        <p className="message message-error" role="alert">
          {m.historyFailed}
        </p>
        <p>
          <Link to="/" className="button">
            {m.returnToMarketplace}
          </Link>
        </p>
      </div>
    );
  }
  if (purchases.length === 0) {
    return (
      <div className="stack">
        <p className="status-text">{m.historyEmpty}</p>
        <p>
          <Link to="/" className="button">
            {m.returnToMarketplace}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <ol className="purchase-list">
      {purchases.map((purchase, index) => (
        <PurchaseEntry key={purchase.id} purchase={purchase} eager={index < 4} />
      ))}
    </ol>
  );
}

function PurchaseEntry({ purchase, eager }: { purchase: Purchase; eager: boolean }) {
  const lines = purchaseLines(purchase, useTimeZone());
  const thumbnail = cardImage({
    imageThumbnail: purchase.imageThumbnail,
    imageOriginal: purchase.imageOriginal,
  });
  return (
    <li className="purchase-entry">
      <div className="purchase-thumb">
        {thumbnail ? (
          <img src={thumbnail} alt="" width={96} height={96} loading={eager ? "eager" : "lazy"} />
        ) : null}
      </div>
      <div className="purchase-body">
        <h2 className="purchase-title">
          <Link to={`/artwork/${purchase.artworkId}`}>{lines.title}</Link>
        </h2>
        <p className="purchase-artist">{lines.artistName}</p>
        {lines.date ? (
          <p className="purchase-date">
            Bought on <time dateTime={purchase.timestamp}>{lines.date}</time>
          </p>
        ) : null}
        <p className="purchase-state">
          <span className={`order-status order-status-${purchase.status}`}>
            {ORDER_STATUS_LABELS[purchase.status]}
          </span>
        </p>
        <ShipmentLines shipment={purchase} className="purchase-tracking" />
        <p className="purchase-order-link">
          <Link to={`/profile/purchases/${purchase.id}`}>
            {m.viewOrder}
            <span className="visually-hidden"> of {lines.title}</span>
          </Link>
        </p>
      </div>
      <AmountLines lines={lines} className="purchase-amounts" totalClassName="purchase-total" />
    </li>
  );
}
