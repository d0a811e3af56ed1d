import { asc, eq, sql } from "drizzle-orm";
import type { AdminRefund } from "../../../contracts/admin-orders.contract";
import { ORDER_STATUSES, type OrderStatus } from "../../../domain/orders";
import type { Queryable } from "../../db/client";
import { orders, refunds, users } from "../../db/schema";

/** The console's own reads of the orders: counts by state, refunds with names. */

/** How many orders are in each state (every state present, zero when none). */
export async function countOrdersByStatus(db: Queryable): Promise<Record<OrderStatus, number>> {
  const rows = await db
    .select({ status: orders.status, count: sql<string>`count(*)` })
    .from(orders)
    .groupBy(orders.status);
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<
    OrderStatus,
    number
  >;
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/** An order's refunds, oldest first, with the name of who asked for each. */
export async function listRefundsForConsole(
  db: Queryable,
  orderId: string,
): Promise<AdminRefund[]> {
  const rows = await db
    .select({ refund: refunds, requestedByName: users.displayName })
    .from(refunds)
    .leftJoin(users, eq(users.id, refunds.requestedBy))
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  return rows.map(({ refund, requestedByName }) => ({
    id: refund.id,
    amount: refund.amount,
    reason: refund.reason,
    status: refund.status,
    move: refund.move,
    requestedByRole: refund.requestedByRole,
    requestedByName: refund.requestedBy ? (requestedByName ?? null) : null,
    providerRefundId: refund.providerRefundId,
    failureMessage: refund.failureMessage,
    createdAt: refund.createdAt.toISOString(),
  }));
}
