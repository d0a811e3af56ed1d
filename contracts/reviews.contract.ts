import { z } from "zod";
import {
  MAX_HIDE_REASON_LENGTH,
  MAX_REPLY_LENGTH,
  MAX_REVIEW_LENGTH,
  MAX_REVIEW_REPORT_LENGTH,
  reviewTexts as rt,
} from "../domain/reviews";

/**
 * Reviews of artists by the buyers of completed orders (decision 0056; docs/api.md
 * "Reviews"): the buyer's review of an order, the artist's one reply, reports, the
 * artist profile's list, and the console's reported reviews.
 */

/** A text that is trimmed, then required and limited (the raw length is limited too). */
function trimmedText(max: number, required: string, tooLong: string) {
  return z
    .string({ error: required })
    .max(max * 2, tooLong)
    .transform((v) => v.trim())
    .pipe(z.string().min(1, required).max(max, tooLong));
}

const rating = z
  .number({ error: rt.ratingRequired })
  .int(rt.ratingRequired)
  .min(1, rt.ratingRequired)
  .max(5, rt.ratingRequired);

/** `POST` and `PATCH /api/me/purchases/:orderId/review`. */
export const reviewBodySchema = z.object({
  rating,
  body: trimmedText(MAX_REVIEW_LENGTH, rt.bodyRequired, rt.bodyTooLong),
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;

/** `POST /api/me/reviews/:reviewId/reply`. */
export const replyBodySchema = z.object({
  reply: trimmedText(MAX_REPLY_LENGTH, rt.replyRequired, rt.replyTooLong),
});
export type ReplyBody = z.infer<typeof replyBodySchema>;

/** `POST /api/reviews/:reviewId/report`. */
export const reviewReportBodySchema = z.object({
  reason: trimmedText(MAX_REVIEW_REPORT_LENGTH, rt.reasonRequired, rt.reasonTooLong),
});
export type ReviewReportBody = z.infer<typeof reviewReportBodySchema>;

/** `POST /api/admin/reviews/:reviewId/hide`. */
export const hideReviewBodySchema = z.object({
  reason: trimmedText(MAX_HIDE_REASON_LENGTH, rt.hideReasonRequired, rt.hideReasonTooLong),
});
export type HideReviewBody = z.infer<typeof hideReviewBodySchema>;

/** A review as the profile and the order page show it. */
export const reviewSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  rating: z.number().int().min(1).max(5),
  body: z.string(),
  /** The buyer's display name, as the profile shows it. */
  buyerName: z.string(),
  artworkId: z.string().nullable(),
  artworkTitle: z.string(),
  artworkThumbnail: z.string().nullable(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

/** `GET /api/me/purchases/:orderId/review`: what the buyer may do on their order page. */
export const orderReviewSchema = z.object({
  /**
   * True when the order is the buyer's own, completed, past its return window, and of
   * another person's work.
   */
  mayReview: z.boolean(),
  /**
   * When the buyer will be able to review, while they cannot yet (delivered, or within
   * the return window); null when they may now, have reviewed, or never will.
   */
  opensAt: z.string().nullable(),
  review: reviewSchema.nullable(),
  /** While the review can still be edited; null without a review or once the window closed. */
  editableUntil: z.string().nullable(),
  hidden: z.boolean(),
});
export type OrderReview = z.infer<typeof orderReviewSchema>;

/**
 * `GET /api/artists/:id/reviews`: the visible reviews, newest first. Below the threshold
 * `shown` is false and nothing else is told: no average, no count, no reviews.
 */
export const artistReviewsSchema = z.object({
  shown: z.boolean(),
  average: z.number().nullable(),
  count: z.number().int(),
  reviews: z.array(reviewSchema),
});
export type ArtistReviews = z.infer<typeof artistReviewsSchema>;

/** `GET /api/me/reviews`: the artist's own reviews (hidden ones flagged), to reply to. */
export const ownReviewsSchema = z.object({
  shown: z.boolean(),
  reviews: z.array(reviewSchema.extend({ hidden: z.boolean() })),
});
export type OwnReviews = z.infer<typeof ownReviewsSchema>;

export const reviewReportSchema = z.object({
  id: z.string(),
  reporterName: z.string(),
  reporterEmail: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});

/** `GET /api/admin/reviews`: reviews with open reports, oldest report first. */
export const reportedReviewsSchema = z.object({
  reviews: z.array(
    reviewSchema.extend({
      artistId: z.string(),
      artistName: z.string(),
      buyerId: z.string(),
      reports: z.array(reviewReportSchema),
    }),
  ),
});
export type ReportedReviews = z.infer<typeof reportedReviewsSchema>;
export type ReportedReview = ReportedReviews["reviews"][number];

export const reviewActionSchema = z.object({ message: z.string() });
export type ReviewAction = z.infer<typeof reviewActionSchema>;
