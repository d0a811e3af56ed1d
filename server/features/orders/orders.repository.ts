import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { orderEvents, orders, payments } from "../../db/schema";
import type { OrderActorRole, OrderStatus } from "../../../domain/orders";

/** The orders after the sale (issue 14): guarded moves, their history, the order's lock. */

export type OrderRow = typeof orders.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;
type OrderChanges = Partial<
  Pick<
    typeof orders.$inferInsert,
    | "shippedAt"
    | "carrier"
    | "trackingNumber"
    | "deliveredAt"
    | "completedAt"
    | "cancelledAt"
    | "problemKind"
    | "problemNote"
    | "problemReportedAt"
  >
>;

export async function findOrder(db: Queryable, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** Locks the order row for the transaction (refunds and payouts read its money under it). */
export async function lockOrder(db: Queryable, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for("update");
  return row;
}

/**
 * One guarded UPDATE: the order moves to `to` only from one of `from`. Answers the
 * moved row, or undefined when it was not in one of those states (another move won).
 */
export async function moveOrderRow(
  db: Queryable,
  input: { orderId: string; from: readonly OrderStatus[]; to: OrderStatus; set?: OrderChanges },
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ ...input.set, status: input.to, updatedAt: sql`now()` })
    .where(and(eq(orders.id, input.orderId), inArray(orders.status, [...input.from])))
    .returning();
  return row;
}

export async function insertOrderEvent(
  db: Queryable,
  event: {
    orderId: string;
    actorId: string | null;
    actorRole: OrderActorRole;
    fromStatus: OrderStatus | null;
    toStatus: OrderStatus;
    note?: string | null;
    createdAt?: Date;
  },
): Promise<void> {
  await db.insert(orderEvents).values({ ...event, note: event.note ?? null });
}

export async function listOrderEvents(db: Queryable, orderId: string): Promise<OrderEventRow[]> {
  return db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
}

/** The order's card payment: the processor's id to refund, and what was captured. */
export async function findOrderPayment(db: Queryable, paymentId: string) {
  const [row] = await db
    .select({
      id: payments.id,
      provider: payments.provider,
      providerPaymentId: payments.providerPaymentId,
      status: payments.status,
      totalAmount: payments.totalAmount,
    })
    .from(payments)
    .where(eq(payments.id, paymentId));
  return row;
}
