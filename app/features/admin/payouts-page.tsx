import type {
  AdminPayout,
  PayableArtist,
  PayoutsOverview,
} from "../../../contracts/payout-runs.contract";
import { priceText } from "../../../domain/display";
import { ActionForm } from "./action-form";
import { AdminTable } from "./admin-table";
import { formatDateTime } from "../../../domain/date-time";
import { useTimeZone } from "../../lib/time-zone";

const PAYOUT_LABELS: Record<PayableArtist["payoutStatus"], string> = {
  none: "Not set up",
  pending: "Pending",
  active: "Active",
  restricted: "Restricted",
};

const STATUS_LABELS: Record<AdminPayout["status"], string> = {
  pending: "Pending",
  paid: "Paid",
  failed: "Failed",
};

/** Cents as dollars; what an artist owes back shows with a minus sign. */
function money(cents: number) {
  return cents < 0 ? `−${priceText(-cents)}` : priceText(cents);
}

/**
 * The console's Payouts area (decision 0029): what each artist is owed, a run
 * now, and the newest payouts and reversals with their status and reference.
 */
/** What the confirmation says the run will pay. */
function runSummary(artists: PayableArtist[]): string {
  const paid = artists.filter((a) => a.payable > 0 && a.payoutStatus === "active");
  const total = paid.reduce((sum, a) => sum + a.payable, 0);
  const waiting = artists.some((a) => a.payable > 0 && a.payoutStatus !== "active");
  const who =
    paid.length === 0
      ? "No artist with active payouts is owed money now; the run only finishes what earlier runs left."
      : `${paid.length === 1 ? "1 artist" : `${paid.length} artists`} will be paid ${priceText(total)} in all.`;
  return waiting ? `${who} Artists whose payouts are not active are not paid.` : who;
}

export function PayoutsPage({ overview }: { overview: PayoutsOverview }) {
  const timeZone = useTimeZone();
  const provider = overview.provider === "stripe" ? "Stripe transfers" : "the simulated provider";
  return (
    <section className="stack">
      <h1>Payouts</h1>
      <p className="hint">
        Completed orders&rsquo; earnings are paid to each artist in one payout through {provider},{" "}
        {overview.schedule} and whenever you run them here. A refund after a payout is netted off
        the artist&rsquo;s next payout, or taken back from their latest transfer.
      </p>
      <section className="admin-card stack" aria-labelledby="payouts-run">
        <h2 id="payouts-run">Run payouts now</h2>
        <p className="hint">
          Pays every artist with active payouts their payable balance now, as the daily run would.
          Running it twice pays nobody twice.
        </p>
        <ActionForm
          intent="run"
          label="Run payouts now"
          busyLabel="Paying…"
          confirm={{
            title: "Run payouts now?",
            body: runSummary(overview.artists),
            confirmLabel: "Run payouts",
          }}
        />
      </section>
      <h2>Owed to artists</h2>
      <AdminTable<PayableArtist>
        caption="Artists with earnings not yet paid, most owed first"
        rows={overview.artists}
        rowKey={(a) => a.artistId}
        empty="No artist is owed anything."
        columns={[
          {
            label: "Artist",
            cell: (a) => (
              <div className="admin-person">
                <strong>{a.artistName || "(no name)"}</strong>
                <a href={`mailto:${a.email}`}>{a.email}</a>
              </div>
            ),
          },
          { label: "Payouts", cell: (a) => PAYOUT_LABELS[a.payoutStatus] },
          { label: "Payable", numeric: true, cell: (a) => money(a.payable) },
          { label: "In progress", numeric: true, cell: (a) => money(a.pending) },
        ]}
      />
      <h2>Recent payouts</h2>
      <AdminTable<AdminPayout>
        caption="Payouts and reversals, newest first"
        rows={overview.recent}
        rowKey={(p) => p.id}
        empty="No payouts yet."
        columns={[
          { label: "When", cell: (p) => formatDateTime(p.createdAt, timeZone) },
          { label: "Artist", cell: (p) => p.artistName || "(no name)" },
          {
            label: "Kind",
            cell: (p) => (p.kind === "payout" ? "Payout" : "Taken back"),
          },
          { label: "Amount", numeric: true, cell: (p) => priceText(p.amount) },
          {
            label: "Status",
            cell: (p) => (
              <div className="admin-status admin-payout-status">
                <span className={`admin-badge${p.status === "failed" ? " admin-badge-alert" : ""}`}>
                  {STATUS_LABELS[p.status]}
                </span>
                {p.failureMessage ? <span className="hint">{p.failureMessage}</span> : null}
              </div>
            ),
          },
          { label: "Reference", cell: (p) => <code>{p.reference ?? "—"}</code> },
        ]}
      />
    </section>
  );
}
