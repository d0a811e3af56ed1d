import { Form } from "react-router";
import type {
  ReconciliationDifference as Difference,
  ReconciliationReport,
} from "../../../contracts/admin-reconciliation.contract";
import { priceText } from "../../../domain/display";
import {
  PROBLEM_LABELS,
  RECORD_LABELS,
  reconciliationMessages,
} from "../../../domain/reconciliation";
import { AdminTable } from "./admin-table";
import { formatDateTime } from "../../../domain/date-time";
import { useTimeZone } from "../../lib/time-zone";

export const RECONCILIATION_FALLBACK = "The reconciliation could not be run. Please try again.";

function amount(cents: number | null) {
  return cents === null ? <span aria-label="none">—</span> : priceText(cents);
}

function Totals({ report }: { report: ReconciliationReport }) {
  const rows = [
    ["Captures", report.summary.captures],
    ["Refunds", report.summary.refunds],
    ["Payouts", report.summary.payouts],
  ] as const;
  return (
    <ul className="admin-counts" aria-label="Totals for the range">
      {rows.map(([label, totals]) => (
        <li key={label} className="admin-count">
          {label}: ours {totals.ours.count} ({priceText(totals.ours.amount) || "$0"}), provider{" "}
          {totals.provider.count} ({priceText(totals.provider.amount) || "$0"})
        </li>
      ))}
    </ul>
  );
}

/**
 * The console's reconciliation: a range of days, then every difference between our
 * ledger and the provider's records for it, or the sentence that there is none.
 */
export function ReconciliationPage({
  report,
  from,
  to,
  error,
}: {
  report: ReconciliationReport | null;
  from: string;
  to: string;
  error: string | null;
}) {
  const timeZone = useTimeZone();
  return (
    <section className="stack">
      <h1>Reconciliation</h1>
      <p className="hint">
        Our ledger against the card processor&apos;s and the payout provider&apos;s own records:
        every capture, refund and payout made on the days you choose (UTC, both days included). The
        same check runs from a shell with <code>npm run reconcile</code>.
      </p>
      <Form method="get" className="admin-toolbar" aria-label="Range to reconcile">
        <div className="field">
          <label htmlFor="reconcile-from">From</label>
          <input
            id="reconcile-from"
            name="from"
            type="date"
            defaultValue={from}
            className="reconcile-date"
          />
        </div>
        <div className="field">
          <label htmlFor="reconcile-to">To</label>
          <input
            id="reconcile-to"
            name="to"
            type="date"
            defaultValue={to}
            className="reconcile-date"
          />
        </div>
        <button type="submit" className="button">
          Reconcile
        </button>
      </Form>
      {error ? (
        <p className="message message-error" role="alert">
          {error}
        </p>
      ) : null}
      {report ? (
        <>
          <h2 className="reconcile-range">
            {report.from} to {report.to}, against {report.providerLabel}
          </h2>
          <Totals report={report} />
          {report.summary.differences > 0 ? (
            <p role="status">
              {report.summary.differences} difference
              {report.summary.differences === 1 ? "" : "s"}
              {report.summary.known ? ` (${report.summary.known} known)` : ""}
              {report.omitted ? `; the oldest ${report.differences.length} are listed.` : "."}
            </p>
          ) : null}
          <AdminTable<Difference>
            caption="Differences, oldest first"
            rows={report.differences}
            rowKey={(d) => `${d.record}-${d.providerId}`}
            empty={reconciliationMessages.noDifferences(report.providerLabel)}
            columns={[
              { label: "When", cell: (d) => formatDateTime(d.at, timeZone) },
              { label: "Record", cell: (d) => RECORD_LABELS[d.record] },
              {
                label: "Difference",
                cell: (d) => (
                  <span className={d.known ? "admin-badge" : "admin-badge admin-badge-alert"}>
                    {PROBLEM_LABELS[d.problem]}
                  </span>
                ),
              },
              { label: "Provider id", cell: (d) => <code>{d.providerId}</code> },
              {
                label: "Ours",
                cell: (d) => (
                  <span className="reconcile-ids">
                    {d.ourId ? <code>{d.ourId}</code> : <span aria-label="none">—</span>}
                    {d.orderId ? <span>order {d.orderId}</span> : null}
                  </span>
                ),
              },
              { label: "Our amount", cell: (d) => amount(d.ourAmount), numeric: true },
              { label: "Provider amount", cell: (d) => amount(d.providerAmount), numeric: true },
              {
                label: "Note",
                cell: (d) => (d.known ? `Known: ${d.known}` : <span aria-label="none">—</span>),
              },
            ]}
          />
        </>
      ) : null}
    </section>
  );
}
