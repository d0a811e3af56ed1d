import {
  type DecideAppealBody,
  type DecideListingBody,
  type ListingCase,
  type ListingCaseAction,
  type ListingDecision,
  type ListingGround,
  type ListingQueue,
  type ListingReport,
  listingCaseMessages as cm,
} from "../../../contracts/admin-listing-reports.contract";
import { REPORT_REASON_LABELS } from "../../../contracts/listing-reports.contract";
import { isUuid } from "../../../domain/ids";
import { AppError } from "../../errors";
import { type AuditActor, recordAudit } from "../audit/audit.api";
import { enqueueMail } from "../mail/mail.api";
import { hideWithin, unhideWithin } from "../moderation/moderation.api";
import {
  appealOutcomeMail,
  artistStatementMail,
  reporterStatementMail,
} from "./listing-reports.mails";
import {
  type DecisionRow,
  type ListingRow,
  type ReportRow,
  answerAppeal,
  closeReports,
  findDecision,
  findListing,
  insertDecision,
  listDecisionsOfListing,
  listOpenAppeals,
  listReportedListings,
  listReportsOfListing,
} from "./listing-reports.repository";
import { type ListingReportsDeps, groundLabel } from "./listing-reports.service";

/**
 * The console's side of listing reports (decision 0059): the queue, one listing's case,
 * the decision on its open reports and the answer to an appeal. Each answer is one
 * transaction: the listing (or decision) row locked, the guarded writes, the take-down or
 * restoring through moderation, the statements of reasons in the outbox and the audit
 * row; deciding what is decided already is 409 and writes nothing.
 */

const QUEUE_LIMIT = 200;

function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function toListing(row: ListingRow) {
  return {
    id: row.id,
    title: row.title,
    thumbnail: row.image_thumbnail,
    artist: { id: row.artist_id, displayName: row.artist_name, email: row.artist_email },
    hidden: row.hidden,
  };
}

function toReport(row: ReportRow): ListingReport {
  return {
    id: row.id,
    reason: row.reason,
    explanation: row.explanation,
    status: row.status,
    createdAt: iso(row.created_at),
    reporter: { id: row.reporter_id, displayName: row.reporter_name, email: row.reporter_email },
    decisionId: row.decision_id,
  };
}

function toDecision(row: DecisionRow): ListingDecision {
  return {
    id: row.id,
    outcome: row.outcome,
    ground: row.ground as ListingGround,
    explanation: row.explanation,
    decidedAt: iso(row.decided_at),
    decidedByEmail: row.decided_by_email,
    appeal:
      row.appeal !== null && row.appealed_at !== null
        ? {
            explanation: row.appeal,
            appealedAt: iso(row.appealed_at),
            outcome: row.appeal_outcome,
            answer: row.appeal_explanation,
            decidedAt: row.appeal_decided_at ? iso(row.appeal_decided_at) : null,
            decidedByEmail: row.appeal_decided_by_email,
          }
        : null,
  };
}

export async function listListingQueue({ db }: ListingReportsDeps): Promise<ListingQueue> {
  const [listings, appeals] = await Promise.all([
    listReportedListings(db, QUEUE_LIMIT),
    listOpenAppeals(db, QUEUE_LIMIT),
  ]);
  return {
    listings: listings.map((row) => ({
      listing: toListing(row),
      openReports: row.open_reports,
      reasons: row.reasons,
      firstReportedAt: iso(row.first_reported_at),
    })),
    appeals: appeals.map((row) => ({
      decisionId: row.decision_id,
      listing: toListing(row),
      appealedAt: iso(row.appealed_at),
    })),
  };
}

function caseNotFound(): never {
  throw new AppError("NOT_FOUND", 404, cm.notFound);
}

function artworkIdOf(rawId: string): string {
  if (!isUuid(rawId)) caseNotFound();
  return rawId.toLowerCase();
}

/** A listing with every report of it and every decision; a listing nobody reported is 404. */
async function readCase(
  db: Parameters<typeof findListing>[0],
  artworkId: string,
): Promise<ListingCase> {
  const listing = await findListing(db, artworkId);
  if (!listing) caseNotFound();
  const [reports, decisions] = await Promise.all([
    listReportsOfListing(db, artworkId),
    listDecisionsOfListing(db, artworkId),
  ]);
  if (reports.length === 0) caseNotFound();
  return {
    listing: toListing(listing),
    reports: reports.map(toReport),
    decisions: decisions.map(toDecision),
  };
}

export function getListingCase({ db }: ListingReportsDeps, rawId: string): Promise<ListingCase> {
  return readCase(db, artworkIdOf(rawId));
}

function checkGround(body: DecideListingBody) {
  if (body.outcome === "kept" && body.ground !== "no_breach") {
    throw new AppError("VALIDATION_FAILED", 400, cm.keepNeedsNoBreach);
  }
  if (body.outcome === "taken_down" && body.ground === "no_breach") {
    throw new AppError("VALIDATION_FAILED", 400, cm.takeDownNeedsRule);
  }
}

/**
 * Decides the open reports the team read, together: a decision row, the reports closed
 * with it (guarded: a report another decision closed first makes this one 409 and
 * undoes it), the listing hidden for a take-down, a statement of reasons to every
 * reporter and to the artist, and the audit row.
 */
export async function decideListing(
  deps: ListingReportsDeps,
  actor: AuditActor,
  rawId: string,
  body: DecideListingBody,
): Promise<ListingCaseAction> {
  const artworkId = artworkIdOf(rawId);
  checkGround(body);
  const reportIds = [...new Set(body.reportIds.map((id) => id.toLowerCase()))];
  const result = await deps.db.transaction(async (tx) => {
    // The listing's row is the lock every decision on it takes first.
    const listing = await findListing(tx, artworkId, { lock: true });
    if (!listing) caseNotFound();
    const reports = await listReportsOfListing(tx, artworkId);
    const chosen = reportIds.map((id) => reports.find((r) => r.id === id));
    if (chosen.some((r) => r === undefined)) caseNotFound();
    if (chosen.some((r) => r?.status !== "open")) {
      throw new AppError("CONFLICT", 409, cm.alreadyDecided);
    }
    const ground = groundLabel(body.ground);
    const decisionId = await insertDecision(tx, {
      artworkId,
      outcome: body.outcome,
      ground: body.ground,
      explanation: body.explanation,
      by: actor.id,
    });
    const closed = await closeReports(tx, {
      artworkId,
      reportIds,
      status: body.outcome,
      decisionId,
    });
    if (closed.length !== reportIds.length) throw new AppError("CONFLICT", 409, cm.alreadyDecided);
    if (body.outcome === "taken_down") {
      await hideWithin(
        tx,
        actor,
        artworkId,
        `Taken down after a report. ${ground}. ${body.explanation}`,
      );
    }
    const statement = {
      title: listing.title,
      outcome: body.outcome,
      ground,
      explanation: body.explanation,
    };
    const decided = chosen.filter((r): r is ReportRow => r !== undefined);
    const reporters = new Map(decided.map((r) => [r.reporter_email, r.reporter_name]));
    for (const [email, name] of reporters) {
      await enqueueMail(tx, {
        kind: "listing_report_statement",
        to: email,
        ...reporterStatementMail({ name }, statement, deps),
      });
    }
    await enqueueMail(tx, {
      kind: "listing_decision_statement",
      to: listing.artist_email,
      ...artistStatementMail(
        { name: listing.artist_name },
        {
          ...statement,
          artworkId,
          thumbnail: listing.image_thumbnail,
          reasons: [...new Set(decided.map((r) => REPORT_REASON_LABELS[r.reason]))],
          decisionId,
        },
        deps,
      ),
    });
    await recordAudit(tx, actor, {
      action: body.outcome === "taken_down" ? "listing.take_down" : "listing.keep",
      targetType: "listing_decision",
      targetId: decisionId,
      before: { hidden: listing.hidden, reports: reportIds.map((id) => ({ id, status: "open" })) },
      after: { artworkId, outcome: body.outcome, ground: body.ground, reportIds },
    });
    return readCase(tx, artworkId);
  });
  deps.kickOutbox();
  return { case: result, message: body.outcome === "taken_down" ? cm.takenDown : cm.kept };
}

/**
 * The team's answer to an artist's appeal: upheld, or reversed (the listing is shown
 * again through moderation). The decision row is locked and the answer guarded, so it
 * is given once; the artist is told by e-mail.
 */
export async function decideAppeal(
  deps: ListingReportsDeps,
  actor: AuditActor,
  rawId: string,
  body: DecideAppealBody,
): Promise<ListingCaseAction> {
  const missing = () => new AppError("NOT_FOUND", 404, cm.decisionNotFound);
  if (!isUuid(rawId)) throw missing();
  const id = rawId.toLowerCase();
  const result = await deps.db.transaction(async (tx) => {
    const decision = await findDecision(tx, id, { lock: true });
    if (!decision) throw missing();
    if (decision.appealed_at === null) throw new AppError("CONFLICT", 409, cm.notAppealed);
    if (!(await answerAppeal(tx, { decisionId: id, ...body, by: actor.id }))) {
      throw new AppError("CONFLICT", 409, cm.appealAlreadyDecided);
    }
    const listing = await findListing(tx, decision.artwork_id, { lock: true });
    if (!listing) throw missing();
    if (body.outcome === "reversed") await unhideWithin(tx, actor, decision.artwork_id);
    await enqueueMail(tx, {
      kind: "listing_appeal_outcome",
      to: listing.artist_email,
      ...appealOutcomeMail(
        { name: listing.artist_name },
        {
          title: listing.title,
          artworkId: listing.id,
          outcome: body.outcome,
          explanation: body.explanation,
        },
        deps,
      ),
    });
    await recordAudit(tx, actor, {
      action: body.outcome === "reversed" ? "listing.appeal_reverse" : "listing.appeal_uphold",
      targetType: "listing_decision",
      targetId: id,
      before: { hidden: listing.hidden, appealOutcome: null },
      after: { artworkId: listing.id, appealOutcome: body.outcome },
    });
    return readCase(tx, decision.artwork_id);
  });
  deps.kickOutbox();
  return { case: result, message: body.outcome === "reversed" ? cm.reversed : cm.upheld };
}
