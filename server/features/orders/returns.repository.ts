import { type SQL, and, asc, count, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { OrderStatus } from "../../../domain/orders";
import type { Database, Queryable } from "../../db/client";
import { queryRows } from "../../db/rows";
import { orderReturns, orders, returnImages } from "../../db/schema";
import type { StoredImageFiles } from "../../images/stored-image";

/**
 * The returns' tables (decision 0055): one return per order and its photos. Every step
 * is a guarded UPDATE (the step not yet made), so a double submit or two servers make it
 * once; the order's own move is made in the same transaction by returns.service.ts.
 */

export type ReturnRow = typeof orderReturns.$inferSelect;
export type ReturnImageRow = typeof returnImages.$inferSelect;

/** The return, or undefined when another request already made one for the order. */
export async function insertReturn(
  db: Queryable,
  row: typeof orderReturns.$inferInsert,
): Promise<ReturnRow | undefined> {
  const [inserted] = await db
    .insert(orderReturns)
    .values(row)
    .onConflictDoNothing({ target: orderReturns.orderId })
    .returning();
  return inserted;
}

export async function findReturnOfOrder(
  db: Queryable,
  orderId: string,
): Promise<ReturnRow | undefined> {
  const [row] = await db.select().from(orderReturns).where(eq(orderReturns.orderId, orderId));
  return row;
}

/** The decision, once: answers the row when this call made it. */
export async function decideReturn(
  db: Queryable,
  orderId: string,
  set: Pick<
    typeof orderReturns.$inferInsert,
    "decision" | "decidedByRole" | "decidedAt" | "refusalReason" | "returnAddress"
  >,
): Promise<ReturnRow | undefined> {
  const [row] = await db
    .update(orderReturns)
    .set(set)
    .where(and(eq(orderReturns.orderId, orderId), isNull(orderReturns.decision)))
    .returning();
  return row;
}

/** The buyer's shipment back, once, after an acceptance. */
export async function markReturnShipped(
  db: Queryable,
  orderId: string,
  set: { carrier: string; trackingNumber: string; shippedAt: Date },
): Promise<ReturnRow | undefined> {
  const [row] = await db
    .update(orderReturns)
    .set(set)
    .where(
      and(
        eq(orderReturns.orderId, orderId),
        eq(orderReturns.decision, "accepted"),
        isNull(orderReturns.shippedAt),
      ),
    )
    .returning();
  return row;
}

/** The work is back (confirmed, or deemed), once. */
export async function markReturnArrived(
  db: Queryable,
  orderId: string,
  set: { arrivedAt: Date; arrivalDeemed: boolean },
): Promise<ReturnRow | undefined> {
  const [row] = await db
    .update(orderReturns)
    .set(set)
    .where(
      and(
        eq(orderReturns.orderId, orderId),
        sql`${orderReturns.shippedAt} is not null`,
        isNull(orderReturns.arrivedAt),
      ),
    )
    .returning();
  return row;
}

/** The buyer did not send the accepted return back in time: it ends, once. */
export async function markReturnLapsed(
  db: Queryable,
  orderId: string,
  at: Date,
): Promise<ReturnRow | undefined> {
  const [row] = await db
    .update(orderReturns)
    .set({ lapsedAt: at })
    .where(
      and(
        eq(orderReturns.orderId, orderId),
        eq(orderReturns.decision, "accepted"),
        isNull(orderReturns.shippedAt),
        isNull(orderReturns.lapsedAt),
      ),
    )
    .returning();
  return row;
}

/** Accepted returns decided at or before `before` that the buyer has not sent back. */
export function listLapseDue(db: Queryable, before: Date, limit: number) {
  return dueReturns(db, {
    status: "return_accepted",
    since: orderReturns.decidedAt,
    before,
    limit,
    where: [
      eq(orderReturns.decision, "accepted"),
      isNull(orderReturns.shippedAt),
      isNull(orderReturns.lapsedAt),
    ],
  });
}

/** The team was told the artist has not answered, once. */
export async function markReturnEscalated(
  db: Queryable,
  orderId: string,
  at: Date,
): Promise<ReturnRow | undefined> {
  const [row] = await db
    .update(orderReturns)
    .set({ escalatedAt: at })
    .where(
      and(
        eq(orderReturns.orderId, orderId),
        isNull(orderReturns.decision),
        isNull(orderReturns.escalatedAt),
      ),
    )
    .returning();
  return row;
}

/** Undecided returns asked for at or before `before` and not yet escalated. */
export function listEscalationDue(db: Queryable, before: Date, limit: number) {
  return dueReturns(db, {
    status: "return_requested",
    since: orderReturns.requestedAt,
    before,
    limit,
    where: [isNull(orderReturns.decision), isNull(orderReturns.escalatedAt)],
  });
}

/**
 * Returns shipped at or before `before` that nobody confirmed arrived. (One the team
 * refunded meanwhile cannot be refunded again: its 409 would be retried every run.)
 */
export function listDeemedArrivalDue(db: Queryable, before: Date, limit: number) {
  return dueReturns(db, {
    status: "return_shipped",
    since: orderReturns.shippedAt,
    before,
    limit,
    where: [sql`${orderReturns.shippedAt} is not null`, isNull(orderReturns.arrivedAt)],
  });
}

/**
 * The orders of returns a timer is due to act on: the order still in `status` (a return
 * the team ended otherwise is no timer's, and left in the list it would take a place in
 * every batch), the return matching `where`, its `since` time at or before `before`;
 * oldest first, at most `limit`.
 */
async function dueReturns(
  db: Queryable,
  due: {
    status: OrderStatus;
    since: AnyPgColumn;
    before: Date;
    limit: number;
    where: SQL[];
  },
): Promise<string[]> {
  const rows = await db
    .select({ orderId: orderReturns.orderId })
    .from(orderReturns)
    .innerJoin(orders, eq(orders.id, orderReturns.orderId))
    .where(and(eq(orders.status, due.status), ...due.where, lte(due.since, due.before)))
    .orderBy(asc(due.since))
    .limit(due.limit);
  return rows.map((row) => row.orderId);
}

export async function insertReturnImage(
  db: Queryable,
  row: { uploaderId: string; createdAt: Date } & StoredImageFiles,
): Promise<ReturnImageRow> {
  const [inserted] = await db.insert(returnImages).values(row).returning();
  if (!inserted) throw new Error("return image insert returned nothing");
  return inserted;
}

/** Photos uploaded and not yet part of a return. */
export async function countUnusedReturnImages(db: Queryable, uploaderId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(returnImages)
    .where(and(eq(returnImages.uploaderId, uploaderId), isNull(returnImages.returnId)));
  return row?.n ?? 0;
}

/**
 * Gives the return its photos, in the order given: only the uploader's own photos not
 * yet used. Answers how many were attached (fewer than asked: one was not theirs).
 */
export async function attachReturnImages(
  db: Queryable,
  input: { returnId: string; uploaderId: string; imageIds: readonly string[] },
): Promise<number> {
  let attached = 0;
  for (const [position, id] of input.imageIds.entries()) {
    const rows = await db
      .update(returnImages)
      .set({ returnId: input.returnId, position })
      .where(
        and(
          eq(returnImages.id, id),
          eq(returnImages.uploaderId, input.uploaderId),
          isNull(returnImages.returnId),
        ),
      )
      .returning({ id: returnImages.id });
    attached += rows.length;
  }
  return attached;
}

export async function listReturnImages(db: Queryable, returnIds: readonly string[]) {
  if (returnIds.length === 0) return [];
  return db
    .select()
    .from(returnImages)
    .where(inArray(returnImages.returnId, [...returnIds]))
    .orderBy(asc(returnImages.position));
}

/**
 * Deletes up to `limit` photos no return took, uploaded at or before `before`, and answers
 * their file keys (the files are deleted after). A photo a request is taking at this
 * moment is locked by its transaction and skipped; once taken it is no longer unused.
 */
export async function deleteUnusedReturnImages(
  db: Database,
  input: { before: Date; limit: number },
): Promise<string[][]> {
  const rows = await queryRows<{ original_key: string; medium_key: string; thumbnail_key: string }>(
    db,
    sql`delete from return_images where id in (
        select id from return_images
        where return_id is null and created_at <= ${input.before.toISOString()}::timestamptz
        order by created_at limit ${input.limit}
        for update skip locked
      ) and return_id is null
      returning original_key, medium_key, thumbnail_key`,
  );
  return rows.map((r) => [r.original_key, r.medium_key, r.thumbnail_key]);
}
