/**
 * What other features may use of reviews: its repository stays private to it. The
 * profile's reviews (shown only from the threshold on) are what a page or an export reads.
 */
export { type ReviewsDeps, artistReviews, ownReviews } from "./reviews.service";
