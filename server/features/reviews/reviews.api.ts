/**
 * What other features may use of reviews (its repository stays private to it): the
 * profile's reviews, shown only from the threshold on, and an artist's own reviews.
 */
export { artistReviews, ownReviews } from "./review-lists.service";
export type { ReviewsDeps } from "./reviews.service";
