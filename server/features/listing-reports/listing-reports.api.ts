import { eq, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { queryRows } from "../../db/rows";
import { listingReports } from "../../db/schema";

type Executor = Queryable & { execute: Parameters<typeof queryRows>[0]["execute"] };

/**
 * What other features may use of listing reports (decision 0059): forgetting a closing
 * person's address on the reports they made, and their side of reports for their data
 * export (decision 0058). The reports themselves stay, as the team's record of what it
 * decided and why; the address they were made from becomes the closed account's
 * undeliverable one.
 */
export async function forgetReporter(
  tx: Queryable,
  person: { userId: string; email: string },
  replacementEmail: string,
): Promise<void> {
  await tx
    .update(listingReports)
    .set({ reporterEmail: replacementEmail, clientIp: null })
    .where(
      or(
        eq(listingReports.reporterId, person.userId),
        eq(listingReports.reporterEmail, person.email.toLowerCase()),
      ),
    );
}

/**
 * A person's side of listing reports, for their data export (decision 0058): the reports
 * they made (signed in, or as a guest from their address), each with the team's decision
 * once made, and the team's decisions on their own works with their appeals. Who reported
 * their works is not theirs to see, and is left out.
 */
export async function listingReportsForExport(
  db: Executor,
  person: { userId: string; email: string | null },
) {
  const email = person.email?.toLowerCase() ?? null;
  const made = await queryRows<Record<string, unknown>>(
    db,
    sql`select r.id, r.artwork_id as "artworkId", a.title, r.reason, r.explanation, r.status,
          r.created_at as "reportedAt", d.outcome as "decision", d.ground,
          d.explanation as "decisionExplanation", d.decided_at as "decidedAt"
        from listing_reports r
        join artworks a on a.id = r.artwork_id
        left join listing_decisions d on d.id = r.decision_id
        where r.reporter_id = ${person.userId}
          or (${email}::text is not null and r.reporter_email = ${email})
        order by r.created_at, r.id`,
  );
  const decisions = await queryRows<Record<string, unknown>>(
    db,
    sql`select d.id, d.artwork_id as "artworkId", a.title, d.outcome, d.ground, d.explanation,
          d.decided_at as "decidedAt", d.appeal, d.appealed_at as "appealedAt",
          d.appeal_outcome as "appealOutcome", d.appeal_explanation as "appealExplanation",
          d.appeal_decided_at as "appealDecidedAt"
        from listing_decisions d
        join artworks a on a.id = d.artwork_id
        where a.artist_id = ${person.userId}
        order by d.decided_at, d.id`,
  );
  return {
    reportsMade: made.map((row) => withIsoTimes(row, ["reportedAt", "decidedAt"])),
    decisionsOnYourWorks: decisions.map((row) =>
      withIsoTimes(row, ["decidedAt", "appealedAt", "appealDecidedAt"]),
    ),
  };
}

/** Raw rows' times as ISO 8601 in UTC, as the other files of an export give them. */
function withIsoTimes(row: Record<string, unknown>, names: string[]): Record<string, unknown> {
  const result: Record<string, unknown> = { ...row };
  for (const name of names) {
    const value = row[name];
    result[name] =
      value === null || value === undefined ? null : new Date(value as string | Date).toISOString();
  }
  return result;
}
