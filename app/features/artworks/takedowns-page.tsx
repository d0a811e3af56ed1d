import { useId } from "react";
import { Link, useFetcher } from "react-router";
import type { Takedown, TakedownList } from "../../../contracts/listing-reports.contract";
import { MAX_APPEAL_LENGTH } from "../../../domain/listing-reports";
import { formatDate } from "../../../domain/date-time";
import { titleText } from "../../../domain/display";
import { FormError, FormNotice } from "../../components/ui/form-message";
import { useTimeZone } from "../../lib/time-zone";
import type { ReportResult } from "./report-listing";

function AppealForm({ takedown }: { takedown: Takedown }) {
  const id = useId();
  const fetcher = useFetcher<ReportResult>();
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  if (result?.ok) return <FormNotice message={result.message} />;
  return (
    <fetcher.Form method="post" className="stack" noValidate>
      <input type="hidden" name="id" value={takedown.id} />
      <div className="field">
        <label htmlFor={`${id}-appeal`}>Your appeal</label>
        <textarea
          id={`${id}-appeal`}
          name="explanation"
          rows={4}
          required
          maxLength={MAX_APPEAL_LENGTH}
          aria-describedby={`${id}-appeal-hint`}
        />
        <small id={`${id}-appeal-hint`}>
          Why the decision should change, with any facts the team did not have. You can appeal once.
        </small>
      </div>
      <FormError message={result && !result.ok ? result.error : null} />
      <div>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? "Sending…" : "Send appeal"}
        </button>
      </div>
    </fetcher.Form>
  );
}

function appealStatus(appeal: NonNullable<Takedown["appeal"]>): string {
  if (appeal.outcome === "reversed")
    return "Appeal granted: the listing is back on the marketplace.";
  if (appeal.outcome === "upheld") return "Appeal refused: the take-down stands.";
  return "Appeal sent: the team will answer you by e-mail.";
}

function TakedownCard({ takedown }: { takedown: Takedown }) {
  const timeZone = useTimeZone();
  const headingId = useId();
  const { artwork, appeal } = takedown;
  return (
    <article
      id={`decision-${takedown.id}`}
      className="takedown-card stack"
      aria-labelledby={headingId}
    >
      <h2 id={headingId}>
        <Link to={`/artwork/${artwork.id}`}>{titleText(artwork.title)}</Link>
      </h2>
      <dl className="takedown-facts">
        <dt>Decision</dt>
        <dd>Taken down on {formatDate(takedown.decidedAt, timeZone)}</dd>
        <dt>Ground</dt>
        <dd>{takedown.ground}</dd>
        <dt>Facts relied on</dt>
        <dd className="takedown-text">{takedown.explanation}</dd>
        <dt>Automated means</dt>
        <dd>None: a member of the team decided.</dd>
      </dl>
      {appeal ? (
        <div className="stack">
          {/* A status: announced when it takes the appeal form's place. */}
          <p role="status">
            <strong>{appealStatus(appeal)}</strong>
          </p>
          <p className="takedown-text">Your appeal: {appeal.explanation}</p>
          {appeal.answer ? <p className="takedown-text">The team: {appeal.answer}</p> : null}
        </div>
      ) : takedown.appealable ? (
        <AppealForm takedown={takedown} />
      ) : null}
    </article>
  );
}

/** The artist's listings the team took down after a report, each with its appeal (decision 0059). */
export function TakedownsPage({ list }: { list: TakedownList }) {
  return (
    <section className="stack takedowns-page" aria-labelledby="takedowns-heading">
      <h1 id="takedowns-heading">Taken-down listings</h1>
      <p className="hint">
        Listings of yours the marketplace team took down after a report, with the team's reasons.
        You can appeal each decision once; if the team reverses it, the listing is back at once.
      </p>
      {list.takedowns.length === 0 ? (
        <p>None of your listings has been taken down.</p>
      ) : (
        list.takedowns.map((takedown) => <TakedownCard key={takedown.id} takedown={takedown} />)
      )}
    </section>
  );
}
