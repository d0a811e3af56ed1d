import type { ReactNode } from "react";
import { Link } from "react-router";
import type { AdminOrderDetail, AdminRefund } from "../../../contracts/admin-orders.contract";
import type { OrderEventView } from "../../../contracts/orders.contract";
import { bpsToPercent, centsText } from "../../../domain/money-input";
import { ORDER_STATUS_LABELS, PROBLEM_KIND_LABELS } from "../../../domain/orders";
import { AdminTable } from "./admin-table";
import { OrderActions, useOrderNotice } from "./order-actions";
import { OrderStatusBadge } from "./order-status-badge";
import { formatDateTime } from "../../../domain/date-time";
import { useTimeZone } from "../../lib/time-zone";

const ROLE_LABELS: Record<OrderEventView["actorRole"], string> = {
  artist: "the artist",
  buyer: "the buyer",
  team: "the team",
  system: "automatically",
};

const REFUND_STATUS_LABELS: Record<AdminRefund["status"], string> = {
  pending: "Processing",
  succeeded: "Refunded",
  failed: "Failed",
};

function Person({ name, email }: { name: string; email: string }) {
  return (
    <div className="admin-person">
      <strong>{name || "(no name)"}</strong>
      <a href={`mailto:${email}`}>{email}</a>
      <Link to={`/admin/people?q=${encodeURIComponent(email)}`} className="hint">
        Find in People
      </Link>
    </div>
  );
}

function Shipping({ order }: { order: AdminOrderDetail }) {
  const timeZone = useTimeZone();
  const a = order.shippingAddress;
  return (
    <dl className="order-facts">
      <dt>Ship to</dt>
      <dd>
        {a ? (
          <address>
            {a.line1}
            <br />
            {a.city}, {a.state} {a.postal_code}
          </address>
        ) : (
          "No address"
        )}
      </dd>
      {order.pickUpZipCode ? (
        <>
          <dt>Pick-up allowed</dt>
          <dd>ZIP code {order.pickUpZipCode}</dd>
        </>
      ) : null}
      <dt>Sold</dt>
      <dd>{formatDateTime(order.soldAt, timeZone)}</dd>
      {order.status === "paid" ? (
        <>
          <dt>Ship by</dt>
          <dd>{formatDateTime(order.shipBy, timeZone)}</dd>
        </>
      ) : null}
      {order.shippedAt ? (
        <>
          <dt>Shipped</dt>
          <dd>
            {formatDateTime(order.shippedAt, timeZone)}
            <br />
            {order.carrier
              ? `${order.carrier}, tracking ${order.trackingNumber ?? "—"}`
              : "Handed over at pick-up"}
          </dd>
        </>
      ) : null}
      {order.deliveredAt ? (
        <>
          <dt>Delivered</dt>
          <dd>{formatDateTime(order.deliveredAt, timeZone)}</dd>
        </>
      ) : null}
      {order.completedAt ? (
        <>
          <dt>Completed</dt>
          <dd>{formatDateTime(order.completedAt, timeZone)}</dd>
        </>
      ) : null}
      {order.cancelledAt ? (
        <>
          <dt>Cancelled</dt>
          <dd>{formatDateTime(order.cancelledAt, timeZone)}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** Price, tax, total, the frozen commission and net, and what was and may be refunded. */
function Money({ order }: { order: AdminOrderDetail }) {
  const rows: [label: string, cents: number][] = [
    ["Price", order.price],
    ["Tax", order.taxAmount],
    ["Total paid", order.totalAmount],
    [`Commission at ${bpsToPercent(order.commissionBps)}%`, order.commissionAmount],
    ["Artist's net", order.artistNet],
    ["Refunded", order.refundedAmount],
  ];
  if (order.payment.pendingRefunds) rows.push(["Refund processing", order.payment.pendingRefunds]);
  rows.push(["Refundable now", order.refundable]);
  return (
    <table className="order-money">
      <caption className="visually-hidden">Money of this order</caption>
      <tbody>
        {rows.map(([label, cents]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{centsText(cents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Payment({ payment }: { payment: AdminOrderDetail["payment"] }) {
  return (
    <dl className="order-facts">
      <dt>Processor</dt>
      <dd>{payment.provider === "stripe" ? "Stripe" : "Simulated processor"}</dd>
      <dt>Processor id</dt>
      <dd>
        <code className="order-code">{payment.providerPaymentId ?? "—"}</code>
      </dd>
      <dt>Payment status</dt>
      <dd>{payment.status}</dd>
      <dt>Authorized</dt>
      <dd>{centsText(payment.authorized)}</dd>
      <dt>Captured</dt>
      <dd>{centsText(payment.captured)}</dd>
      <dt>Refunded</dt>
      <dd>{centsText(payment.refunded)}</dd>
    </dl>
  );
}

function History({ events }: { events: OrderEventView[] }) {
  const timeZone = useTimeZone();
  return (
    <ol className="admin-order-history">
      {events.map((e, i) => (
        <li key={i}>
          <span className="hint">{formatDateTime(e.at, timeZone)}</span>
          <span>
            {e.fromStatus && e.fromStatus !== e.toStatus
              ? `${ORDER_STATUS_LABELS[e.fromStatus]} → ${ORDER_STATUS_LABELS[e.toStatus]}`
              : e.fromStatus
                ? `Still ${ORDER_STATUS_LABELS[e.toStatus]}`
                : `Sold: ${ORDER_STATUS_LABELS[e.toStatus]}`}
            ,{" "}
            {e.actorName
              ? `by ${e.actorName} (${ROLE_LABELS[e.actorRole]})`
              : ROLE_LABELS[e.actorRole]}
          </span>
          {e.note ? <span className="order-note">{e.note}</span> : null}
        </li>
      ))}
    </ol>
  );
}

/** The console's order page: who, where, the money, the payment, refunds, history and moves. */
export function OrderDetail({
  order,
  returns,
}: {
  order: AdminOrderDetail;
  /** The order's return (decision 0055), given by the route. */
  returns?: ReactNode;
}) {
  const timeZone = useTimeZone();
  const notice = useOrderNotice();
  return (
    <section className="stack">
      <p>
        <Link to="/admin/orders">← All orders</Link>
      </p>
      <div className="order-head">
        {order.imageThumbnail ? (
          <img src={order.imageThumbnail} alt="" className="admin-thumb" />
        ) : null}
        <div>
          <h1>{order.title}</h1>
          <p className="hint">
            Order <code className="order-code">{order.id}</code> ·{" "}
            <Link to={`/artwork/${order.artworkId}`}>the work&apos;s page</Link>
          </p>
        </div>
        <OrderStatusBadge status={order.status} />
      </div>
      <div role="status" className="order-notice-region">
        {notice ? <p className="message message-success">{notice}</p> : null}
      </div>
      {order.problemKind ? (
        <div className="admin-card order-problem">
          <h2>Problem reported</h2>
          <p>
            <strong>{PROBLEM_KIND_LABELS[order.problemKind]}</strong>
          </p>
          {order.problemNote ? <p>{order.problemNote}</p> : null}
        </div>
      ) : null}
      {returns ? <div className="admin-card">{returns}</div> : null}
      <div className="admin-split">
        <div className="stack">
          <div className="admin-card stack">
            <h2>Buyer</h2>
            <Person name={order.buyerName} email={order.buyerEmail} />
          </div>
          <div className="admin-card stack">
            <h2>Artist</h2>
            <Person name={order.artistName} email={order.artistEmail} />
          </div>
          <div className="admin-card stack">
            <h2>Delivery</h2>
            <Shipping order={order} />
          </div>
        </div>
        <div className="stack">
          <div className="admin-card stack">
            <h2>Money</h2>
            <Money order={order} />
          </div>
          <div className="admin-card stack">
            <h2>Payment</h2>
            <Payment payment={order.payment} />
          </div>
          <div className="stack">
            <h2>Actions</h2>
            <OrderActions order={order} />
          </div>
        </div>
      </div>
      <h2>Refunds</h2>
      <AdminTable<AdminRefund>
        caption="Refunds of this order, oldest first"
        rows={order.refunds}
        rowKey={(r) => r.id}
        empty="Nothing has been refunded."
        columns={[
          { label: "Asked", cell: (r) => formatDateTime(r.createdAt, timeZone) },
          { label: "Amount", numeric: true, cell: (r) => centsText(r.amount) },
          { label: "Reason", cell: (r) => r.reason },
          {
            label: "By",
            cell: (r) => r.requestedByName ?? ROLE_LABELS[r.requestedByRole],
          },
          {
            label: "Status",
            cell: (r) => (
              <>
                <span
                  className={`admin-badge${r.status === "succeeded" ? "" : " admin-badge-alert"}`}
                >
                  {REFUND_STATUS_LABELS[r.status]}
                </span>
                {r.status === "failed" && r.failureMessage ? (
                  <span className="hint"> {r.failureMessage}</span>
                ) : null}
              </>
            ),
          },
          {
            label: "Processor id",
            cell: (r) => <code className="order-code">{r.providerRefundId ?? "—"}</code>,
          },
        ]}
      />
      <h2>History</h2>
      <History events={order.events} />
    </section>
  );
}
