import { type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { queryRows } from "../../db/rows";
import type { ConversationReportStatus } from "../../db/schema";

/** The console's reads and writes of reported conversations (conversation-reports.service.ts). */

type Executor = Queryable & { execute: Parameters<typeof queryRows>[0]["execute"] };

export type ReportRow = {
  id: string;
  conversation_id: string;
  reporter_id: string;
  reason: string;
  status: ConversationReportStatus;
  created_at: Date | string;
  decided_at: Date | string | null;
  decided_by_email: string | null;
  buyer_id: string;
  buyer_name: string;
  buyer_email: string;
  buyer_suspended: boolean;
  artist_id: string;
  artist_name: string;
  artist_email: string;
  artist_suspended: boolean;
  kind: "artwork" | "artist";
  artwork_id: string | null;
  artwork_title: string | null;
  artwork_thumbnail: string | null;
};

function selectReports(db: Executor, where: SQL, suffix: SQL = sql``) {
  return queryRows<ReportRow>(
    db,
    sql`select r.id, r.conversation_id, r.reporter_id, r.reason, r.status, r.created_at,
          r.decided_at, d.email as decided_by_email,
          c.buyer_id, b.display_name as buyer_name, b.email as buyer_email,
          b.suspended_at is not null as buyer_suspended,
          c.artist_id, s.display_name as artist_name, s.email as artist_email,
          s.suspended_at is not null as artist_suspended,
          c.kind, c.artwork_id, coalesce(a.title, c.artwork_title) as artwork_title,
          a.image_thumbnail as artwork_thumbnail
        from conversation_reports r
        join conversations c on c.id = r.conversation_id
        join users b on b.id = c.buyer_id
        join users s on s.id = c.artist_id
        left join users d on d.id = r.decided_by
        left join artworks a on a.id = c.artwork_id
        where ${where}
        ${suffix}`,
  );
}

/** Open reports, oldest first, from the (status, created_at) index. */
export function listOpenReports(db: Executor, limit: number): Promise<ReportRow[]> {
  return selectReports(db, sql`r.status = 'open'`, sql`order by r.created_at, r.id limit ${limit}`);
}

export function listReportsOf(db: Executor, conversationId: string): Promise<ReportRow[]> {
  return selectReports(
    db,
    sql`r.conversation_id = ${conversationId}`,
    sql`order by r.created_at, r.id`,
  );
}

export async function findReport(db: Executor, reportId: string): Promise<ReportRow | null> {
  const [row] = await selectReports(db, sql`r.id = ${reportId}`);
  return row ?? null;
}

/**
 * Decides an open report: one guarded UPDATE, so of two admins answering at once one
 * wins and the other finds nothing to decide. Answers whether it was open.
 */
export async function decideReport(
  db: Executor,
  input: { reportId: string; status: Exclude<ConversationReportStatus, "open">; by: string },
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update conversation_reports set status = ${input.status}, decided_by = ${input.by},
          decided_at = now()
        where id = ${input.reportId} and status = 'open'
        returning id`,
  );
  return rows.length === 1;
}

export type ReportedConversationRow = {
  id: string;
  closed_at: Date | string | null;
};

/** The conversation, only if someone reported it: the team reads no other. */
export async function findReportedConversation(
  db: Executor,
  conversationId: string,
): Promise<ReportedConversationRow | null> {
  const [row] = await queryRows<ReportedConversationRow>(
    db,
    sql`select c.id, c.closed_at from conversations c
        where c.id = ${conversationId}
          and exists (select 1 from conversation_reports r where r.conversation_id = c.id)`,
  );
  return row ?? null;
}
