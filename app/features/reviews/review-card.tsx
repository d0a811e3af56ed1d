import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Review } from "../../../contracts/reviews.contract";
import { formatDate } from "../../../domain/date-time";
import { titleText } from "../../../domain/display";
import { reviewTexts as rt } from "../../../domain/reviews";
import { useTimeZone } from "../../lib/time-zone";
import { ReviewStars } from "./review-stars";

/** One review as the profile lists it: the work bought, the stars, the words, the reply. */
export function ReviewCard({ review, children }: { review: Review; children?: ReactNode }) {
  const timeZone = useTimeZone();
  const title = titleText(review.artworkTitle);
  const work = (
    <>
      {review.artworkThumbnail ? (
        <img src={review.artworkThumbnail} alt="" width={56} height={56} loading="lazy" />
      ) : null}
      <span>{title}</span>
    </>
  );
  return (
    <li className="review-card">
      <div className="review-work">
        {review.artworkId ? <Link to={`/artwork/${review.artworkId}`}>{work}</Link> : work}
      </div>
      <p>
        <ReviewStars rating={review.rating} />{" "}
        <span className="review-verified">{rt.verifiedPurchase}</span>
      </p>
      <p className="review-body">{review.body}</p>
      <p className="hint">
        {review.buyerName || "A buyer"} · {formatDate(review.createdAt, timeZone)}
        {review.editedAt ? " · edited" : ""}
      </p>
      {review.reply ? (
        <p className="review-reply">
          <strong>The artist’s reply:</strong> {review.reply}
        </p>
      ) : null}
      {children}
    </li>
  );
}
