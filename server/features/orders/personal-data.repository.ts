import { and, asc, eq, gt, inArray, or } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { orders } from "../../db/schema";
import { PENDING_STATUSES } from "../../../domain/orders";

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

/** Orders still in progress with the person as buyer or as seller, oldest first. */
export async function openOrdersOf(db: Queryable, userId: string) {
  const rows = await db
    .select({
      id: orders.id,
      title: orders.title,
      status: orders.status,
      purchaserId: orders.purchaserId,
    })
    .from(orders)
    .where(
      and(
        or(eq(orders.purchaserId, userId), eq(orders.artistId, userId)),
        inArray(orders.status, [...PENDING_STATUSES]),
      ),
    )
    .orderBy(asc(orders.timestamp));
  return rows.map(({ purchaserId, ...order }) => ({
    ...order,
    role: purchaserId === userId ? ("buyer" as const) : ("seller" as const),
  }));
}

/** The name a closed account's sales show. */
export async function renameArtistOnOrders(
  tx: Queryable,
  artistId: string,
  pseudonym: string,
): Promise<void> {
  await tx.update(orders).set({ artistName: pseudonym }).where(eq(orders.artistId, artistId));
}
