import { Link, useSearchParams } from "react-router";
import type {
  AdminApplication,
  ApplicationStateValue,
  ApplicationsPage,
} from "../../../contracts/admin-applications.contract";
import { applicantName } from "../../../contracts/admin.values";
import { MAX_ADMIN_TEXT } from "../../../contracts/admin.values";
import { smallPhotoAddress } from "../../../domain/photo-address";
import { Avatar } from "../../components/ui/avatar";
import { instagramLink, websiteLink } from "../../lib/social-links";
import { ActionForm, useLatestNotice } from "./action-form";
import { formatDate, formatDateTime } from "../../../domain/date-time";
import { useTimeZone } from "../../lib/time-zone";

/** The tabs: the open ones first (the default), then each state. */
const TABS: { state: ApplicationStateValue | null; label: string; empty: string }[] = [
  { state: null, label: "Open", empty: "No applications are waiting for the team." },
  { state: "waiting", label: "Waiting", empty: "No applications are waiting for review." },
  {
    state: "info_requested",
    label: "Information requested",
    empty: "No applicants owe the team more information.",
  },
  { state: "approved", label: "Approved", empty: "No applications have been approved yet." },
  { state: "declined", label: "Declined", empty: "No applications have been declined." },
];

export const STATE_LABELS: Record<ApplicationStateValue, string> = {
  waiting: "Waiting",
  info_requested: "Information requested",
  approved: "Approved",
  declined: "Declined",
};

const NOFOLLOW = "noopener noreferrer nofollow";

/** The forms after which the card leaves the open list (the notice must outlive it). */
const DECISIONS = "application-decision";

/**
 * The answer of the latest approve or decline, kept at page level: the card (and its
 * form's own notice) leaves the list as soon as the page reloads its data.
 */
/** The console's artist applications: tabs by state with counts, newest first, one card each. */
export function ApplicationsQueue({
  page,
  notice: postedNotice,
}: {
  page: ApplicationsPage;
  /** The answer of an action posted without JavaScript (the route's action data). */
  notice?: string | null;
}) {
  const decisionNotice = useLatestNotice(DECISIONS);
  const notice = decisionNotice ?? postedNotice ?? null;
  const [params] = useSearchParams();
  const current = params.get("state");
  const tab = TABS.find((t) => t.state === current) ?? TABS[0]!;
  const countOf = (state: ApplicationStateValue | null) =>
    state === null ? page.counts.waiting + page.counts.info_requested : page.counts[state];
  const older = new URLSearchParams(params);
  if (page.next) older.set("cursor", page.next);
  return (
    <section className="stack">
      <h1>Artist applications</h1>
      <p className="hint">
        Read each application, then approve it, decline it with a reason, or ask the applicant for
        more information. Each answer is e-mailed to the applicant.
      </p>
      <div role="status" className="application-notice-region">
        {notice ? <p className="message message-success application-notice">{notice}</p> : null}
      </div>
      <nav aria-label="Applications by state">
        <ul className="application-tabs">
          {TABS.map((t) => {
            const active = t === tab;
            return (
              <li key={t.label}>
                <Link
                  to={t.state ? `?state=${t.state}` : "?"}
                  className={`application-tab${active ? " is-active" : ""}`}
                  aria-current={active ? "page" : undefined}
                >
                  {t.label} <span className="admin-badge">{countOf(t.state)}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {page.applications.length === 0 ? (
        <p className="admin-empty">{tab.empty}</p>
      ) : (
        <ol className="application-list" aria-label={`${tab.label} applications, newest first`}>
          {page.applications.map((application) => (
            <li key={application.id}>
              <ApplicationCard application={application} />
            </li>
          ))}
        </ol>
      )}
      {page.next ? (
        <p>
          <Link to={`?${older.toString()}`} className="button">
            Older applications
          </Link>
        </p>
      ) : null}
    </section>
  );
}

function ApplicationCard({ application: a }: { application: AdminApplication }) {
  const timeZone = useTimeZone();
  const instagram = instagramLink(a.instagramHandle);
  const website = websiteLink(a.websiteURL);
  const open = a.state === "waiting" || a.state === "info_requested";
  const headingId = `application-${a.id}`;
  const name = applicantName(a);
  const fullName = `${a.firstName} ${a.lastName}`.trim();
  return (
    <article className="admin-card application-card" aria-labelledby={headingId}>
      <header className="application-head">
        <Avatar name={name} photo={smallPhotoAddress(a.profilePhoto)} size={64} />
        <div className="application-who">
          <h2 id={headingId} className="application-name">
            {name}
          </h2>
          <p className="hint">
            {fullName && fullName !== name ? `${fullName} · ` : null}
            <a href={`mailto:${a.email}`} className="application-email">
              {a.email}
            </a>
          </p>
          <p className="application-state">
            <span className={`admin-badge application-state-${a.state}`}>
              {STATE_LABELS[a.state]}
            </span>
          </p>
        </div>
      </header>
      <dl className="application-facts">
        <div>
          <dt>Instagram</dt>
          <dd>
            {instagram ? (
              <a href={instagram.href} target="_blank" rel={NOFOLLOW}>
                {instagram.label}
              </a>
            ) : (
              "None given"
            )}
          </dd>
        </div>
        <div>
          <dt>Website</dt>
          <dd>
            {website ? (
              <a href={website.href} target="_blank" rel={NOFOLLOW}>
                {website.label}
              </a>
            ) : (
              "None given"
            )}
          </dd>
        </div>
        <div>
          <dt>Applied</dt>
          <dd>{formatDateTime(a.appliedAt, timeZone)}</dd>
        </div>
        <div>
          <dt>Signed up</dt>
          <dd>{formatDate(a.signedUpAt, timeZone)}</dd>
        </div>
        <div>
          <dt>Earlier applications</dt>
          <dd>{a.earlierApplications}</dd>
        </div>
        {a.decidedAt ? (
          <div>
            <dt>{open ? "Last answered" : "Decided"}</dt>
            <dd>
              {formatDateTime(a.decidedAt, timeZone)}
              {a.decidedByEmail ? ` by ${a.decidedByEmail}` : ""}
            </dd>
          </div>
        ) : null}
      </dl>
      <ApplicationPictures application={a} name={name} />
      <div className="application-text">
        <h3>Bio</h3>
        <p>{a.bio.trim() || "No bio yet."}</p>
        {a.note.trim() ? (
          <>
            <h3>Note</h3>
            <p>{a.note}</p>
          </>
        ) : null}
        {a.teamMessage && a.state !== "declined" ? (
          <>
            <h3>The team asked</h3>
            <p>{a.teamMessage}</p>
          </>
        ) : null}
        {a.answer ? (
          <>
            {/* Asked again: the answer on file replied to the earlier question. */}
            <h3>
              {a.state === "info_requested"
                ? "Applicant's answer to the earlier question"
                : "Applicant's answer"}
            </h3>
            <p>{a.answer}</p>
          </>
        ) : null}
        {a.teamMessage && a.state === "declined" ? (
          <>
            <h3>Reason given</h3>
            <p>{a.teamMessage}</p>
          </>
        ) : null}
      </div>
      {open ? <ApplicationActions application={a} name={name} /> : null}
    </article>
  );
}

/** The applicant's pictures of their work: thumbnails, each opening the full picture. */
function ApplicationPictures({
  application: a,
  name,
}: {
  application: AdminApplication;
  name: string;
}) {
  const total = a.images.length;
  return (
    <div className="application-pictures">
      <h3>Their work</h3>
      {total === 0 ? (
        <p className="hint">No pictures attached.</p>
      ) : (
        <ul className="application-picture-list" aria-label={`Pictures of ${name}'s work`}>
          {a.images.map((image, index) => (
            <li key={image.id}>
              <a href={image.original} target="_blank" rel="noopener noreferrer">
                <img
                  src={image.thumbnail}
                  alt={`Picture ${index + 1} of ${total}, opens full size`}
                  width={96}
                  height={96}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ApplicationActions({
  application: a,
  name,
}: {
  application: AdminApplication;
  name: string;
}) {
  const hidden = { userId: a.userId };
  return (
    <div className="application-actions">
      <ActionForm
        intent="approve"
        noticeKey={DECISIONS}
        label="Approve"
        busyLabel="Approving…"
        hidden={hidden}
        confirm={{
          title: `Approve ${name}?`,
          // The dialog puts its body in a paragraph of its own (alert-dialog.tsx).
          body: `${name} becomes an artist and is e-mailed how to set up payouts and list their work.`,
          confirmLabel: "Approve",
        }}
      />
      <details className="application-more">
        <summary className="button">Decline…</summary>
        <ActionForm
          intent="decline"
          noticeKey={DECISIONS}
          label="Decline"
          busyLabel="Declining…"
          tone="danger"
          hidden={hidden}
          confirm={{
            title: `Decline ${name}'s application?`,
            body: `${name} stays a collector and is e-mailed your reason. They may apply again.`,
            confirmLabel: "Decline",
          }}
        >
          <label className="field">
            <span>Reason for declining</span>
            <textarea name="reason" rows={3} maxLength={MAX_ADMIN_TEXT} required />
            <small>E-mailed to the applicant.</small>
          </label>
        </ActionForm>
      </details>
      <details className="application-more">
        <summary className="button">Request information…</summary>
        <ActionForm intent="request-info" label="Send request" busyLabel="Sending…" hidden={hidden}>
          <label className="field">
            <span>What would you like to know?</span>
            <textarea name="message" rows={3} maxLength={MAX_ADMIN_TEXT} required />
            <small>E-mailed to the applicant, who answers from their profile.</small>
          </label>
        </ActionForm>
      </details>
    </div>
  );
}
