import { Form, Link, useSearchParams } from "react-router";
import type { AdminOrderRow, AdminOrdersPage } from "../../../contracts/admin-orders.contract";
import { centsText } from "../../../domain/money-input";
import { ORDER_STATUSES, ORDER_STATUS_LABELS } from "../../../domain/orders";
import { AdminTable } from "./admin-table";
import { OrderStatusBadge } from "./order-status-badge";
import { formatDate, formatDateTime } from "../../../domain/date-time";
import { useTimeZone } from "../../lib/time-zone";

/** The console's orders: every sale, newest first, by state and search, one link per order. */
export function OrdersTable({ page }: { page: AdminOrdersPage }) {
  const timeZone = useTimeZone();
  const [params] = useSearchParams();
  const more = new URLSearchParams(params);
  if (page.next) more.set("cursor", page.next);
  const status = params.get("status") ?? "";
  const filtered = Boolean(status || params.get("q"));
  const all = ORDER_STATUSES.reduce((sum, s) => sum + page.counts[s], 0);
  return (
    <section className="stack">
      <h1>Orders</h1>
      <p className="hint">
        Every sale, newest first. Open an order to see its payment and history, refund it, close a
        reported problem or cancel it.
      </p>
      <nav aria-label="Orders by state">
        <ul className="admin-counts">
          <li>
            <Link
              to="/admin/orders"
              className="admin-count"
              aria-current={status ? undefined : "page"}
            >
              All: {all}
            </Link>
          </li>
          {ORDER_STATUSES.map((s) => (
            <li key={s}>
              <Link
                to={`/admin/orders?status=${s}`}
                className="admin-count"
                aria-current={status === s ? "page" : undefined}
              >
                {ORDER_STATUS_LABELS[s]}: {page.counts[s]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" className="admin-toolbar" role="search" aria-label="Find orders">
        <div className="field">
          <label htmlFor="orders-q">Work, artist, buyer or order id</label>
          <input
            id="orders-q"
            name="q"
            type="search"
            defaultValue={params.get("q") ?? ""}
            maxLength={200}
          />
        </div>
        <div className="field">
          <label htmlFor="orders-status">State</label>
          <select id="orders-status" name="status" defaultValue={status}>
            <option value="">Any</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          Search
        </button>
        {filtered ? (
          <Link to="/admin/orders" className="button-link">
            Clear
          </Link>
        ) : null}
      </Form>
      <AdminTable<AdminOrderRow>
        caption="Orders, newest sale first"
        rows={page.orders}
        rowKey={(o) => o.id}
        empty={filtered ? "No order matches this search." : "Nothing has been sold yet."}
        columns={[
          {
            label: "Order",
            cell: (o) => (
              <div className="admin-person">
                <Link to={`/admin/orders/${o.id}`}>
                  <strong>{o.title}</strong>
                </Link>
                <span className="hint">Sold {formatDate(o.soldAt, timeZone)}</span>
              </div>
            ),
          },
          {
            label: "Buyer",
            cell: (o) => (
              <div className="admin-person">
                <span>{o.buyerName || "(no name)"}</span>
                <span className="hint">{o.buyerEmail}</span>
              </div>
            ),
          },
          { label: "Artist", cell: (o) => o.artistName },
          { label: "State", cell: (o) => <OrderStatusBadge status={o.status} /> },
          { label: "Total", numeric: true, cell: (o) => centsText(o.totalAmount) },
          {
            label: "Refunded",
            numeric: true,
            cell: (o) => (o.refundedAmount ? centsText(o.refundedAmount) : "—"),
          },
          {
            label: "Ship by",
            cell: (o) => (o.status === "paid" ? formatDateTime(o.shipBy, timeZone) : "—"),
          },
        ]}
      />
      {page.next ? (
        <p>
          <Link to={`?${more.toString()}`} className="button">
            More orders
          </Link>
        </p>
      ) : null}
    </section>
  );
}
