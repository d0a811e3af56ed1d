import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { type RefundStatus, refunds } from "../../db/schema";

export type RefundRow = typeof refunds.$inferSelect;

export async function insertRefund(
  db: Queryable,
  row: typeof refunds.$inferInsert,
): Promise<RefundRow> {
  const [inserted] = await db.insert(refunds).values(row).returning();
  if (!inserted) throw new Error("refund insert returned nothing");
  return inserted;
}

export async function findRefund(db: Queryable, id: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row;
}

/** One guarded move of a pending refund; answers whether this call made it. */
export async function settleRefundRow(
  db: Queryable,
  id: string,
  to: Exclude<RefundStatus, "pending">,
  set: { providerRefundId?: string | null; failureMessage?: string | null },
): Promise<boolean> {
  const rows = await db
    .update(refunds)
    .set({ ...set, status: to, updatedAt: sql`now()` })
    .where(and(eq(refunds.id, id), eq(refunds.status, "pending")))
    .returning({ id: refunds.id });
  return rows.length === 1;
}

export async function listOrderRefunds(db: Queryable, orderId: string): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt));
}

/** Pending refunds older than `before`: a crash or a processor failure left them; retried. */
export async function listStalePendingRefunds(db: Queryable, before: Date, limit = 100) {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, "pending"), lt(refunds.createdAt, before)))
    .orderBy(asc(refunds.createdAt))
    .limit(limit);
}
