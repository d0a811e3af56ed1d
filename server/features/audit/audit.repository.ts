import { and, desc, eq, getTableColumns, lt, or, sql } from "drizzle-orm";
import type { Database, Queryable } from "../../db/client";
import { auditEvents } from "../../db/schema";

/** Who did a console action: the signed-in admin. */
export type AuditActor = { id: string; email: string };

/** Someone without an account, known by the e-mail address they gave (a guest's report). */
export type GuestActor = { id: null; email: string };

export type NewAuditEvent = {
  /** Dotted, feature first: "application.approve", "user.suspend", "artwork.hide". */
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
};

/**
 * Records one console action. Call it with the action's own transaction, so the action
 * and its row are written together or not at all (decision 0027).
 */
export async function recordAudit(
  tx: Queryable,
  actor: AuditActor | GuestActor,
  event: NewAuditEvent,
): Promise<void> {
  await tx.insert(auditEvents).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: event.action,
    targetType: event.targetType,
    targetId: event.targetId,
    before: event.before ?? null,
    after: event.after ?? null,
  });
}

export type AuditFilter = {
  action?: string;
  actorId?: string;
  targetType?: string;
  targetId?: string;
  /** Keyset paging: the last row of the previous page. */
  before?: { createdAt: string; id: string };
  limit: number;
};

/** A row, and its time as the database's own text (microseconds), for the page cursor. */
export type AuditRow = typeof auditEvents.$inferSelect & { cursorAt: string };

/** Newest first, filtered, one page at a time. */
export async function listAuditEvents(db: Queryable, filter: AuditFilter): Promise<AuditRow[]> {
  const conditions = [
    filter.action ? eq(auditEvents.action, filter.action) : undefined,
    filter.actorId ? eq(auditEvents.actorId, filter.actorId) : undefined,
    filter.targetType ? eq(auditEvents.targetType, filter.targetType) : undefined,
    filter.targetId ? eq(auditEvents.targetId, filter.targetId) : undefined,
    filter.before
      ? or(
          lt(auditEvents.createdAt, sql`${filter.before.createdAt}::timestamptz`),
          and(
            eq(auditEvents.createdAt, sql`${filter.before.createdAt}::timestamptz`),
            lt(auditEvents.id, filter.before.id),
          ),
        )
      : undefined,
  ];
  return db
    .select({
      ...getTableColumns(auditEvents),
      cursorAt: sql<string>`${auditEvents.createdAt}::text`,
    })
    .from(auditEvents)
    .where(and(...conditions))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(filter.limit);
}

/** The distinct actions recorded, for the console's filter. */
export async function listAuditActions(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ action: auditEvents.action })
    .from(auditEvents)
    .orderBy(auditEvents.action);
  return rows.map((r) => r.action);
}
