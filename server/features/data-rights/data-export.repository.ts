import { and, desc, eq, inArray, lt, ne, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { dataExports } from "../../db/schema";

export type DataExportRow = typeof dataExports.$inferSelect;

/**
 * Queues an export unless one is already queued or building for the person (the partial
 * unique index decides between a double submit or two servers); answers the one in the
 * making either way.
 */
export async function queueExport(db: Queryable, userId: string, now: Date) {
  await db
    .insert(dataExports)
    .values({ userId, requestedAt: now })
    .onConflictDoNothing({
      target: dataExports.userId,
      where: sql`${dataExports.status} in ('queued', 'building')`,
    });
  const [pending] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), inArray(dataExports.status, ["queued", "building"])))
    .limit(1);
  return pending;
}

export async function latestExportOf(db: Queryable, userId: string) {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.requestedAt), desc(dataExports.id))
    .limit(1);
  return row;
}

export async function findExport(db: Queryable, id: string) {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id)).limit(1);
  return row;
}

/**
 * Claims the oldest export waiting, or one whose builder's lease lapsed (a crash or a
 * stopped server), with `skip locked`: two servers never take the same one. The claim
 * gives a new lease token; only its holder may record progress or the result.
 */
export async function claimExport(
  db: Queryable,
  { now, leaseMs, token }: { now: Date; leaseMs: number; token: string },
) {
  const waiting = db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(
      or(
        eq(dataExports.status, "queued"),
        and(eq(dataExports.status, "building"), lt(dataExports.leaseUntil, now)),
      ),
    )
    .orderBy(dataExports.requestedAt)
    .limit(1)
    .for("update", { skipLocked: true });
  const [row] = await db
    .update(dataExports)
    .set({
      status: "building",
      progress: 0,
      attempts: sql`${dataExports.attempts} + 1`,
      leaseToken: token,
      leaseUntil: new Date(now.getTime() + leaseMs),
    })
    .where(inArray(dataExports.id, waiting))
    .returning();
  return row;
}

/** Progress, and a longer lease, for the holder; false once the lease was taken over. */
export async function recordProgress(
  db: Queryable,
  id: string,
  token: string,
  { progress, leaseUntil }: { progress: number; leaseUntil: Date },
): Promise<boolean> {
  const rows = await db
    .update(dataExports)
    .set({ progress, leaseUntil })
    .where(and(eq(dataExports.id, id), eq(dataExports.leaseToken, token)))
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

/** The holder's result; false when another builder took the export over meanwhile. */
export async function finishExport(
  db: Queryable,
  id: string,
  token: string,
  result:
    | { status: "ready"; storageKey: string; sizeBytes: number; finishedAt: Date; expiresAt: Date }
    | { status: "failed"; failure: string; finishedAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(dataExports)
    .set({
      ...result,
      progress: result.status === "ready" ? 100 : 0,
      leaseToken: null,
      leaseUntil: null,
    })
    .where(
      and(
        eq(dataExports.id, id),
        eq(dataExports.leaseToken, token),
        eq(dataExports.status, "building"),
      ),
    )
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

/** Ready exports past their day: marked expired (returned, to delete their files). */
export async function expireExports(db: Queryable, now: Date, limit: number) {
  const due = db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(and(eq(dataExports.status, "ready"), lt(dataExports.expiresAt, now)))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(dataExports)
    .set({ status: "expired" })
    .where(inArray(dataExports.id, due))
    .returning({ id: dataExports.id, storageKey: dataExports.storageKey });
}

/** The person's older ready exports, expired by a newer one (returned, to delete their files). */
export async function supersedeExports(db: Queryable, userId: string, newerId: string) {
  return db
    .update(dataExports)
    .set({ status: "expired" })
    .where(
      and(
        eq(dataExports.userId, userId),
        eq(dataExports.status, "ready"),
        ne(dataExports.id, newerId),
      ),
    )
    .returning({ storageKey: dataExports.storageKey });
}

/** Every export of a closed account, gone (returned, to delete their files). */
export async function deleteExportsOf(db: Queryable, userId: string) {
  return db
    .delete(dataExports)
    .where(eq(dataExports.userId, userId))
    .returning({ storageKey: dataExports.storageKey });
}
