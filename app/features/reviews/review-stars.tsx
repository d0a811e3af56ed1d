import { starsLabel } from "../../../domain/reviews";

/** A rating as five stars, read out as "4 out of 5 stars". */
export function ReviewStars({ rating }: { rating: number }) {
  const full = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <span className="review-stars" role="img" aria-label={starsLabel(rating)}>
      {"★".repeat(full)}
      {"☆".repeat(5 - full)}
    </span>
  );
}
