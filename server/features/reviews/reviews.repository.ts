import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Queryable } from "../../db/client";
import { type ReviewReportStatus, reviewReports, reviews, users } from "../../db/schema";

/**
 * The reviews tables' only reader and writer (reviews.service.ts holds the rules). Every
 * write that must happen once is one statement that says so: the insert that the order's
 * unique index lets through once, the reply written only while there is none, the
 * report the (review, reporter) index takes once.
 */

export type ReviewRow = typeof reviews.$inferSelect;
export type ReviewWithBuyer = ReviewRow & { buyerName: string };

const buyers = alias(users, "buyer");

function withBuyer(db: Queryable) {
  return db
    .select({ review: reviews, buyerName: buyers.displayName })
    .from(reviews)
    .innerJoin(buyers, eq(buyers.id, reviews.buyerId));
}

function flat(rows: { review: ReviewRow; buyerName: string }[]): ReviewWithBuyer[] {
  return rows.map(({ review, buyerName }) => ({ ...review, buyerName }));
}

/** Answers the new review, or undefined when the order already has one. */
export async function insertReview(
  db: Queryable,
  values: typeof reviews.$inferInsert,
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .insert(reviews)
    .values(values)
    .onConflictDoNothing({ target: reviews.orderId })
    .returning();
  return row;
}

export async function findReview(db: Queryable, id: string): Promise<ReviewWithBuyer | undefined> {
  return flat(await withBuyer(db).where(eq(reviews.id, id)))[0];
}

export async function findReviewOfOrder(
  db: Queryable,
  orderId: string,
): Promise<ReviewWithBuyer | undefined> {
  return flat(await withBuyer(db).where(eq(reviews.orderId, orderId)))[0];
}

/** The buyer's edit: only while visible and written after `since` (the edit window). */
export async function editReview(
  db: Queryable,
  input: { id: string; buyerId: string; rating: number; body: string; at: Date; since: Date },
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .update(reviews)
    .set({ rating: input.rating, body: input.body, editedAt: input.at })
    .where(
      and(
        eq(reviews.id, input.id),
        eq(reviews.buyerId, input.buyerId),
        isNull(reviews.hiddenAt),
        gt(reviews.createdAt, input.since),
      ),
    )
    .returning();
  return row;
}

/** The artist's one reply: written only while there is none, so two at once make one. */
export async function writeReply(
  db: Queryable,
  input: { id: string; artistId: string; reply: string; at: Date },
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .update(reviews)
    .set({ reply: input.reply, repliedAt: input.at })
    .where(
      and(
        eq(reviews.id, input.id),
        eq(reviews.artistId, input.artistId),
        isNull(reviews.reply),
        isNull(reviews.hiddenAt),
      ),
    )
    .returning();
  return row;
}

/** An artist's reviews, newest first: only the visible ones unless `withHidden`. */
export async function listReviewsOf(
  db: Queryable,
  artistId: string,
  options: { limit: number; withHidden?: boolean },
): Promise<ReviewWithBuyer[]> {
  return flat(
    await withBuyer(db)
      .where(
        and(
          eq(reviews.artistId, artistId),
          options.withHidden ? undefined : isNull(reviews.hiddenAt),
        ),
      )
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(options.limit),
  );
}

/** The visible reviews' count and average rating (null without any). */
export async function reviewSummaryOf(
  db: Queryable,
  artistId: string,
): Promise<{ count: number; average: number | null }> {
  const [row] = await db
    .select({ count: count(), average: sql<string | null>`avg(${reviews.rating})` })
    .from(reviews)
    .where(and(eq(reviews.artistId, artistId), isNull(reviews.hiddenAt)));
  return {
    count: row?.count ?? 0,
    average: row?.average == null ? null : Number(row.average),
  };
}

/** The team hides a review once: answers it, or undefined when it was already hidden. */
export async function hideReviewRow(
  db: Queryable,
  input: { id: string; by: string; reason: string; at: Date },
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .update(reviews)
    .set({ hiddenAt: input.at, hiddenBy: input.by, hiddenReason: input.reason })
    .where(and(eq(reviews.id, input.id), isNull(reviews.hiddenAt)))
    .returning();
  return row;
}

/** Answers the report, or undefined when this person already reported the review. */
export async function insertReviewReport(
  db: Queryable,
  input: { reviewId: string; reporterId: string; reason: string; at: Date },
): Promise<string | undefined> {
  const [row] = await db
    .insert(reviewReports)
    .values({
      reviewId: input.reviewId,
      reporterId: input.reporterId,
      reason: input.reason,
      createdAt: input.at,
    })
    .onConflictDoNothing({ target: [reviewReports.reviewId, reviewReports.reporterId] })
    .returning({ id: reviewReports.id });
  return row?.id;
}

/** Decides a review's open reports; answers how many were open (0: another admin won). */
export async function decideReviewReports(
  db: Queryable,
  input: { reviewId: string; status: Exclude<ReviewReportStatus, "open">; by: string; at: Date },
): Promise<number> {
  const rows = await db
    .update(reviewReports)
    .set({ status: input.status, decidedBy: input.by, decidedAt: input.at })
    .where(and(eq(reviewReports.reviewId, input.reviewId), eq(reviewReports.status, "open")))
    .returning({ id: reviewReports.id });
  return rows.length;
}

const reporters = alias(users, "reporter");
const artists = alias(users, "artist");

/** Reviews with open reports, the longest waiting first, with those reports. */
export async function listReportedReviews(db: Queryable, limit: number) {
  const waiting = await db
    .select({
      reviewId: reviewReports.reviewId,
      first: sql<string>`min(${reviewReports.createdAt})`.as("first"),
    })
    .from(reviewReports)
    .where(eq(reviewReports.status, "open"))
    .groupBy(reviewReports.reviewId)
    .orderBy(asc(sql`min(${reviewReports.createdAt})`))
    .limit(limit);
  const ids = waiting.map((w) => w.reviewId);
  if (ids.length === 0) return [];
  const [found, reports] = await Promise.all([
    db
      .select({ review: reviews, buyerName: buyers.displayName, artistName: artists.displayName })
      .from(reviews)
      .innerJoin(buyers, eq(buyers.id, reviews.buyerId))
      .innerJoin(artists, eq(artists.id, reviews.artistId))
      .where(inArray(reviews.id, ids)),
    db
      .select({
        report: reviewReports,
        reporterName: reporters.displayName,
        reporterEmail: reporters.email,
      })
      .from(reviewReports)
      .innerJoin(reporters, eq(reporters.id, reviewReports.reporterId))
      .where(and(inArray(reviewReports.reviewId, ids), eq(reviewReports.status, "open")))
      .orderBy(asc(reviewReports.createdAt), asc(reviewReports.id)),
  ]);
  return ids.flatMap((id) => {
    const row = found.find((f) => f.review.id === id);
    if (!row) return [];
    return [
      {
        ...row.review,
        buyerName: row.buyerName,
        artistName: row.artistName,
        reports: reports
          .filter((r) => r.report.reviewId === id)
          .map((r) => ({
            ...r.report,
            reporterName: r.reporterName,
            reporterEmail: r.reporterEmail,
          })),
      },
    ];
  });
}

/** Name and address of a person the reviews e-mail. */
export async function contactOf(
  db: Queryable,
  id: string,
): Promise<{ email: string; displayName: string } | undefined> {
  const [row] = await db
    .select({ email: users.email, displayName: users.displayName })
    .from(users)
    .where(eq(users.id, id));
  return row;
}
