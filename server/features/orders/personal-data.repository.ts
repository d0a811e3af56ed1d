import { and, asc, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { orders } from "../../db/schema";
import { PENDING_STATUSES } from "../../../domain/orders";
import { RETURNABLE_STATUSES, returnWindowEnd } from "../../../domain/returns";

/**
 * A person's orders, as buyer and as seller, for their data export (decision 0058), the
 * ones still in progress (which keep an account open), and the artist's name on their
 * sales, replaced when the account closes. The orders themselves are kept: bookkeeping.
 */
export async function ordersForExport(
  db: Queryable,
  userId: string,
  afterId: string | null,
  limit: number,
) {
  return db
    .select({
      id: orders.id,
      artworkId: orders.artworkId,
      title: orders.title,
      artistName: orders.artistName,
      purchaserId: orders.purchaserId,
      artistId: orders.artistId,
      status: orders.status,
      price: orders.price,
      preTaxAmount: orders.preTaxAmount,
      taxAmount: orders.taxAmount,
      totalAmount: orders.totalAmount,
      commissionAmount: orders.commissionAmount,
      artistNet: orders.artistNet,
      shippingAddress: orders.shippingAddress,
      timestamp: orders.timestamp,
      shippedAt: orders.shippedAt,
      carrier: orders.carrier,
      trackingNumber: orders.trackingNumber,
      deliveredAt: orders.deliveredAt,
      completedAt: orders.completedAt,
      cancelledAt: orders.cancelledAt,
      problemKind: orders.problemKind,
      problemNote: orders.problemNote,
    })
    .from(orders)
    .where(
      and(
        or(eq(orders.purchaserId, userId), eq(orders.artistId, userId)),
        afterId ? gt(orders.id, afterId) : undefined,
      ),
    )
    .orderBy(asc(orders.id))
    .limit(limit);
}

/**
 * What keeps the person's account open on the orders side (decision 0058), oldest first:
 * orders still in progress with them as buyer or as seller (a return in progress
 * included), and, for the seller, every sale whose return window has not ended, with the
 * day it ends: a return asked for later must still reach the artist (and the refund be
 * clawed back from their balance), so a closed account cannot be its seller.
 */
export async function openOrdersOf(db: Queryable, userId: string, now: Date) {
  const rows = await db
    .select({
      id: orders.id,
      title: orders.title,
      status: orders.status,
      purchaserId: orders.purchaserId,
      deliveredAt: orders.deliveredAt,
      returnWindowDays: orders.returnWindowDays,
    })
    .from(orders)
    .where(
      or(
        and(
          or(eq(orders.purchaserId, userId), eq(orders.artistId, userId)),
          inArray(orders.status, [...PENDING_STATUSES]),
        ),
        // Still returnable: `returnRefusal` (domain/returns.ts) would not refuse it now.
        and(
          eq(orders.artistId, userId),
          inArray(orders.status, [...RETURNABLE_STATUSES]),
          gt(orders.returnWindowDays, 0),
          sql`${orders.deliveredAt} + ${orders.returnWindowDays} * interval '24 hours' > ${now.toISOString()}::timestamptz`,
        ),
      ),
    )
    .orderBy(asc(orders.timestamp), asc(orders.id));
  return rows.map(({ purchaserId, deliveredAt, returnWindowDays, ...order }) => {
    const role = purchaserId === userId ? ("buyer" as const) : ("seller" as const);
    const windowEnd =
      role === "seller" && RETURNABLE_STATUSES.includes(order.status)
        ? returnWindowEnd({ deliveredAt, returnWindowDays })
        : null;
    return {
      ...order,
      role,
      returnWindowEndsAt: windowEnd && windowEnd.getTime() > now.getTime() ? windowEnd : null,
    };
  });
}

/** The name a closed account's sales show. */
export async function renameArtistOnOrders(
  tx: Queryable,
  artistId: string,
  pseudonym: string,
): Promise<void> {
  await tx.update(orders).set({ artistName: pseudonym }).where(eq(orders.artistId, artistId));
}
