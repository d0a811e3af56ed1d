import { useFetcher } from "react-router";
import type { OrderReview } from "../../../contracts/reviews.contract";
import { formatDate } from "../../../domain/date-time";
import { reviewTexts as rt } from "../../../domain/reviews";
import { FormNotice } from "../../components/ui/form-message";
import { useTimeZone } from "../../lib/time-zone";
import { ReviewForm } from "./review-form";
import { EDIT_REVIEW_INTENT, type ReviewFormResult, WRITE_REVIEW_INTENT } from "./review-result";
import { ReviewStars } from "./review-stars";

const FETCHER_KEY = "order-review";

/**
 * The buyer's review on their order page (decision 0056): the form once the order is
 * completed and its return window has ended (before, the date it opens), then the
 * review with the artist's reply, editable for 30 days.
 */
export function OrderReviewSection({
  orderId,
  state,
}: {
  orderId: string;
  state: OrderReview | null;
}) {
  const timeZone = useTimeZone();
  const fetcher = useFetcher<ReviewFormResult>({ key: FETCHER_KEY });
  if (!state) return null;
  if (!state.mayReview && !state.review) {
    // On its way to completion, or within its return window: say from when.
    return state.opensAt ? (
      <p className="hint">{rt.reviewFrom(formatDate(state.opensAt, timeZone))}</p>
    ) : null;
  }
  const action = `/profile/purchases/${encodeURIComponent(orderId)}/review`;
  const notice = fetcher.data?.ok ? fetcher.data.message : null;
  const { review } = state;
  return (
    <section className="order-section" aria-labelledby="order-review-heading">
      <h2 id="order-review-heading">{review ? "Your review" : "Review the artist"}</h2>
      <FormNotice message={notice} />
      {review ? (
        <div className="stack">
          <ReviewStars rating={review.rating} />
          <p className="review-body">{review.body}</p>
          <p className="hint">
            Written on {formatDate(review.createdAt, timeZone)}
            {review.editedAt ? ` · edited on ${formatDate(review.editedAt, timeZone)}` : ""}
          </p>
          {state.hidden ? <p className="hint">{rt.hidden}</p> : null}
          {review.reply ? (
            <p className="review-reply">
              <strong>The artist’s reply:</strong> {review.reply}
            </p>
          ) : null}
          {state.editableUntil ? (
            <details>
              <summary>
                Edit your review (until {formatDate(state.editableUntil, timeZone)})
              </summary>
              <ReviewForm
                action={action}
                intent={EDIT_REVIEW_INTENT}
                submitLabel="Save review"
                initial={{ rating: review.rating, body: review.body }}
                fetcherKey={FETCHER_KEY}
              />
            </details>
          ) : null}
        </div>
      ) : (
        <>
          <p className="hint">
            How was the work, and buying from its artist? Your review appears on the artist’s
            profile as a verified purchase. You can edit it for 30 days.
          </p>
          <ReviewForm
            action={action}
            intent={WRITE_REVIEW_INTENT}
            submitLabel="Publish review"
            fetcherKey={FETCHER_KEY}
          />
        </>
      )}
    </section>
  );
}
