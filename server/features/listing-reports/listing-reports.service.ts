import { sql } from "drizzle-orm";
import type { SessionUser } from "../../../contracts/auth.contract";
import {
  type AppealAnswer,
  type AppealBody,
  type ReportListingAnswer,
  type ReportListingBody,
  type Takedown,
  type TakedownList,
  listingReportMessages as lm,
} from "../../../contracts/listing-reports.contract";
import {
  LISTING_GROUND_LABELS,
  type ListingGround,
} from "../../../contracts/admin-listing-reports.contract";
import { looksLikeEmail } from "../../../domain/checkout";
import { isUuid } from "../../../domain/ids";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit.api";
import { enqueueMail } from "../mail/mail.api";
import { appealToTeamMail } from "./listing-reports.mails";
import {
  type DecisionRow,
  appealDecision,
  countGuestReportsSince,
  findDecision,
  findReportableListing,
  insertListingReport,
  listDecisionsOfArtist,
} from "./listing-reports.repository";

/**
 * Reporting a listing, and the artist's side of the team's decision (decision 0059).
 * A report is by a signed-in person or by the e-mail address a guest gives; one open
 * report per address and listing (a unique index); guests' reports are limited per
 * network under an advisory lock, so two servers cannot pass the limit together.
 */
export type ListingReportsDeps = {
  db: Database;
  publicUrl: string;
  teamEmail: string;
  kickOutbox: () => void;
  now: () => Date;
};

/** Reports a network without an account may send in an hour. */
export const GUEST_REPORTS_PER_HOUR = 5;

function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function notFound(): never {
  throw new AppError("NOT_FOUND", 404, lm.notFound);
}

function reporterEmail(viewer: SessionUser | null, given: string | undefined): string {
  if (viewer) return viewer.email.toLowerCase();
  const email = given?.trim() ?? "";
  if (!email) throw new AppError("VALIDATION_FAILED", 400, lm.emailRequired);
  if (!looksLikeEmail(email)) throw new AppError("VALIDATION_FAILED", 400, lm.invalidEmail);
  return email.toLowerCase();
}

export async function reportListing(
  deps: ListingReportsDeps,
  viewer: SessionUser | null,
  rawArtworkId: string,
  body: ReportListingBody,
  clientIp: string | undefined,
): Promise<ReportListingAnswer> {
  if (!isUuid(rawArtworkId)) notFound();
  const artworkId = rawArtworkId.toLowerCase();
  const email = reporterEmail(viewer, body.email);
  await deps.db.transaction(async (tx) => {
    const listing = await findReportableListing(tx, artworkId);
    if (!listing) notFound();
    if (viewer && listing.artist_id === viewer.id) {
      throw new AppError("FORBIDDEN", 403, lm.ownListing);
    }
    const guestIp = viewer ? null : (clientIp ?? null);
    if (guestIp) {
      // Serialises one network's guest reports across servers; released at commit.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext('listing-report'), hashtext(${guestIp}))`,
      );
      const since = new Date(deps.now().getTime() - 60 * 60 * 1000);
      if ((await countGuestReportsSince(tx, guestIp, since)) >= GUEST_REPORTS_PER_HOUR) {
        throw new AppError("TOO_MANY_ATTEMPTS", 429, lm.tooManyReports);
      }
    }
    const report = await insertListingReport(tx, {
      artworkId,
      reporterId: viewer?.id ?? null,
      reporterEmail: email,
      reason: body.reason,
      explanation: body.explanation,
      clientIp: guestIp,
    });
    if (!report) throw new AppError("CONFLICT", 409, lm.alreadyReported);
    await recordAudit(tx, viewer ? { id: viewer.id, email: viewer.email } : { id: null, email }, {
      action: "listing_report.create",
      targetType: "listing_report",
      targetId: report.id,
      after: { artworkId, reason: body.reason, guest: viewer === null },
    });
  });
  return { reported: true, message: lm.reported };
}

export function groundLabel(ground: string): string {
  return LISTING_GROUND_LABELS[ground as ListingGround] ?? ground;
}

export function toTakedown(row: DecisionRow): Takedown {
  return {
    id: row.id,
    artwork: { id: row.artwork_id, title: row.title, thumbnail: row.image_thumbnail },
    outcome: row.outcome,
    ground: groundLabel(row.ground),
    explanation: row.explanation,
    decidedAt: iso(row.decided_at),
    appeal:
      row.appeal !== null && row.appealed_at !== null
        ? {
            explanation: row.appeal,
            appealedAt: iso(row.appealed_at),
            outcome: row.appeal_outcome,
            answer: row.appeal_explanation,
            decidedAt: row.appeal_decided_at ? iso(row.appeal_decided_at) : null,
          }
        : null,
    appealable: row.outcome === "taken_down" && row.appealed_at === null,
  };
}

/** The signed-in artist's listings taken down after a report, newest first. */
export async function listTakedowns(
  { db }: ListingReportsDeps,
  viewer: SessionUser,
): Promise<TakedownList> {
  const rows = await listDecisionsOfArtist(db, viewer.id);
  return { takedowns: rows.map(toTakedown) };
}

/**
 * The artist's one appeal of a take-down, in one transaction with its audit row and the
 * team's e-mail: the decision row is locked and the write guarded, so a double submit
 * appeals once.
 * Someone else's decision is 404, as an unknown one.
 */
export async function appealTakedown(
  deps: ListingReportsDeps,
  viewer: SessionUser,
  rawId: string,
  body: AppealBody,
): Promise<AppealAnswer> {
  const missing = () => new AppError("NOT_FOUND", 404, lm.decisionNotFound);
  if (!isUuid(rawId)) throw missing();
  const id = rawId.toLowerCase();
  const row = await deps.db.transaction(async (tx) => {
    const before = await findDecision(tx, id, { lock: true });
    if (!before || before.artist_id !== viewer.id) throw missing();
    if (before.outcome !== "taken_down") throw new AppError("CONFLICT", 409, lm.notAppealable);
    if (!(await appealDecision(tx, { decisionId: id, explanation: body.explanation }))) {
      throw new AppError("CONFLICT", 409, lm.alreadyAppealed);
    }
    await enqueueMail(tx, {
      kind: "listing_appeal_to_team",
      to: deps.teamEmail,
      ...appealToTeamMail(
        { title: before.title, artworkId: before.artwork_id, artistName: viewer.displayName },
        deps,
      ),
    });
    await recordAudit(
      tx,
      { id: viewer.id, email: viewer.email },
      {
        action: "listing_decision.appeal",
        targetType: "listing_decision",
        targetId: id,
        after: { artworkId: before.artwork_id },
      },
    );
    const after = await findDecision(tx, id);
    if (!after) throw missing();
    return after;
  });
  deps.kickOutbox();
  return { takedown: toTakedown(row), message: lm.appealed };
}
