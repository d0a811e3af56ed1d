import type { ArtistReviews, OwnReviews } from "../../../contracts/reviews.contract";
import { isUuid } from "../../../domain/ids";
import { REVIEWS_PAGE_SIZE, REVIEWS_SHOWN_FROM, reviewerName } from "../../../domain/reviews";
import { listReviewsOf, reviewSummaryOf } from "./reviews.repository";
import { type ReviewsDeps, toReview } from "./reviews.service";

/**
 * The profile's reviews: nothing until the artist has REVIEWS_SHOWN_FROM visible ones
 * (a first unlucky review does not stand alone), then the average, the count and the
 * newest reviews. A hidden review is neither shown nor counted.
 */
export async function artistReviews(deps: ReviewsDeps, artistId: string): Promise<ArtistReviews> {
  if (!isUuid(artistId)) return { shown: false, average: null, count: 0, reviews: [] };
  const id = artistId.toLowerCase();
  const summary = await reviewSummaryOf(deps.db, id);
  if (summary.count < REVIEWS_SHOWN_FROM || summary.average === null) {
    return { shown: false, average: null, count: 0, reviews: [] };
  }
  const rows = await listReviewsOf(deps.db, id, { limit: REVIEWS_PAGE_SIZE });
  return {
    shown: true,
    average: Math.round(summary.average * 100) / 100,
    count: summary.count,
    // Visitors read the buyer's first name and initial; the artist and the team, the name.
    reviews: rows.map((row) => ({ ...toReview(row), buyerName: reviewerName(row.buyerName) })),
  };
}

/** The artist's own reviews, hidden ones flagged, whether or not the profile shows them yet. */
export async function ownReviews(deps: ReviewsDeps, artistId: string): Promise<OwnReviews> {
  const [summary, rows] = await Promise.all([
    reviewSummaryOf(deps.db, artistId),
    listReviewsOf(deps.db, artistId, { limit: REVIEWS_PAGE_SIZE, withHidden: true }),
  ]);
  return {
    shown: summary.count >= REVIEWS_SHOWN_FROM,
    reviews: rows.map((row) => ({ ...toReview(row), hidden: row.hiddenAt !== null })),
  };
}
