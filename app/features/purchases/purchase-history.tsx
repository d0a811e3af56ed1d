import { Link, useNavigation, useRevalidator } from "react-router";
import { cardImage } from "../../../domain/display";
import type { Purchase } from "../../../server/features/checkout/checkout.types";
import { purchaseLines } from "./purchase-amounts";
import { purchasesMessages as m } from "./purchases.messages";

/**
 * SPEC §2 Purchase history: each purchase with its thumbnail, title, artist name,
 * price, tax and total (and the date), newest first, linked to its artwork. Says
 * 'Loading purchase history...' while the list is being read again.
 */
export function PurchaseHistory({ purchases, failed }: { purchases: Purchase[]; failed: boolean }) {
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const loading =
    revalidator.state === "loading" ||
    (navigation.state === "loading" && navigation.location.pathname === "/profile/purchases");

  return (
    <section className="purchases-page" aria-labelledby="purchases-heading" aria-busy={loading}>
      <h1 id="purchases-heading">Purchase history</h1>
      {loading ? (
        <p className="status-text" role="status">
          {m.historyLoading}
        </p>
      ) : failed ? (
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
      ) : purchases.length === 0 ? (
        <div className="stack">
          <p className="status-text">{m.historyEmpty}</p>
          <p>
            <Link to="/" className="button">
              {m.returnToMarketplace}
            </Link>
          </p>
        </div>
      ) : (
        <ol className="purchase-list">
          {purchases.map((purchase, index) => (
            <PurchaseEntry key={purchase.id} purchase={purchase} eager={index < 4} />
          ))}
        </ol>
      )}
    </section>
  );
}

function PurchaseEntry({ purchase, eager }: { purchase: Purchase; eager: boolean }) {
  const lines = purchaseLines(purchase);
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
      </div>
      <dl className="purchase-amounts">
        <div>
          <dt>Price</dt>
          <dd>{lines.price}</dd>
        </div>
        <div>
          <dt>Tax</dt>
          <dd>{lines.tax}</dd>
        </div>
        <div className="purchase-total">
          <dt>Total</dt>
          <dd>{lines.total}</dd>
        </div>
      </dl>
    </li>
  );
}
