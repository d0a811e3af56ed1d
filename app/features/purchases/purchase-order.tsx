import type { ReactNode } from "react";
import { Link } from "react-router";
import type { PurchaseDetail } from "../../../contracts/orders.contract";
import { artistNameText, priceText, titleText } from "../../../domain/display";
import {
  ORDER_STATUS_LABELS,
  PROBLEM_KIND_LABELS,
  RETURN_WINDOW_DAYS,
  addDays,
} from "../../../domain/orders";
import { FormNotice } from "../../components/ui/form-message";
import { OrderHistory } from "./order-history";
import { type OrderActionResult, OrderActions } from "./purchase-order-actions";
import { formatDate, formatDateTime } from "../../../domain/date-time";
import { useTimeZone } from "../../lib/time-zone";
import { ShipmentLines } from "./purchase-shipment";
import { purchasesMessages as m } from "./purchases.messages";

/**
 * The buyer's order page: the work, what was paid and refunded, where it
 * goes, where it is, its history, and the buyer's two moves while they are open.
 */
export function PurchaseOrderPage({
  order,
  result,
  notice,
  busy,
  review = null,
  returns,
}: {
  order: PurchaseDetail;
  /** The buyer's review of the artist, once the order is completed (the route composes it). */
  review?: ReactNode;
  /** The order's return section (decision 0055), given by the route. */
  returns?: ReactNode;
  /** A refused move, with what was typed. */
  result?: OrderActionResult;
  /** The notice after a move that succeeded. */
  notice?: string | null;
  /** The intent being sent right now. */
  busy?: string | null;
}) {
  const timeZone = useTimeZone();
  const title = titleText(order.title);
  return (
    <article className="order-page" aria-labelledby="order-heading">
      <p className="order-back">
        <Link to="/profile/purchases">
          <span aria-hidden="true">← </span>
          {m.backToHistory}
        </Link>
      </p>
      <header className="order-header">
        <div className="order-thumb">
          {order.imageThumbnail ? (
            <img src={order.imageThumbnail} alt="" width={120} height={120} />
          ) : null}
        </div>
        <div className="order-heading-text">
          <p className="eyebrow">Order · Bought on {formatDate(order.soldAt, timeZone)}</p>
          <h1 id="order-heading">{title}</h1>
          <p className="order-artist">{artistNameText(order.artistName)}</p>
          <p>
            <span className={`order-status order-status-${order.status}`}>
              {ORDER_STATUS_LABELS[order.status]}
            </span>
          </p>
        </div>
      </header>
      <FormNotice message={notice} />
      <div className="order-layout">
        <div className="order-main">
          <ShipmentSection order={order} />
          {returns}
          {order.problemKind ? (
            <section className="order-section" aria-labelledby="order-problem-heading">
              <h2 id="order-problem-heading">The problem you reported</h2>
              <p>{PROBLEM_KIND_LABELS[order.problemKind]}</p>
              {order.problemNote ? <p className="order-problem-note">{order.problemNote}</p> : null}
              {order.status === "problem_reported" ? (
                <p className="hint">{m.problemWaiting}</p>
              ) : null}
            </section>
          ) : null}
          <OrderActions order={order} result={result} busy={busy ?? null} />
          {review}
        </div>
        <aside className="order-aside">
          <section className="order-section" aria-labelledby="order-amounts-heading">
            <h2 id="order-amounts-heading">Payment</h2>
            <dl className="purchase-amounts">
              <div>
                <dt>Price</dt>
                <dd>{priceText(order.price)}</dd>
              </div>
              <div>
                <dt>Tax</dt>
                <dd>{priceText(order.taxAmount)}</dd>
              </div>
              <div className="purchase-total">
                <dt>Total</dt>
                <dd>{priceText(order.totalAmount)}</dd>
              </div>
              {order.refundedAmount > 0 ? (
                <div className="order-refunded">
                  <dt>Refunded</dt>
                  <dd>{priceText(order.refundedAmount)}</dd>
                </div>
              ) : null}
            </dl>
          </section>
          <section className="order-section" aria-labelledby="order-address-heading">
            <h2 id="order-address-heading">Shipping address</h2>
            {order.shippingAddress ? (
              <address className="order-address">
                {order.shippingAddress.line1}
                <br />
                {order.shippingAddress.city}, {order.shippingAddress.state}{" "}
                {order.shippingAddress.postal_code}
              </address>
            ) : (
              <p className="hint">No shipping address was given.</p>
            )}
            {order.pickUpZipCode ? (
              <p className="hint">
                The artist also allows pick-up (ZIP code {order.pickUpZipCode}).
              </p>
            ) : null}
          </section>
        </aside>
        {/* Last on a phone, under the money and the address; in the main column on wide screens. */}
        <section
          className="order-section order-history-section"
          aria-labelledby="order-history-heading"
        >
          <h2 id="order-history-heading">History</h2>
          <OrderHistory events={order.events} order={order} />
        </section>
      </div>
    </article>
  );
}

/** Where the work is: to be shipped by a date, on its way (tracking), or handed over. */
function ShipmentSection({ order }: { order: PurchaseDetail }) {
  const timeZone = useTimeZone();
  let text: string | null = null;
  if (order.status === "paid") {
    text = `The artist ships it by ${formatDateTime(order.shipBy, timeZone)}.`;
  } else if (order.status === "delivered" && order.deliveredAt) {
    const until = addDays(new Date(order.deliveredAt), RETURN_WINDOW_DAYS).toISOString();
    text = order.mayReportProblem
      ? `Delivered on ${formatDate(order.deliveredAt, timeZone)}. You can report a problem until ${formatDate(until, timeZone)}.`
      : `Delivered on ${formatDate(order.deliveredAt, timeZone)}.`;
  } else if (order.status === "shipped" && order.shippedAt) {
    text = order.carrier
      ? `Shipped on ${formatDate(order.shippedAt, timeZone)}.`
      : `Handed over on ${formatDate(order.shippedAt, timeZone)}.`;
  } else if (order.cancelledAt) {
    text = `Cancelled on ${formatDate(order.cancelledAt, timeZone)}.`;
  }
  if (!text && !order.shippedAt) return null;
  return (
    <section className="order-section" aria-labelledby="order-shipment-heading">
      <h2 id="order-shipment-heading">Shipment</h2>
      {text ? <p>{text}</p> : null}
      <ShipmentLines shipment={order} className="order-tracking" />
    </section>
  );
}
