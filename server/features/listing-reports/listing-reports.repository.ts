import { type SQL, sql } from "drizzle-orm";
import type { ListingReportReason } from "../../../contracts/listing-reports.contract";
import type { Queryable } from "../../db/client";
import { queryRows } from "../../db/rows";
import type { AppealOutcome, ListingOutcome, ListingReportStatus } from "../../db/schema";
import { listedSql } from "../artworks/artworks.api";

/** Listing reports' reads and writes (listing-reports.service.ts, listing-decisions.service.ts). */

type Executor = Queryable & { execute: Parameters<typeof queryRows>[0]["execute"] };

export type ReportableListing = { id: string; artist_id: string; title: string };

/** A work anyone can see on the marketplace: the only ones that can be reported. */
export async function findReportableListing(
  db: Executor,
  artworkId: string,
): Promise<ReportableListing | null> {
  const [row] = await queryRows<ReportableListing>(
    db,
    sql`select a.id, a.artist_id, a.title from artworks a join users u on u.id = a.artist_id
        where a.id = ${artworkId} and ${listedSql("a", "u")}`,
  );
  return row ?? null;
}

export async function countGuestReportsSince(
  db: Executor,
  clientIp: string,
  since: Date,
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from listing_reports
        where client_ip = ${clientIp} and created_at > ${since.toISOString()}::timestamptz`,
  );
  return row?.n ?? 0;
}

/**
 * A new open report; null when the reporter has an open one of this listing already (the
 * unique index decides between two submits at once, on any number of servers).
 */
export async function insertListingReport(
  db: Executor,
  input: {
    artworkId: string;
    reporterId: string | null;
    reporterEmail: string;
    reason: ListingReportReason;
    explanation: string;
    clientIp: string | null;
  },
): Promise<{ id: string } | null> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into listing_reports
          (artwork_id, reporter_id, reporter_email, reason, explanation, client_ip)
        values (${input.artworkId}, ${input.reporterId}, ${input.reporterEmail}, ${input.reason},
          ${input.explanation}, ${input.clientIp})
        on conflict (artwork_id, reporter_email) where status = 'open' do nothing
        returning id`,
  );
  return row ?? null;
}

export type ListingRow = {
  id: string;
  title: string;
  image_thumbnail: string | null;
  artist_id: string;
  artist_name: string;
  artist_email: string;
  hidden: boolean;
};

const listingColumns = sql`a.id, a.title, a.image_thumbnail, a.artist_id,
  u.display_name as artist_name, u.email as artist_email, a.hidden_at is not null as hidden`;

/** The listing for the console, locked for a decision when asked. */
export async function findListing(
  db: Executor,
  artworkId: string,
  options: { lock?: boolean } = {},
): Promise<ListingRow | null> {
  const [row] = await queryRows<ListingRow>(
    db,
    sql`select ${listingColumns} from artworks a join users u on u.id = a.artist_id
        where a.id = ${artworkId} ${options.lock ? sql`for update of a` : sql``}`,
  );
  return row ?? null;
}

export type QueueRow = ListingRow & {
  open_reports: number;
  reasons: ListingReportReason[];
  first_reported_at: Date | string;
};

/** Listings with open reports, the longest waiting first (the status index). */
export function listReportedListings(db: Executor, limit: number): Promise<QueueRow[]> {
  return queryRows<QueueRow>(
    db,
    sql`select ${listingColumns}, r.open_reports, r.reasons, r.first_reported_at
        from (select artwork_id, count(*)::int as open_reports,
                array_agg(distinct reason) as reasons, min(created_at) as first_reported_at
              from listing_reports where status = 'open' group by artwork_id) r
        join artworks a on a.id = r.artwork_id
        join users u on u.id = a.artist_id
        order by r.first_reported_at, a.id
        limit ${limit}`,
  );
}

export type AppealQueueRow = ListingRow & { decision_id: string; appealed_at: Date | string };

/** Appeals waiting for the team's answer, oldest first (a partial index). */
export function listOpenAppeals(db: Executor, limit: number): Promise<AppealQueueRow[]> {
  return queryRows<AppealQueueRow>(
    db,
    sql`select ${listingColumns}, d.id as decision_id, d.appealed_at
        from listing_decisions d
        join artworks a on a.id = d.artwork_id
        join users u on u.id = a.artist_id
        where d.appealed_at is not null and d.appeal_decided_at is null
        order by d.appealed_at, d.id
        limit ${limit}`,
  );
}

export type ReportRow = {
  id: string;
  artwork_id: string;
  reporter_id: string | null;
  reporter_name: string | null;
  reporter_email: string;
  reason: ListingReportReason;
  explanation: string;
  status: ListingReportStatus;
  decision_id: string | null;
  created_at: Date | string;
};

function selectReports(db: Executor, where: SQL) {
  return queryRows<ReportRow>(
    db,
    sql`select r.id, r.artwork_id, r.reporter_id, p.display_name as reporter_name,
          r.reporter_email, r.reason, r.explanation, r.status, r.decision_id, r.created_at
        from listing_reports r left join users p on p.id = r.reporter_id
        where ${where}
        order by r.created_at, r.id`,
  );
}

export function listReportsOfListing(db: Executor, artworkId: string): Promise<ReportRow[]> {
  return selectReports(db, sql`r.artwork_id = ${artworkId}`);
}

export function listReportsOfDecision(db: Executor, decisionId: string): Promise<ReportRow[]> {
  return selectReports(db, sql`r.decision_id = ${decisionId}`);
}

export type DecisionRow = {
  id: string;
  artwork_id: string;
  outcome: ListingOutcome;
  ground: string;
  explanation: string;
  decided_at: Date | string;
  decided_by_email: string | null;
  appeal: string | null;
  appealed_at: Date | string | null;
  appeal_outcome: AppealOutcome | null;
  appeal_explanation: string | null;
  appeal_decided_at: Date | string | null;
  appeal_decided_by_email: string | null;
  artist_id: string;
  title: string;
  image_thumbnail: string | null;
};

function selectDecisions(db: Executor, where: SQL, suffix: SQL = sql``) {
  return queryRows<DecisionRow>(
    db,
    sql`select d.id, d.artwork_id, d.outcome, d.ground, d.explanation, d.decided_at,
          b.email as decided_by_email, d.appeal, d.appealed_at, d.appeal_outcome,
          d.appeal_explanation, d.appeal_decided_at, ab.email as appeal_decided_by_email,
          a.artist_id, a.title, a.image_thumbnail
        from listing_decisions d
        join artworks a on a.id = d.artwork_id
        left join users b on b.id = d.decided_by
        left join users ab on ab.id = d.appeal_decided_by
        where ${where}
        ${suffix}`,
  );
}

export function listDecisionsOfListing(db: Executor, artworkId: string): Promise<DecisionRow[]> {
  return selectDecisions(db, sql`d.artwork_id = ${artworkId}`, sql`order by d.decided_at, d.id`);
}

/** The decisions about an artist's works, newest first. */
export function listDecisionsOfArtist(db: Executor, artistId: string): Promise<DecisionRow[]> {
  return selectDecisions(
    db,
    sql`a.artist_id = ${artistId} and d.outcome = 'taken_down'`,
    sql`order by d.decided_at desc, d.id limit 200`,
  );
}

export async function findDecision(
  db: Executor,
  decisionId: string,
  options: { lock?: boolean } = {},
): Promise<DecisionRow | null> {
  const [row] = await selectDecisions(
    db,
    sql`d.id = ${decisionId}`,
    options.lock ? sql`for update of d` : sql``,
  );
  return row ?? null;
}

export async function insertDecision(
  db: Executor,
  input: {
    artworkId: string;
    outcome: ListingOutcome;
    ground: string;
    explanation: string;
    by: string;
  },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into listing_decisions (artwork_id, outcome, ground, explanation, decided_by)
        values (${input.artworkId}, ${input.outcome}, ${input.ground}, ${input.explanation},
          ${input.by})
        returning id`,
  );
  if (!row) throw new Error("listing_decisions insert returned nothing");
  return row.id;
}

/**
 * Closes the listing's named reports that are still open with the decision: one guarded
 * UPDATE, so of two decisions at once only one closes each report. A guest's network
 * address was kept only for the hourly limit and goes with it. Answers the ids closed.
 */
export async function closeReports(
  db: Executor,
  input: { artworkId: string; reportIds: string[]; status: ListingOutcome; decisionId: string },
): Promise<string[]> {
  const ids = sql.join(
    input.reportIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update listing_reports set status = ${input.status}, decision_id = ${input.decisionId},
          client_ip = null
        where artwork_id = ${input.artworkId} and id in (${ids}) and status = 'open'
        returning id`,
  );
  return rows.map((r) => r.id);
}

/** The artist's one appeal: guarded, so a second (or two at once) finds nothing to change. */
export async function appealDecision(
  db: Executor,
  input: { decisionId: string; explanation: string },
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update listing_decisions set appeal = ${input.explanation}, appealed_at = now()
        where id = ${input.decisionId} and outcome = 'taken_down' and appealed_at is null
        returning id`,
  );
  return rows.length === 1;
}

/** The team's answer to an appeal: guarded as the appeal is. */
export async function answerAppeal(
  db: Executor,
  input: { decisionId: string; outcome: AppealOutcome; explanation: string; by: string },
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update listing_decisions set appeal_outcome = ${input.outcome},
          appeal_explanation = ${input.explanation}, appeal_decided_by = ${input.by},
          appeal_decided_at = now()
        where id = ${input.decisionId} and appealed_at is not null and appeal_decided_at is null
        returning id`,
  );
  return rows.length === 1;
}
