import { Link } from "react-router";
import type { Report, ReportQueue } from "../../../contracts/admin-reports.contract";
import { formatDateTime } from "../../../domain/date-time";
import { useTimeZone } from "../../lib/time-zone";
import { AdminTable } from "./admin-table";

function PersonCell({ person }: { person: Report["reporter"] }) {
  return (
    <div className="admin-person">
      <strong>{person.displayName || "(no name)"}</strong>
      <span className="hint">{person.email}</span>
      {person.suspended ? <span className="admin-badge">Suspended</span> : null}
    </div>
  );
}

/** The console's queue of reported conversations: open reports, oldest first. */
export function ReportsQueue({ queue }: { queue: ReportQueue }) {
  const timeZone = useTimeZone();
  return (
    <section className="stack">
      <h1>Reported conversations</h1>
      <p className="hint">
        A buyer or an artist reported these conversations. Only reported conversations can be read
        here. Dismiss a report, warn the reported person by e-mail, or suspend them.
      </p>
      <AdminTable<Report>
        caption="Open reports, oldest first"
        rows={queue.reports}
        rowKey={(r) => r.id}
        empty="No open reports."
        columns={[
          {
            label: "Reported",
            cell: (r) => formatDateTime(r.createdAt, timeZone),
          },
          { label: "By", cell: (r) => <PersonCell person={r.reporter} /> },
          { label: "About", cell: (r) => <PersonCell person={r.reported} /> },
          {
            label: "Reason",
            cell: (r) => <p className="admin-report-reason">{r.reason}</p>,
          },
          {
            label: "Work",
            cell: (r) => (r.artwork ? r.artwork.title || "Untitled" : "Their artist profile"),
          },
          {
            label: "Conversation",
            cell: (r) => (
              <Link to={`/admin/conversations/${r.conversationId}`}>Read and decide</Link>
            ),
          },
        ]}
      />
    </section>
  );
}
