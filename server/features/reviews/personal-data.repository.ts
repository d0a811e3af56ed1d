import { eq, or } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { reviewReports, reviews } from "../../db/schema";

/**
 * A person's reviews for their export: those they wrote as a buyer and those written of
 * them as an artist, with the replies; and the reports of reviews they made (decision 0058).
 */
export async function reviewsForExport(db: Queryable, userId: string) {
  const rows = await db
    .select({
      id: reviews.id,
      orderId: reviews.orderId,
      artistId: reviews.artistId,
      buyerId: reviews.buyerId,
      artworkTitle: reviews.artworkTitle,
      rating: reviews.rating,
      body: reviews.body,
      createdAt: reviews.createdAt,
      editedAt: reviews.editedAt,
      reply: reviews.reply,
      repliedAt: reviews.repliedAt,
      hiddenAt: reviews.hiddenAt,
      hiddenReason: reviews.hiddenReason,
    })
    .from(reviews)
    .where(or(eq(reviews.buyerId, userId), eq(reviews.artistId, userId)))
    .orderBy(reviews.createdAt);
  const reports = await db
    .select({
      reviewId: reviewReports.reviewId,
      reason: reviewReports.reason,
      status: reviewReports.status,
      createdAt: reviewReports.createdAt,
    })
    .from(reviewReports)
    .where(eq(reviewReports.reporterId, userId))
    .orderBy(reviewReports.createdAt);
  return {
    written: rows.filter((row) => row.buyerId === userId),
    received: rows.filter((row) => row.artistId === userId),
    reportsMade: reports,
  };
}

/**
 * Erases a closing person's reviews (decision 0058): the ones they wrote (their words,
 * public and signed with their name) and the ones written of them as an artist (their
 * profile is gone, so nothing shows them), with the reports of those and the reports
 * they made. The orders the reviews were about stay, with the orders module.
 */
export async function forgetReviewsOf(tx: Queryable, userId: string): Promise<void> {
  await tx.delete(reviewReports).where(eq(reviewReports.reporterId, userId));
  await tx.delete(reviews).where(or(eq(reviews.buyerId, userId), eq(reviews.artistId, userId)));
}
