import type { ArtistReviews, OwnReviews } from "../../../contracts/reviews.contract";
import {
  MAX_REPLY_LENGTH,
  MAX_REVIEW_REPORT_LENGTH,
  REVIEWS_SHOWN_FROM,
  averageText,
  reviewTexts as rt,
} from "../../../domain/reviews";
import { ReviewCard } from "./review-card";
import { REPLY_INTENT, REPORT_INTENT } from "./review-result";
import { ReviewStars } from "./review-stars";
import { ReviewTextForm } from "./review-text-form";

function countText(count: number): string {
  return count === 1 ? "1 review" : `${count} reviews`;
}

/**
 * The artist profile's reviews (decision 0056): nothing but a neutral line until the
 * artist has REVIEWS_SHOWN_FROM visible reviews, then the average, the count and the
 * reviews, newest first. Signed-in people may report one; the artist, on their own
 * profile, sees all their reviews and replies once to each.
 */
export function ArtistReviewsSection({
  reviews,
  own,
  signedIn,
}: {
  reviews: ArtistReviews;
  own: OwnReviews | null;
  signedIn: boolean;
}) {
  return (
    <section className="artist-reviews stack" id="reviews" aria-labelledby="artist-reviews-heading">
      <h2 id="artist-reviews-heading">Reviews</h2>
      {reviews.shown && reviews.average !== null ? (
        <p className="review-summary">
          <span className="review-average">{averageText(reviews.average)}</span>
          <ReviewStars rating={reviews.average} />
          <span>{countText(reviews.count)}</span>
        </p>
      ) : null}
      {own ? (
        <OwnReviewList own={own} />
      ) : reviews.shown ? (
        <ul className="review-list">
          {reviews.reviews.map((review) => (
            <ReviewCard key={review.id} review={review}>
              {signedIn ? (
                <details className="review-report">
                  <summary>Report this review</summary>
                  <ReviewTextForm
                    reviewId={review.id}
                    intent={REPORT_INTENT}
                    name="reason"
                    label="What is wrong with this review?"
                    submitLabel="Send report"
                    maxLength={MAX_REVIEW_REPORT_LENGTH}
                  />
                </details>
              ) : null}
            </ReviewCard>
          ))}
        </ul>
      ) : (
        <p className="hint">{rt.notYetShown}</p>
      )}
    </section>
  );
}

function OwnReviewList({ own }: { own: OwnReviews }) {
  if (own.reviews.length === 0) return <p className="hint">{rt.notYetShown}</p>;
  return (
    <>
      {own.shown ? null : (
        <p className="hint">
          Only you see these for now: your reviews appear on your profile once you have{" "}
          {REVIEWS_SHOWN_FROM}.
        </p>
      )}
      <ul className="review-list">
        {own.reviews.map((review) => (
          <ReviewCard key={review.id} review={review}>
            {review.hidden ? (
              <p className="hint">{rt.hidden}</p>
            ) : review.reply === null ? (
              <ReviewTextForm
                reviewId={review.id}
                intent={REPLY_INTENT}
                name="reply"
                label="Your reply (you can reply once)"
                submitLabel="Publish reply"
                maxLength={MAX_REPLY_LENGTH}
              />
            ) : null}
          </ReviewCard>
        ))}
      </ul>
    </>
  );
}
