import { Link } from "react-router";
import type { ReportedReview, ReportedReviews } from "../../../contracts/reviews.contract";
import { formatDateTime } from "../../../domain/date-time";
import { MAX_HIDE_REASON_LENGTH, starsLabel } from "../../../domain/reviews";
import { FormNotice } from "../../components/ui/form-message";
import { useTimeZone } from "../../lib/time-zone";
import { ActionForm, useLatestNotice } from "./action-form";

const NOTICE_KEY = "review-actions";

function ReportedReviewCard({ review }: { review: ReportedReview }) {
  const timeZone = useTimeZone();
  const headingId = `reported-review-${review.id}`;
  return (
    <article className="stack review-card admin-reported-review" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {review.buyerName || "A buyer"} about {review.artistName || "an artist"}
      </h2>
      <p className="hint">
        On “{review.artworkTitle}”, written {formatDateTime(review.createdAt, timeZone)} ·{" "}
        <Link to={`/artist/${review.artistId}#reviews`}>The artist’s profile</Link>
      </p>
      <p>{starsLabel(review.rating)}</p>
      <p className="review-body">{review.body}</p>
      {review.reply ? (
        <p className="review-reply">
          <strong>The artist’s reply:</strong> {review.reply}
        </p>
      ) : null}
      <h3>Reports</h3>
      <ul className="stack">
        {review.reports.map((report) => (
          <li key={report.id}>
            <strong>{report.reporterName || "(no name)"}</strong>{" "}
            <span className="hint">
              {report.reporterEmail} · {formatDateTime(report.createdAt, timeZone)}
            </span>
            <p className="admin-report-reason">{report.reason}</p>
          </li>
        ))}
      </ul>
      <div className="admin-row-actions">
        <ActionForm
          intent="dismiss"
          label="Dismiss the reports"
          busyLabel="Dismissing…"
          hidden={{ id: review.id }}
          noticeKey={NOTICE_KEY}
          showNotice={false}
        />
        <ActionForm
          intent="hide"
          label="Hide the review"
          busyLabel="Hiding…"
          tone="danger"
          hidden={{ id: review.id }}
          noticeKey={NOTICE_KEY}
          showNotice={false}
          confirm={{
            title: "Hide this review?",
            body: "It is no longer shown on the artist's profile nor counted in their rating. The buyer cannot edit it any more.",
            confirmLabel: "Hide",
          }}
        >
          <div className="field">
            <label htmlFor={`review-hide-${review.id}`}>Reason for hiding</label>
            <input
              id={`review-hide-${review.id}`}
              name="reason"
              required
              maxLength={MAX_HIDE_REASON_LENGTH}
            />
          </div>
        </ActionForm>
      </div>
    </article>
  );
}

/** `/admin/reviews`: reviews people reported, the longest waiting first, and the team's answers. */
export function ReportedReviewsPage({ queue }: { queue: ReportedReviews }) {
  const notice = useLatestNotice(NOTICE_KEY);
  return (
    <section className="stack">
      <h1>Reported reviews</h1>
      <p className="hint">
        People reported these reviews. Hide a review with a reason (it is no longer shown nor
        counted), or dismiss the reports and keep it.
      </p>
      <FormNotice message={notice} />
      {queue.reviews.length === 0 ? <p>No reported reviews.</p> : null}
      {queue.reviews.map((review) => (
        <ReportedReviewCard key={review.id} review={review} />
      ))}
    </section>
  );
}
