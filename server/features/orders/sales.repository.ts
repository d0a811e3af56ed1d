import { type SQL, and, eq, inArray, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { artworks, orderReturns, orders } from "../../db/schema";
import type { OrderRow } from "./orders.repository";

/**
 * The artist's side of a refunded or cancelled sale (decision 0029): putting the work back
 * on sale. Only the work's latest sale can give it back, only while the buyer of that
 * sale still owns it (or, after a return, the artist it was given back to) and it is not
 * for sale, so it happens once.
 */

/** The states after which the artist may offer the work again. */
export const RELIST_STATUSES = ["refunded", "cancelled"] as const;

/** True when no order of the same artwork came after this one (its latest sale). */
const isLatestSale = sql`not exists (select 1 from ${orders} as later_order where later_order.artwork_id = ${orders.artworkId} and (later_order.timestamp, later_order.id) > (${orders.timestamp}, ${orders.id}))`;

/**
 * Who holds the work the order sold, for it to be put back on sale: its buyer, or its
 * artist when the work came back through a return (given back when its refund settled).
 */
function heldBySaleSql(order: {
  id: SQL | string;
  purchaserId: SQL | string;
  artistId: SQL | string;
}) {
  return or(
    sql`${artworks.ownerId} = ${order.purchaserId}`,
    and(
      sql`${artworks.ownerId} = ${order.artistId}`,
      sql`exists (select 1 from ${orderReturns} where ${orderReturns.orderId} = ${order.id} and ${orderReturns.arrivedAt} is not null)`,
    ),
  );
}

/** Of these orders, the ones whose work may be put back on sale now. */
export async function relistableOrderIds(
  db: Queryable,
  orderIds: readonly string[],
): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(artworks, eq(artworks.id, orders.artworkId))
    .where(
      and(
        inArray(orders.id, [...orderIds]),
        inArray(orders.status, [...RELIST_STATUSES]),
        heldBySaleSql({
          id: sql`${orders.id}`,
          purchaserId: sql`${orders.purchaserId}`,
          artistId: sql`${orders.artistId}`,
        }),
        eq(artworks.artistId, orders.artistId),
        eq(artworks.isForSale, false),
        isLatestSale,
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/**
 * One guarded UPDATE: the work becomes its artist's again and for sale at its last
 * price (the order's price if the work has none), only if the order is its latest
 * sale, its buyer still owns it and it is not for sale. Answers the price, or
 * undefined when the guard failed (already put back, or the work moved on).
 */
export async function relistArtwork(
  db: Queryable,
  order: Pick<OrderRow, "id" | "artworkId" | "artistId" | "purchaserId" | "preTaxAmount">,
): Promise<{ priceCents: number } | undefined> {
  const [row] = await db
    .update(artworks)
    .set({
      ownerId: order.artistId,
      isForSale: true,
      status: "available",
      priceCents: sql`coalesce(nullif(${artworks.priceCents}, 0), ${order.preTaxAmount})`,
      reservedUntil: null,
      reservedByPaymentId: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(artworks.id, order.artworkId),
        heldBySaleSql(order),
        eq(artworks.artistId, order.artistId),
        eq(artworks.isForSale, false),
        sql`not exists (select 1 from ${orders} as later_order where later_order.artwork_id = ${order.artworkId} and (later_order.timestamp, later_order.id) > (select sold.timestamp, sold.id from ${orders} as sold where sold.id = ${order.id}))`,
      ),
    )
    .returning({ priceCents: artworks.priceCents });
  return row?.priceCents == null ? undefined : { priceCents: row.priceCents };
}
