import type { ReactNode } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { formatDate, formatDateTime } from "../../../domain/date-time";
import { cardImage } from "../../../domain/display";
import { ORDER_STATUS_LABELS, PROBLEM_KIND_LABELS } from "../../../domain/orders";
import type {
  Sale,
  SalesPage as SalesPageData,
  SalesSummary,
} from "../../../contracts/sales.contract";
import { salesMessages as m } from "../../../contracts/sales.values";
import { useTimeZone } from "../../lib/time-zone";
import { SaleActions } from "./sale-actions";
import {
  STATUS_FILTER,
  type SaleActionResult,
  addressText,
  saleAmounts,
  shipByUrgency,
  shipmentText,
  totalText,
} from "./sale-view";

/**
 * The artist's sales: the totals, a state filter
 * kept in the address, and each sale with what the artist needs to send it, its money,
 * and the actions its state allows.
 */
export function SalesPage({
  page,
  summary,
  status,
  paged,
  now,
  result,
  returns = {},
}: {
  page: SalesPageData;
  summary: SalesSummary;
  /** The state filtered on, "" for all. */
  status: string;
  /** Whether this is a later page (a cursor in the address). */
  paged: boolean;
  /** The server's time of the page, for the ship-by warnings. */
  now: string;
  /** The answer of a form sent without JavaScript. */
  result?: SaleActionResult;
  /** The return panels of the sales shown that have a return (decision 0055), by order id. */
  returns?: Record<string, ReactNode>;
}) {
  const [params] = useSearchParams();
  const older = new URLSearchParams(params);
  if (page.nextCursor) older.set("cursor", page.nextCursor);
  const first = new URLSearchParams(params);
  first.delete("cursor");
  return (
    <section className="sales-page" aria-labelledby="sales-heading">
      <div className="sales-heading-row">
        <h1 id="sales-heading">Sales</h1>
        <a href="/api/me/sales.csv" className="button" download>
          Export CSV
        </a>
      </div>
      <SalesTotals summary={summary} />
      <Form method="get" className="sales-filter" aria-label="Filter sales">
        <div className="field">
          <label htmlFor="sales-status">State</label>
          <select id="sales-status" name="status" defaultValue={status}>
            {STATUS_FILTER.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          Show
        </button>
      </Form>
      {page.items.length === 0 ? (
        <p className="status-text sales-empty">{status || paged ? m.emptyFiltered : m.empty}</p>
      ) : (
        <ol className="sales-list">
          {page.items.map((sale, index) => (
            <SaleEntry
              key={sale.id}
              sale={sale}
              now={now}
              eager={index < 4}
              result={result?.orderId === sale.id ? result : undefined}
              returnPanel={returns[sale.id]}
            />
          ))}
        </ol>
      )}
      {page.nextCursor || paged ? (
        <nav className="sales-paging" aria-label="More sales">
          {paged ? (
            <Link to={`?${first.toString()}`} className="button">
              Newest sales
            </Link>
          ) : null}
          {page.nextCursor ? (
            <Link to={`?${older.toString()}`} className="button">
              Older sales
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

/** Pending, payable and paid out: sums over the ledger, as the server computed them. */
export function SalesTotals({ summary }: { summary: SalesSummary }) {
  const totals = [
    { label: "Pending", value: summary.pending, hint: "Orders still in progress" },
    { label: "Payable", value: summary.payable, hint: "Paid to you in the next payout" },
    { label: "Paid out", value: summary.paidOut, hint: "Paid to your account so far" },
  ];
  return (
    <dl className="sales-totals" aria-label="Your earnings">
      {totals.map((total) => (
        <div key={total.label} className="sales-total">
          <dt>{total.label}</dt>
          <dd>
            <span className="sales-total-value">{totalText(total.value)}</span>
            <span className="hint">{total.hint}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function SaleEntry({
  sale,
  now,
  eager,
  result,
  returnPanel,
}: {
  sale: Sale;
  now: string;
  eager: boolean;
  returnPanel?: ReactNode;
  result?: SaleActionResult;
}) {
  const thumbnail = cardImage({ imageThumbnail: sale.imageThumbnail, imageOriginal: null });
  const amounts = saleAmounts(sale);
  const address = addressText(sale.shippingAddress);
  const timeZone = useTimeZone();
  const shipment = shipmentText(sale, timeZone);
  const urgency = sale.status === "paid" ? shipByUrgency(sale.shipBy, now) : null;
  return (
    <li className="sale-entry">
      <div className="sale-thumb">
        {thumbnail ? (
          <img src={thumbnail} alt="" width={96} height={96} loading={eager ? "eager" : "lazy"} />
        ) : null}
      </div>
      <div className="sale-body">
        <p className="sale-state">
          <span className={`sale-badge sale-badge-${sale.status}`}>
            {ORDER_STATUS_LABELS[sale.status]}
          </span>
        </p>
        <h2 className="sale-title">
          <Link to={`/artwork/${sale.artworkId}`}>{sale.title}</Link>
        </h2>
        <p className="hint">
          Sold <time dateTime={sale.soldAt}>{formatDate(sale.soldAt, timeZone)}</time> · Order{" "}
          <span className="sale-id">{sale.id.slice(0, 8)}</span>
        </p>
      </div>
      <dl className="sale-facts">
        <div>
          <dt>Buyer</dt>
          <dd>{sale.buyerName || "—"}</dd>
        </div>
        {address ? (
          <div>
            <dt>Ship to</dt>
            <dd>{address}</dd>
          </div>
        ) : null}
        {sale.pickUpZipCode ? (
          <div>
            <dt>Pick-up</dt>
            <dd>At zip code {sale.pickUpZipCode}</dd>
          </div>
        ) : null}
        {urgency ? (
          <div className={urgency.urgent ? "sale-ship-by sale-ship-by-urgent" : "sale-ship-by"}>
            <dt>Ship by</dt>
            <dd>
              <time dateTime={sale.shipBy}>{formatDateTime(sale.shipBy, timeZone)}</time> (
              {urgency.text})
            </dd>
          </div>
        ) : null}
        {shipment ? (
          <div>
            <dt>Shipment</dt>
            <dd>{shipment}</dd>
          </div>
        ) : null}
        {sale.problemKind ? (
          <div>
            <dt>Problem</dt>
            <dd>
              {PROBLEM_KIND_LABELS[sale.problemKind]}
              {sale.problemNote ? `: ${sale.problemNote}` : ""}
            </dd>
          </div>
        ) : null}
      </dl>
      <dl className="sale-amounts">
        <div>
          <dt>Price</dt>
          <dd>{amounts.price}</dd>
        </div>
        <div>
          <dt>{amounts.commissionLabel}</dt>
          <dd>{amounts.commission}</dd>
        </div>
        {amounts.refunded ? (
          <div>
            <dt>Refunded to the buyer</dt>
            <dd>{amounts.refunded}</dd>
          </div>
        ) : null}
        <div className="sale-earnings">
          <dt>{amounts.refunded ? "Your earnings after refunds" : "Your earnings"}</dt>
          <dd>{amounts.earnings}</dd>
        </div>
        {amounts.paidOut ? (
          <div>
            <dt>Paid to you</dt>
            <dd>{amounts.paidOut}</dd>
          </div>
        ) : null}
      </dl>
      <SaleActions sale={sale} result={result} />
      {returnPanel}
    </li>
  );
}
