import { RETURN_WINDOW_DAYS, type OrderStatus, addDays } from "./orders";
import { returnWindowEnd } from "./returns";

/**
 * The rules of reviews that both the server (which enforces them) and the pages (which
 * offer only what they allow) apply (decision 0056): who may review which order, for how
 * long the review can be edited, when an artist's reviews are shown, and the texts.
 */

/** An order the buyer may review: completed, or settled with a partial refund (the work kept). */
export const REVIEWABLE_STATUSES: readonly OrderStatus[] = ["completed", "partially_refunded"];
/** A review can be edited for this many days after it was written. */
export const REVIEW_EDIT_DAYS = 30;
/** An artist's reviews, average and count are shown once this many are visible. */
export const REVIEWS_SHOWN_FROM = 3;
export const MAX_REVIEW_LENGTH = 2000;
export const MAX_REPLY_LENGTH = 2000;
export const MAX_REVIEW_REPORT_LENGTH = 1000;
export const MAX_HIDE_REASON_LENGTH = 500;
/** The most reviews a page lists; the average and count cover them all. */
export const REVIEWS_PAGE_SIZE = 50;

export function isReviewable(status: OrderStatus): boolean {
  return REVIEWABLE_STATUSES.includes(status);
}

type ReviewTiming = { status: OrderStatus; deliveredAt: Date | null; returnWindowDays: number };

/**
 * When the buyer may review the order: once it is completed (or settled) and its own
 * return window (frozen on the order, decision 0055) has ended, so a work that may still
 * be sent back is not reviewed. A delivered order completes RETURN_WINDOW_DAYS after
 * delivery; a window of 0 (returns off, final sale) adds nothing. Null when the order
 * cannot be reviewed at all (not yet delivered, in a return, refunded, cancelled).
 */
export function reviewOpensAt(order: ReviewTiming): Date | null {
  if (order.status !== "delivered" && !isReviewable(order.status)) return null;
  if (!order.deliveredAt) return order.status === "delivered" ? null : new Date(0);
  const completes = addDays(
    order.deliveredAt,
    order.status === "delivered" ? RETURN_WINDOW_DAYS : 0,
  );
  const windowEnds = returnWindowEnd(order);
  return windowEnds && windowEnds.getTime() > completes.getTime() ? windowEnds : completes;
}

/** Why the order cannot be reviewed now (its state, or its return window), or null. */
export function reviewRefusal(order: ReviewTiming, now: Date): string | null {
  if (!isReviewable(order.status)) return reviewTexts.notReviewable;
  const opens = reviewOpensAt(order);
  if (opens && now.getTime() < opens.getTime()) return reviewTexts.returnWindowOpen;
  return null;
}

export function reviewEditableUntil(createdAt: Date): Date {
  return addDays(createdAt, REVIEW_EDIT_DAYS);
}

export function mayEditReview(createdAt: Date, now: Date): boolean {
  return now.getTime() < reviewEditableUntil(createdAt).getTime();
}

/** "4.3" from 4.333…: one decimal, as the profile shows it. */
export function averageText(average: number): string {
  return (Math.round(average * 10) / 10).toFixed(1);
}

/**
 * How a buyer is named under a public review: the first name and the last name's initial
 * ("Rosa R."), as Artfinder and Etsy keep a buyer's full name off a seller's page.
 */
export function reviewerName(displayName: string): string {
  const words = displayName.trim().split(/\s+/).filter(Boolean);
  const [first, ...rest] = words;
  if (!first) return "A buyer";
  const last = rest.at(-1);
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}

export function starsLabel(rating: number): string {
  return `${rating} out of 5 stars`;
}

export const reviewTexts = {
  signIn: "Please sign in to review, reply or report.",
  ratingRequired: "Please choose from 1 to 5 stars.",
  bodyRequired: "Please write a few words about your purchase.",
  bodyTooLong: `A review can be at most ${MAX_REVIEW_LENGTH.toLocaleString("en-US")} characters.`,
  replyRequired: "Please write your reply.",
  replyTooLong: `A reply can be at most ${MAX_REPLY_LENGTH.toLocaleString("en-US")} characters.`,
  reasonRequired: "Tell us what is wrong with this review.",
  reasonTooLong: `A report can be at most ${MAX_REVIEW_REPORT_LENGTH.toLocaleString("en-US")} characters.`,
  hideReasonRequired: "Please give a reason for hiding this review.",
  hideReasonTooLong: `A reason can be at most ${MAX_HIDE_REASON_LENGTH.toLocaleString("en-US")} characters.`,
  orderNotFound: "Order not found.",
  reviewNotFound: "Review not found.",
  notReviewable: "You can review an order once it is completed.",
  returnWindowOpen: "You can review this order once its return window has ended.",
  reviewFrom: (date: string) => `You can review the artist here from ${date}.`,
  ownWork: "You cannot review your own work.",
  alreadyReviewed: "You have already reviewed this order.",
  editClosed: `A review can be edited for ${REVIEW_EDIT_DAYS} days after it was written.`,
  hidden: "This review was hidden by the marketplace team.",
  notYourReview: "Only the artist can reply to this review.",
  alreadyReplied: "You have already replied to this review.",
  ownReview: "You cannot report your own review.",
  alreadyReported: "You already reported this review; the team will look at it.",
  alreadyDecided: "This review's reports have already been answered.",
  created: "Thank you: your review is published.",
  edited: "Your review is saved.",
  replied: "Your reply is published.",
  reported: "Thank you: the team will look at this review.",
  hiddenDone: "The review is hidden.",
  dismissedDone: "The reports are dismissed; the review stays.",
  notYetShown: "This artist has no reviews to show yet.",
  verifiedPurchase: "Verified purchase",
} as const;
