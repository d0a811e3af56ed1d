import type {
  HideReviewBody,
  ReportedReviews,
  ReviewAction,
} from "../../../contracts/reviews.contract";
import { isUuid } from "../../../domain/ids";
import { reviewTexts as rt } from "../../../domain/reviews";
import { AppError } from "../../errors";
import { type AuditActor, recordAudit } from "../audit/audit.api";
import {
  decideReviewReports,
  findReview,
  hideReviewRow,
  listReportedReviews,
} from "./reviews.repository";
import { type ReviewsDeps, toReview } from "./reviews.service";

/**
 * The console's reported reviews (`/admin/reviews`): the queue, hiding a review with a
 * reason, or dismissing its reports. Each answer is one transaction with its audit row;
 * the guarded updates make the second of two admins at once get 409 and write nothing.
 */

const QUEUE_LIMIT = 200;

export async function reportedReviews({ db }: ReviewsDeps): Promise<ReportedReviews> {
  const rows = await listReportedReviews(db, QUEUE_LIMIT);
  return {
    reviews: rows.map((row) => ({
      ...toReview(row),
      artistId: row.artistId,
      artistName: row.artistName,
      buyerId: row.buyerId,
      reports: row.reports.map((report) => ({
        id: report.id,
        reporterName: report.reporterName,
        reporterEmail: report.reporterEmail,
        reason: report.reason,
        createdAt: report.createdAt.toISOString(),
      })),
    })),
  };
}

function reviewIdOf(rawId: string): string {
  if (!isUuid(rawId)) throw new AppError("NOT_FOUND", 404, rt.reviewNotFound);
  return rawId.toLowerCase();
}

/** Hides the review (not shown, not counted) and closes its open reports as "hidden". */
export async function hideReview(
  deps: ReviewsDeps,
  actor: AuditActor,
  rawId: string,
  body: HideReviewBody,
): Promise<ReviewAction> {
  const id = reviewIdOf(rawId);
  await deps.db.transaction(async (tx) => {
    const before = await findReview(tx, id);
    if (!before) throw new AppError("NOT_FOUND", 404, rt.reviewNotFound);
    const at = deps.now();
    const hidden = await hideReviewRow(tx, { id, by: actor.id, reason: body.reason, at });
    if (!hidden) throw new AppError("CONFLICT", 409, rt.alreadyDecided);
    const reports = await decideReviewReports(tx, {
      reviewId: id,
      status: "hidden",
      by: actor.id,
      at,
    });
    await recordAudit(tx, actor, {
      action: "review.hide",
      targetType: "review",
      targetId: id,
      before: { hidden: false, artistId: before.artistId, rating: before.rating },
      after: { hidden: true, reason: body.reason, reportsClosed: reports },
    });
  });
  return { message: rt.hiddenDone };
}

/** The review stays; its open reports are closed as dismissed. */
export async function dismissReviewReports(
  deps: ReviewsDeps,
  actor: AuditActor,
  rawId: string,
): Promise<ReviewAction> {
  const id = reviewIdOf(rawId);
  await deps.db.transaction(async (tx) => {
    const before = await findReview(tx, id);
    if (!before) throw new AppError("NOT_FOUND", 404, rt.reviewNotFound);
    const dismissed = await decideReviewReports(tx, {
      reviewId: id,
      status: "dismissed",
      by: actor.id,
      at: deps.now(),
    });
    if (dismissed === 0) throw new AppError("CONFLICT", 409, rt.alreadyDecided);
    await recordAudit(tx, actor, {
      action: "review_report.dismiss",
      targetType: "review",
      targetId: id,
      after: { reportsDismissed: dismissed },
    });
  });
  return { message: rt.dismissedDone };
}
