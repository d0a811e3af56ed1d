import type {
  OrderReview,
  ReplyBody,
  Review,
  ReviewBody,
  ReviewReportBody,
} from "../../../contracts/reviews.contract";
import { isUuid } from "../../../domain/ids";
import {
  REVIEW_EDIT_DAYS,
  mayEditReview,
  reviewEditableUntil,
  reviewOpensAt,
  reviewRefusal,
  reviewTexts as rt,
} from "../../../domain/reviews";
import { addDays } from "../../../domain/orders";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { enqueueMail } from "../mail/mail.api";
import { type OrderFacts, orderFacts } from "../orders/orders.api";
import { replyArrivedMail, reviewArrivedMail } from "./reviews.mails";
import {
  type ReviewWithBuyer,
  contactOf,
  editReview,
  findReview,
  findReviewOfOrder,
  insertReview,
  insertReviewReport,
  writeReply,
} from "./reviews.repository";

/**
 * Reviews of artists by the buyers of completed orders (decision 0056). The rules are
 * checked here on every write; the writes that must happen once are guarded by the
 * database (reviews.repository.ts), so a double submit or two servers at once make one
 * review, one reply, one report, and the loser gets the same 409 as a second try.
 */
export type ReviewsDeps = {
  db: Database;
  now: () => Date;
  publicUrl: string;
  kickOutbox: () => void;
};

function iso(at: Date | null): string | null {
  return at ? at.toISOString() : null;
}

export function toReview(row: ReviewWithBuyer): Review {
  return {
    id: row.id,
    orderId: row.orderId,
    rating: row.rating,
    body: row.body,
    buyerName: row.buyerName,
    artworkId: row.artworkId,
    artworkTitle: row.artworkTitle,
    artworkThumbnail: row.artworkThumbnail,
    createdAt: row.createdAt.toISOString(),
    editedAt: iso(row.editedAt),
    reply: row.reply,
    repliedAt: iso(row.repliedAt),
  };
}

function orderNotFound(): never {
  throw new AppError("NOT_FOUND", 404, rt.orderNotFound);
}

function reviewNotFound(): never {
  throw new AppError("NOT_FOUND", 404, rt.reviewNotFound);
}

/** The buyer's own order, or 404 as for an unknown one (nobody learns it exists). */
async function ownOrder(deps: ReviewsDeps, buyerId: string, rawId: string): Promise<OrderFacts> {
  if (!isUuid(rawId)) orderNotFound();
  const order = await orderFacts(deps.db, rawId.toLowerCase());
  if (!order || order.purchaserId !== buyerId) orderNotFound();
  return order;
}

/**
 * Why this buyer may not review this order now, or null when they may: completed (or
 * settled) and past its own return window (decision 0056).
 */
function refusalOf(order: OrderFacts, buyerId: string, now: Date): string | null {
  if (order.artistId === buyerId) return rt.ownWork;
  return reviewRefusal(order, now);
}

/** What the buyer's order page shows of reviews: the review, or whether they may write one. */
export async function orderReview(
  deps: ReviewsDeps,
  buyerId: string,
  orderId: string,
): Promise<OrderReview> {
  const order = await ownOrder(deps, buyerId, orderId);
  const review = await findReviewOfOrder(deps.db, order.id);
  const hidden = review?.hiddenAt != null;
  const editable = review && !hidden && mayEditReview(review.createdAt, deps.now());
  const refusal = refusalOf(order, buyerId, deps.now());
  const opensAt = review || order.artistId === buyerId ? null : reviewOpensAt(order);
  return {
    mayReview: !review && refusal === null,
    opensAt: opensAt && refusal !== null ? opensAt.toISOString() : null,
    review: review ? toReview(review) : null,
    editableUntil: editable ? reviewEditableUntil(review.createdAt).toISOString() : null,
    hidden,
  };
}

/**
 * The buyer's review of a completed order. The insert and the artist's e-mail are one
 * transaction; the order's unique index lets one review through.
 */
export async function writeReview(
  deps: ReviewsDeps,
  buyerId: string,
  orderId: string,
  body: ReviewBody,
): Promise<OrderReview> {
  const order = await ownOrder(deps, buyerId, orderId);
  const refusal = refusalOf(order, buyerId, deps.now());
  if (refusal) throw new AppError("CONFLICT", 409, refusal);
  await deps.db.transaction(async (tx) => {
    const row = await insertReview(tx, {
      orderId: order.id,
      artistId: order.artistId,
      buyerId,
      artworkId: order.artworkId,
      artworkTitle: order.title,
      artworkThumbnail: order.imageThumbnail,
      rating: body.rating,
      body: body.body,
      createdAt: deps.now(),
    });
    if (!row) throw new AppError("CONFLICT", 409, rt.alreadyReviewed);
    const [artist, buyer] = await Promise.all([
      contactOf(tx, order.artistId),
      contactOf(tx, buyerId),
    ]);
    if (artist) {
      await enqueueMail(tx, {
        kind: "review_received",
        to: artist.email,
        ...reviewArrivedMail(
          { name: artist.displayName, artistId: order.artistId },
          { ...row, buyerName: buyer?.displayName ?? "A buyer" },
          deps.publicUrl,
        ),
      });
    }
  });
  deps.kickOutbox();
  return orderReview(deps, buyerId, order.id);
}

/** The buyer's edit of their review, within REVIEW_EDIT_DAYS of writing it. */
export async function editOwnReview(
  deps: ReviewsDeps,
  buyerId: string,
  orderId: string,
  body: ReviewBody,
): Promise<OrderReview> {
  const order = await ownOrder(deps, buyerId, orderId);
  const review = await findReviewOfOrder(deps.db, order.id);
  if (!review) reviewNotFound();
  if (review.hiddenAt) throw new AppError("CONFLICT", 409, rt.hidden);
  const refusal = refusalOf(order, buyerId, deps.now());
  if (refusal) throw new AppError("CONFLICT", 409, refusal);
  const now = deps.now();
  if (!mayEditReview(review.createdAt, now)) throw new AppError("CONFLICT", 409, rt.editClosed);
  const edited = await editReview(deps.db, {
    id: review.id,
    buyerId,
    rating: body.rating,
    body: body.body,
    at: now,
    since: addDays(now, -REVIEW_EDIT_DAYS),
  });
  // Hidden (or past the window) between the read and the write: the guard kept it as it was.
  if (!edited) {
    const now = await findReviewOfOrder(deps.db, order.id);
    throw new AppError("CONFLICT", 409, now?.hiddenAt ? rt.hidden : rt.editClosed);
  }
  return orderReview(deps, buyerId, order.id);
}

async function visibleReview(deps: ReviewsDeps, rawId: string): Promise<ReviewWithBuyer> {
  if (!isUuid(rawId)) reviewNotFound();
  const review = await findReview(deps.db, rawId.toLowerCase());
  if (!review || review.hiddenAt) reviewNotFound();
  return review;
}

/** The artist's one reply; the buyer is e-mailed in the same transaction. */
export async function replyToReview(
  deps: ReviewsDeps,
  artistId: string,
  reviewId: string,
  body: ReplyBody,
): Promise<Review> {
  const review = await visibleReview(deps, reviewId);
  if (review.artistId !== artistId) throw new AppError("FORBIDDEN", 403, rt.notYourReview);
  if (review.reply !== null) throw new AppError("CONFLICT", 409, rt.alreadyReplied);
  await deps.db.transaction(async (tx) => {
    const row = await writeReply(tx, {
      id: review.id,
      artistId,
      reply: body.reply,
      at: deps.now(),
    });
    if (!row) throw new AppError("CONFLICT", 409, rt.alreadyReplied);
    const [buyer, artist] = await Promise.all([
      contactOf(tx, review.buyerId),
      contactOf(tx, artistId),
    ]);
    if (buyer) {
      await enqueueMail(tx, {
        kind: "review_reply",
        to: buyer.email,
        ...replyArrivedMail(
          { name: buyer.displayName, orderId: review.orderId },
          { ...row, reply: body.reply, artistName: artist?.displayName ?? "The artist" },
          deps.publicUrl,
        ),
      });
    }
  });
  deps.kickOutbox();
  const after = await findReview(deps.db, review.id);
  if (!after) reviewNotFound();
  return toReview(after);
}

/** A signed-in person's report of a review: once each; not of one's own review. */
export async function reportReview(
  deps: ReviewsDeps,
  reporterId: string,
  reviewId: string,
  body: ReviewReportBody,
): Promise<{ message: string }> {
  const review = await visibleReview(deps, reviewId);
  if (review.buyerId === reporterId) throw new AppError("CONFLICT", 409, rt.ownReview);
  const id = await insertReviewReport(deps.db, {
    reviewId: review.id,
    reporterId,
    reason: body.reason,
    at: deps.now(),
  });
  if (!id) throw new AppError("CONFLICT", 409, rt.alreadyReported);
  return { message: rt.reported };
}
