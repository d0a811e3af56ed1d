import { Link } from "react-router";
import type {
  ListingCase,
  ListingDecision,
  ListingReport,
} from "../../../contracts/admin-listing-reports.contract";
import { MAX_ADMIN_TEXT } from "../../../contracts/admin.values";
import {
  LISTING_GROUNDS,
  LISTING_GROUND_LABELS,
  REPORT_REASON_LABELS,
} from "../../../domain/listing-reports";
import { formatDateTime } from "../../../domain/date-time";
import { FormNotice } from "../../components/ui/form-message";
import { useTimeZone } from "../../lib/time-zone";
import { ActionForm, useLatestNotice } from "./action-form";

const NOTICE_KEY = "listing-case";

const STATUS_TEXT = { open: "Open", kept: "Kept", taken_down: "Taken down" } as const;

function Explanation({ id, label, hint }: { id: string; label: string; hint: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name="explanation"
        rows={4}
        required
        maxLength={MAX_ADMIN_TEXT}
        aria-describedby={`${id}-hint`}
      />
      <small id={`${id}-hint`}>{hint}</small>
    </div>
  );
}

const FACTS_HINT =
  "The facts and circumstances you relied on. They are sent as written to the reporters and the artist.";

/** Keep or take down, for the open reports shown (the ones the admin read). */
function DecideForms({
  listing,
  reportIds,
}: {
  listing: ListingCase["listing"];
  reportIds: string[];
}) {
  const ids = reportIds.join(",");
  const title = listing.title || "Untitled";
  return (
    <div className="admin-decide">
      <section className="admin-card stack" aria-labelledby="listing-keep-heading">
        <h3 id="listing-keep-heading">Keep the listing</h3>
        <p className="hint">No rule or law is broken: the listing stays as it is.</p>
        <ActionForm
          intent="keep"
          label="Keep the listing"
          busyLabel="Deciding…"
          hidden={{ reportIds: ids, ground: "no_breach" }}
          noticeKey={NOTICE_KEY}
          showNotice={false}
        >
          <Explanation
            id="listing-keep-explanation"
            label="Why the listing stays"
            hint={FACTS_HINT}
          />
        </ActionForm>
      </section>
      <section className="admin-card stack" aria-labelledby="listing-takedown-heading">
        <h3 id="listing-takedown-heading">Take the listing down</h3>
        <p className="hint">It breaks a rule or a law: name which, and the facts.</p>
        <ActionForm
          intent="takeDown"
          label="Take the listing down"
          busyLabel="Taking down…"
          tone="danger"
          hidden={{ reportIds: ids }}
          noticeKey={NOTICE_KEY}
          showNotice={false}
          confirm={{
            title: `Take down “${title}”?`,
            body: "It leaves search, the artist's page and exhibitions and cannot be bought. The reporters and the artist receive your statement of reasons; the artist may appeal once.",
            confirmLabel: "Take it down",
          }}
        >
          <div className="field">
            <label htmlFor="listing-ground">Ground (the rule or law it breaks)</label>
            <select id="listing-ground" name="ground" required defaultValue="">
              <option value="" disabled>
                Choose a ground
              </option>
              {LISTING_GROUNDS.filter((g) => g !== "no_breach").map((ground) => (
                <option key={ground} value={ground}>
                  {LISTING_GROUND_LABELS[ground]}
                </option>
              ))}
            </select>
          </div>
          <Explanation
            id="listing-takedown-explanation"
            label="Facts relied on"
            hint={FACTS_HINT}
          />
        </ActionForm>
      </section>
    </div>
  );
}

function AppealForms({ decision }: { decision: ListingDecision }) {
  return (
    <div className="admin-row-actions">
      <ActionForm
        intent="uphold"
        label="Uphold the take-down"
        busyLabel="Answering…"
        hidden={{ decisionId: decision.id }}
        noticeKey={NOTICE_KEY}
        showNotice={false}
      >
        <Explanation
          id={`uphold-${decision.id}`}
          label="Why the take-down stands"
          hint="Sent as written to the artist."
        />
      </ActionForm>
      <ActionForm
        intent="reverse"
        label="Reverse and restore the listing"
        busyLabel="Answering…"
        hidden={{ decisionId: decision.id }}
        noticeKey={NOTICE_KEY}
        showNotice={false}
      >
        <Explanation
          id={`reverse-${decision.id}`}
          label="Why the take-down is reversed"
          hint="Sent as written to the artist."
        />
      </ActionForm>
    </div>
  );
}

function DecisionCard({
  decision,
  reports,
}: {
  decision: ListingDecision;
  /** The reports this decision closed. */
  reports: ListingReport[];
}) {
  const timeZone = useTimeZone();
  const { appeal } = decision;
  return (
    <li className="admin-card stack">
      <p>
        <span className="admin-badge">{STATUS_TEXT[decision.outcome]}</span> on{" "}
        {formatDateTime(decision.decidedAt, timeZone)}
        {decision.decidedByEmail ? ` by ${decision.decidedByEmail}` : ""}
      </p>
      <p>Ground: {LISTING_GROUND_LABELS[decision.ground]}</p>
      <p className="admin-report-reason">{decision.explanation}</p>
      <details>
        <summary>
          The {reports.length === 1 ? "report" : `${reports.length} reports`} decided
        </summary>
        <ul className="stack">
          {reports.map((report) => (
            <li key={report.id}>
              <strong>{REPORT_REASON_LABELS[report.reason]}</strong>, by{" "}
              {report.reporter.displayName ?? "a guest"} ({report.reporter.email}) on{" "}
              {formatDateTime(report.createdAt, timeZone)}
              <p className="admin-report-reason">{report.explanation}</p>
            </li>
          ))}
        </ul>
      </details>
      {appeal ? (
        <div className="stack">
          <p>
            <strong>Appeal</strong> of {formatDateTime(appeal.appealedAt, timeZone)}:
          </p>
          <p className="admin-report-reason">{appeal.explanation}</p>
          {appeal.outcome ? (
            <p className="hint">
              {appeal.outcome === "reversed" ? "Reversed" : "Upheld"}
              {appeal.decidedAt ? ` on ${formatDateTime(appeal.decidedAt, timeZone)}` : ""}
              {appeal.decidedByEmail ? ` by ${appeal.decidedByEmail}` : ""}: {appeal.answer}
            </p>
          ) : (
            <AppealForms decision={decision} />
          )}
        </div>
      ) : null}
    </li>
  );
}

/** One reported listing: the listing, its reports, the decision on the open ones, the past decisions. */
export function ListingCaseView({ listingCase }: { listingCase: ListingCase }) {
  const timeZone = useTimeZone();
  const notice = useLatestNotice(NOTICE_KEY);
  const { listing, reports, decisions } = listingCase;
  const open = reports.filter((r) => r.status === "open");
  return (
    <section className="stack">
      <p>
        <Link to="/admin/listing-reports">← Reported listings</Link>
      </p>
      <h1>{listing.title || "Untitled"}</h1>
      <div className="admin-card admin-listing">
        {listing.thumbnail ? <img src={listing.thumbnail} alt="" width={120} /> : null}
        <p>
          By {listing.artist.displayName} ({listing.artist.email}).{" "}
          {listing.hidden ? (
            <span className="admin-badge">Hidden from the marketplace</span>
          ) : (
            <Link to={`/artwork/${listing.id}`}>See the listing</Link>
          )}
        </p>
      </div>
      {notice ? <FormNotice message={notice} /> : null}

      <h2>Open reports ({open.length})</h2>
      {open.length === 0 ? (
        <p className="admin-empty">No open reports.</p>
      ) : (
        <>
          <ul className="admin-reports">
            {open.map((report) => (
              <li key={report.id} className="admin-card stack">
                <p>
                  <strong>{REPORT_REASON_LABELS[report.reason]}</strong>, by{" "}
                  {report.reporter.displayName ?? "a guest"} ({report.reporter.email}) on{" "}
                  {formatDateTime(report.createdAt, timeZone)}
                </p>
                <p className="admin-report-reason">{report.explanation}</p>
              </li>
            ))}
          </ul>
          <p className="hint">
            {open.length === 1
              ? "Your decision covers this report."
              : `Your decision covers these ${open.length} reports together.`}{" "}
            Reports that arrive meanwhile stay open.
          </p>
          <DecideForms listing={listing} reportIds={open.map((r) => r.id)} />
        </>
      )}

      <h2>Decisions</h2>
      {decisions.length === 0 ? (
        <p className="admin-empty">No decisions yet.</p>
      ) : (
        <ul className="admin-reports">
          {[...decisions].reverse().map((decision) => (
            <DecisionCard
              key={decision.id}
              decision={decision}
              reports={reports.filter((r) => r.decisionId === decision.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
