import { and, asc, eq, gt, isNull, lte } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { orders } from "../../db/schema";

/**
 * The order timers' reads (orders.timers.ts; their writes are in orders.repository.ts): each a batch of the oldest deadlines first,
 * by an index on (status, <the deadline's column>) (migration 0013).
 */

/** Orders awaiting shipment, not yet reminded, whose ship-by date is after `now` and by `remindBefore`. */
export async function listReminderDue(
  db: Queryable,
  input: { now: Date; remindBefore: Date; limit: number },
): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, "paid"),
        isNull(orders.shipByReminderAt),
        gt(orders.shipBy, input.now),
        lte(orders.shipBy, input.remindBefore),
      ),
    )
    .orderBy(asc(orders.shipBy))
    .limit(input.limit);
  return rows.map((row) => row.id);
}

/** Orders still awaiting shipment at their ship-by date. */
export async function listShipByPassed(db: Queryable, now: Date, limit: number) {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "paid"), lte(orders.shipBy, now)))
    .orderBy(asc(orders.shipBy))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Orders shipped at or before `shippedBefore` and still not delivered. */
export async function listDeliveryDue(db: Queryable, shippedBefore: Date, limit: number) {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "shipped"), lte(orders.shippedAt, shippedBefore)))
    .orderBy(asc(orders.shippedAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Orders delivered at or before `deliveredBefore` with no problem reported (a reported
 * problem moves the order out of `delivered`).
 */
export async function listCompletionDue(db: Queryable, deliveredBefore: Date, limit: number) {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "delivered"), lte(orders.deliveredAt, deliveredBefore)))
    .orderBy(asc(orders.deliveredAt))
    .limit(limit);
  return rows.map((row) => row.id);
}
