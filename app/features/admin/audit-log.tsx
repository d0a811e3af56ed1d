import { Form, Link, useSearchParams } from "react-router";
import type { AuditEvent, AuditPage } from "../../../contracts/admin.contract";
import { AdminTable } from "./admin-table";
import { formatDateTime } from "../../../domain/date-time";
import { useTimeZone } from "../../lib/time-zone";

/** A before/after value as short, readable JSON; nothing when there is none. */
function Snapshot({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span aria-label="none">—</span>;
  return <pre className="admin-json">{JSON.stringify(value, null, 1)}</pre>;
}

/** The console's audit log: newest first, filtered by action or target, older pages on demand. */
export function AuditLog({ page }: { page: AuditPage }) {
  const timeZone = useTimeZone();
  const [params] = useSearchParams();
  const older = new URLSearchParams(params);
  if (page.next) older.set("cursor", page.next);
  return (
    <section className="stack">
      <h1>Audit log</h1>
      <p className="hint">
        Every console action, who did it and when, with the record before and after. Nothing here
        can be changed.
      </p>
      <Form method="get" className="admin-toolbar" role="search" aria-label="Filter the log">
        <div className="field">
          <label htmlFor="audit-action">Action</label>
          <select id="audit-action" name="action" defaultValue={params.get("action") ?? ""}>
            <option value="">All actions</option>
            {page.actions.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-target">Target id</label>
          <input
            id="audit-target"
            name="targetId"
            defaultValue={params.get("targetId") ?? ""}
            maxLength={100}
          />
        </div>
        <button type="submit" className="button">
          Filter
        </button>
        {params.size ? (
          <Link to="/admin/audit" className="button-link">
            Clear
          </Link>
        ) : null}
      </Form>
      <AdminTable<AuditEvent>
        caption="Console actions, newest first"
        rows={page.events}
        rowKey={(e) => e.id}
        empty="No console actions recorded yet."
        columns={[
          { label: "When", cell: (e) => formatDateTime(e.createdAt, timeZone) },
          { label: "Who", cell: (e) => e.actorEmail || "—" },
          { label: "Action", cell: (e) => <span className="admin-badge">{e.action}</span> },
          {
            label: "Target",
            cell: (e) => (
              <Link to={`/admin/audit?targetId=${encodeURIComponent(e.targetId)}`}>
                {e.targetType} {e.targetId.slice(0, 8)}
              </Link>
            ),
          },
          { label: "Before", cell: (e) => <Snapshot value={e.before} /> },
          { label: "After", cell: (e) => <Snapshot value={e.after} /> },
        ]}
      />
      {page.next ? (
        <p>
          <Link to={`?${older.toString()}`} className="button">
            Older actions
          </Link>
        </p>
      ) : null}
    </section>
  );
}
