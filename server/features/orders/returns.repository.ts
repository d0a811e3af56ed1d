import { and, asc, count, eq, inArray, isNull, lte, sql } from "drizzle-orm";
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

/**
 * Accepted returns decided at or before `before` that the buyer has not sent back, of
 * orders still awaiting the shipment (`return_accepted`), oldest first.
 */
export async function listLapseDue(db: Queryable, before: Date, limit: number) {
  const rows = await db
    .select({ orderId: orderReturns.orderId })
    .from(orderReturns)
    .innerJoin(orders, eq(orders.id, orderReturns.orderId))
    .where(
      and(
        eq(orders.status, "return_accepted"),
        eq(orderReturns.decision, "accepted"),
        isNull(orderReturns.shippedAt),
        isNull(orderReturns.lapsedAt),
        lte(orderReturns.decidedAt, before),
      ),
    )
    .orderBy(asc(orderReturns.decidedAt))
    .limit(limit);
  return rows.map((row) => row.orderId);
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

/**
 * Undecided returns asked for at or before `before` and not yet escalated, oldest first.
 * Only of orders still awaiting the answer: a return the team ended by refunding the
 * order is no one's to decide, and left in the list it would take a place in every batch.
 */
export async function listEscalationDue(db: Queryable, before: Date, limit: number) {
  const rows = await db
    .select({ orderId: orderReturns.orderId })
    .from(orderReturns)
    .innerJoin(orders, eq(orders.id, orderReturns.orderId))
    .where(
      and(
        eq(orders.status, "return_requested"),
        isNull(orderReturns.decision),
        isNull(orderReturns.escalatedAt),
        lte(orderReturns.requestedAt, before),
      ),
    )
    .orderBy(asc(orderReturns.requestedAt))
    .limit(limit);
  return rows.map((row) => row.orderId);
}

/**
 * Returns shipped at or before `before` that nobody confirmed arrived, oldest first. Only
 * of orders still on their way back: one the team refunded meanwhile cannot be refunded
 * again (its 409 would be retried every run and, a batch of them, starve later returns).
 */
export async function listDeemedArrivalDue(db: Queryable, before: Date, limit: number) {
  const rows = await db
    .select({ orderId: orderReturns.orderId })
    .from(orderReturns)
    .innerJoin(orders, eq(orders.id, orderReturns.orderId))
    .where(
      and(
        eq(orders.status, "return_shipped"),
        sql`${orderReturns.shippedAt} is not null`,
        isNull(orderReturns.arrivedAt),
        lte(orderReturns.shippedAt, before),
      ),
    )
    .orderBy(asc(orderReturns.shippedAt))
    .limit(limit);
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
