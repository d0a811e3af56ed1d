/**
 * What other features may use of reviews (its repository stays private to it): the
 * profile's reviews, shown only from the threshold on, and an artist's own reviews; and a
 * person's reviews for their data export and their account's closure (decision 0058).
 */
export { artistReviews, ownReviews } from "./review-lists.service";
export { forgetReviewsOf, reviewsForExport } from "./personal-data.repository";
export type { ReviewsDeps } from "./reviews.service";
