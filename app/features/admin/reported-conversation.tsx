import { Link } from "react-router";
import type { Report, ReportedConversation } from "../../../contracts/admin-reports.contract";
import { MAX_ADMIN_TEXT } from "../../../contracts/admin.values";
import { formatDateTime } from "../../../domain/date-time";
import { useTimeZone } from "../../lib/time-zone";
import { ActionForm, useLatestNotice } from "./action-form";
import { FormNotice } from "../../components/ui/form-message";

const STATUS_TEXT: Record<Report["status"], string> = {
  open: "Open",
  dismissed: "Dismissed",
  warned: "Warned",
  suspended: "Suspended",
};

const NOTICE_KEY = "report-actions";

function ReportActions({ report }: { report: Report }) {
  const name = report.reported.displayName || "this person";
  return (
    <div className="admin-row-actions">
      <ActionForm
        intent="dismiss"
        label="Dismiss"
        busyLabel="Dismissing…"
        hidden={{ id: report.id }}
        noticeKey={NOTICE_KEY}
        showNotice={false}
      />
      <ActionForm
        intent="warn"
        label={`Warn ${name}`}
        busyLabel="Warning…"
        hidden={{ id: report.id }}
        noticeKey={NOTICE_KEY}
        showNotice={false}
        confirm={{
          title: `Warn ${name}?`,
          body: "They get an e-mail saying their conversation was reported and read by the team, and that their account may be suspended if it happens again. It does not say who reported it.",
          confirmLabel: "Send the warning",
        }}
      />
      <ActionForm
        intent="suspend"
        label={`Suspend ${name}`}
        busyLabel="Suspending…"
        tone="danger"
        hidden={{ id: report.id }}
        noticeKey={NOTICE_KEY}
        showNotice={false}
        confirm={{
          title: `Suspend ${name}?`,
          body: "They are signed out everywhere, cannot sign in, their conversations close and their works leave the marketplace until you reinstate them from People.",
          confirmLabel: "Suspend",
        }}
      >
        <div className="field">
          <label htmlFor={`report-suspend-${report.id}`}>Reason for suspending</label>
          <input
            id={`report-suspend-${report.id}`}
            name="reason"
            required
            maxLength={MAX_ADMIN_TEXT}
          />
        </div>
      </ActionForm>
    </div>
  );
}

/** One reported conversation, read-only, with its reports and the team's answers to them. */
export function ReportedConversationView({ conversation }: { conversation: ReportedConversation }) {
  const timeZone = useTimeZone();
  const notice = useLatestNotice(NOTICE_KEY);
  const nameOf = (id: string) =>
    id === conversation.buyer.id
      ? `${conversation.buyer.displayName} (buyer)`
      : `${conversation.artist.displayName} (artist)`;
  return (
    <section className="stack">
      <p>
        <Link to="/admin/reports">← Reported conversations</Link>
      </p>
      <h1>
        {conversation.buyer.displayName} and {conversation.artist.displayName}
      </h1>
      <p className="hint">
        {conversation.artwork
          ? `About “${conversation.artwork.title || "Untitled"}”.`
          : "About the artist’s profile."}{" "}
        {conversation.closed ? "This conversation is closed." : null} Read-only: nothing you do here
        marks it read.
      </p>
      {notice ? <FormNotice message={notice} /> : null}

      <h2>Reports</h2>
      <ul className="admin-reports">
        {conversation.reports.map((report) => (
          <li key={report.id} className="admin-card stack">
            <p>
              <strong>{report.reporter.displayName}</strong> reported it on{" "}
              {formatDateTime(report.createdAt, timeZone)}:{" "}
              <span className="admin-badge">{STATUS_TEXT[report.status]}</span>
            </p>
            <p className="admin-report-reason">{report.reason}</p>
            {report.status === "open" ? (
              <ReportActions report={report} />
            ) : (
              <p className="hint">
                Decided
                {report.decidedAt ? ` on ${formatDateTime(report.decidedAt, timeZone)}` : ""}
                {report.decidedByEmail ? ` by ${report.decidedByEmail}` : ""}.
              </p>
            )}
          </li>
        ))}
      </ul>

      <h2>Messages</h2>
      {conversation.messages.length === 0 ? (
        <p className="admin-empty">No messages.</p>
      ) : (
        <ol className="admin-thread">
          {conversation.messages.map((m) => (
            <li key={m.id} className="admin-card">
              <p className="hint">
                {nameOf(m.senderId)} · {formatDateTime(m.createdAt, timeZone)}
              </p>
              {m.body ? <p className="admin-thread-body">{m.body}</p> : null}
              {m.images.length ? (
                <div className="admin-thread-images">
                  {m.images.map((image) => (
                    <a key={image.id} href={image.original} target="_blank" rel="noreferrer">
                      <img src={image.thumbnail} alt="Picture sent with the message" width={96} />
                    </a>
                  ))}
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
