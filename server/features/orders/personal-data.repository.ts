import { and, asc, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { orderReturns, orders, returnImages } from "../../db/schema";
import { PENDING_STATUSES } from "../../../domain/orders";
import { RETURNABLE_STATUSES, returnWindowEnd } from "../../../domain/returns";

/**
 * A person's orders, as buyer and as seller, for their data export (decision 0058), the
 * ones still in progress or still returnable (which keep an account open), and the
 * artist's name on their sales, replaced when the account closes. The orders themselves
 * (and their returns) are kept: bookkeeping. Their returns and return photos are further
 * down.
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

/** Where a return's photo is in a data export's ZIP; returns.json names it. */
export function exportReturnPhotoName(returnId: string, index: number): string {
  return `return-photos/${returnId}/${index + 1}.jpg`;
}

/** Where a return stands, in a word, from its row. */
function returnState(row: {
  decision: string | null;
  shippedAt: Date | null;
  arrivedAt: Date | null;
}): string {
  if (row.decision === null) return "requested";
  if (row.decision === "refused") return "refused";
  if (row.arrivedAt) return "arrived";
  if (row.shippedAt) return "sent back";
  return "accepted";
}

/**
 * The returns of a person's orders, for their data export (decision 0058): those they
 * asked for as buyer and those of their sales as artist, with the file names of the
 * photos sent with them (the photos are in the ZIP under those names).
 */
export async function returnsForExport(
  db: Queryable,
  userId: string,
  afterId: string | null,
  limit: number,
) {
  const rows = await db
    .select({
      id: orderReturns.id,
      orderId: orderReturns.orderId,
      title: orders.title,
      purchaserId: orders.purchaserId,
      orderStatus: orders.status,
      reason: orderReturns.reason,
      requestedAt: orderReturns.requestedAt,
      escalatedAt: orderReturns.escalatedAt,
      decision: orderReturns.decision,
      decidedByRole: orderReturns.decidedByRole,
      decidedAt: orderReturns.decidedAt,
      refusalReason: orderReturns.refusalReason,
      returnAddress: orderReturns.returnAddress,
      carrier: orderReturns.carrier,
      trackingNumber: orderReturns.trackingNumber,
      shippedAt: orderReturns.shippedAt,
      arrivedAt: orderReturns.arrivedAt,
      arrivalDeemed: orderReturns.arrivalDeemed,
    })
    .from(orderReturns)
    .innerJoin(orders, eq(orders.id, orderReturns.orderId))
    .where(
      and(
        or(eq(orders.purchaserId, userId), eq(orders.artistId, userId)),
        afterId ? gt(orderReturns.id, afterId) : undefined,
      ),
    )
    .orderBy(asc(orderReturns.id))
    .limit(limit);
  const photos = await returnPhotosForExport(
    db,
    rows.map((row) => row.id),
  );
  return rows.map(({ purchaserId, ...row }) => ({
    ...row,
    role: purchaserId === userId ? ("buyer" as const) : ("seller" as const),
    status: returnState(row),
    photos: photos
      .filter((photo) => photo.returnId === row.id)
      .map((photo) => ({ file: photo.file, width: photo.width, height: photo.height })),
  }));
}

/**
 * The photos of these returns, each with its storage key and its name in the ZIP, in
 * the order the buyer gave them.
 */
export async function returnPhotosForExport(db: Queryable, returnIds: readonly string[]) {
  if (returnIds.length === 0) return [];
  const rows = await db
    .select({
      returnId: returnImages.returnId,
      originalKey: returnImages.originalKey,
      width: returnImages.width,
      height: returnImages.height,
    })
    .from(returnImages)
    .where(inArray(returnImages.returnId, [...returnIds]))
    .orderBy(asc(returnImages.returnId), asc(returnImages.position), asc(returnImages.id));
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const returnId = row.returnId!;
    const index = seen.get(returnId) ?? 0;
    seen.set(returnId, index + 1);
    return { ...row, returnId, file: exportReturnPhotoName(returnId, index) };
  });
}

/** How many return photos a person's export holds (its progress counts them). */
export async function countReturnPhotosOf(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(returnImages)
    .innerJoin(orderReturns, eq(orderReturns.id, returnImages.returnId))
    .innerJoin(orders, eq(orders.id, orderReturns.orderId))
    .where(or(eq(orders.purchaserId, userId), eq(orders.artistId, userId)));
  return row?.n ?? 0;
}
