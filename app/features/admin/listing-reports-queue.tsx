import { Link } from "react-router";
import type { ListingQueue } from "../../../contracts/admin-listing-reports.contract";
import { REPORT_REASON_LABELS } from "../../../domain/listing-reports";
import { formatDateTime } from "../../../domain/date-time";
import { useTimeZone } from "../../lib/time-zone";
import { AdminTable } from "./admin-table";

type ListingEntry = ListingQueue["listings"][number];
type AppealEntry = ListingQueue["appeals"][number];

/** The console's reported listings (decision 0059): open reports by listing, then appeals. */
export function ListingReportsQueue({ queue }: { queue: ListingQueue }) {
  const timeZone = useTimeZone();
  return (
    <section className="stack">
      <h1>Reported listings</h1>
      <p className="hint">
        People reported these listings. Open one to read the reports and the listing, then keep it,
        or take it down, naming the rule it breaks and the facts you relied on: the reporters and
        the artist receive your statement of reasons. Reported conversations have their own page:{" "}
        <Link to="/admin/reports">Reported conversations</Link>.
      </p>
      <AdminTable<ListingEntry>
        caption="Listings with open reports, longest waiting first"
        rows={queue.listings}
        rowKey={(r) => r.listing.id}
        empty="No open reports of listings."
        columns={[
          { label: "First reported", cell: (r) => formatDateTime(r.firstReportedAt, timeZone) },
          { label: "Listing", cell: (r) => r.listing.title || "Untitled" },
          { label: "Artist", cell: (r) => r.listing.artist.displayName },
          { label: "Open reports", cell: (r) => String(r.openReports), numeric: true },
          {
            label: "Reasons",
            cell: (r) => r.reasons.map((reason) => REPORT_REASON_LABELS[reason]).join("; "),
          },
          {
            label: "Case",
            cell: (r) => (
              <Link to={`/admin/listing-reports/${r.listing.id}`}>
                Review “{r.listing.title || "Untitled"}”
              </Link>
            ),
          },
        ]}
      />
      <h2>Appeals waiting</h2>
      <AdminTable<AppealEntry>
        caption="Appeals of take-downs, oldest first"
        rows={queue.appeals}
        rowKey={(r) => r.decisionId}
        empty="No appeals waiting."
        columns={[
          { label: "Appealed", cell: (r) => formatDateTime(r.appealedAt, timeZone) },
          { label: "Listing", cell: (r) => r.listing.title || "Untitled" },
          { label: "Artist", cell: (r) => r.listing.artist.displayName },
          {
            label: "Case",
            cell: (r) => (
              <Link to={`/admin/listing-reports/${r.listing.id}`}>
                Answer the appeal about “{r.listing.title || "Untitled"}”
              </Link>
            ),
          },
        ]}
      />
    </section>
  );
}
