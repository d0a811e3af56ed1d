import type { Queryable } from "../../db/client";
import { orderReturnWindow } from "../../../domain/returns";
import { type OrderRow, insertOrder, insertOrderEvent } from "./orders.repository";
import { currentReturnWindowDays } from "./settings.repository";

/**
 * The order a sale opens and its first event (paid, by the buyer), in the sale's own
 * transaction: purchase decides that a work is sold, orders writes what that makes.
 * Undefined when the payment already has an order.
 */
export async function openOrder(
  tx: Queryable,
  row: Omit<Parameters<typeof insertOrder>[1], "returnWindowDays">,
  openedAt: Date,
  work: { finalSale: boolean },
): Promise<OrderRow | undefined> {
  // The return window is frozen on the order (decision 0055): none for a final sale.
  const returnWindowDays = orderReturnWindow({
    finalSale: work.finalSale,
    windowDays: await currentReturnWindowDays(tx),
  });
  const order = await insertOrder(tx, { ...row, returnWindowDays });
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
