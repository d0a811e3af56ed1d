import type { Queryable } from "../../db/client";
import { type OrderRow, insertOrder, insertOrderEvent } from "./orders.repository";

/**
 * The order a sale opens and its first event (paid, by the buyer), in the sale's own
 * transaction: purchase decides that a work is sold, orders writes what that makes.
 * Undefined when the payment already has an order.
 */
export async function openOrder(
  tx: Queryable,
  row: Parameters<typeof insertOrder>[1],
  openedAt: Date,
): Promise<OrderRow | undefined> {
  const order = await insertOrder(tx, row);
  if (!order) return undefined;
  await insertOrderEvent(tx, {
    orderId: order.id,
    actorId: order.purchaserId,
    actorRole: "buyer",
    fromStatus: null,
    toStatus: "paid",
    note: null,
    createdAt: openedAt,
  });
  return order;
}
