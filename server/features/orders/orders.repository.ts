import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { orderEvents, orders } from "../../db/schema";
import type { OrderActorRole, OrderStatus } from "../../../domain/orders";

/**
 * The orders table's one writer: the order the sale opens, its guarded moves, their
 * history and the order's lock. Other modules reach it through orders.api.ts.
 */

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

export async function hasOrder(db: Queryable, artworkId: string): Promise<boolean> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.artworkId, artworkId))
    .limit(1);
  return rows.length > 0;
}

export async function insertOrder(db: Queryable, row: typeof orders.$inferInsert) {
  const [inserted] = await db
    .insert(orders)
    .values(row)
    .onConflictDoNothing({ target: orders.paymentId })
    .returning();
  return inserted;
}

export async function findOrderByPayment(db: Queryable, paymentId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.paymentId, paymentId));
  return row;
}

export async function listOrdersOf(db: Queryable, userId: string) {
  return db
    .select()
    .from(orders)
    .where(eq(orders.purchaserId, userId))
    .orderBy(desc(orders.timestamp), desc(orders.id));
}

/**
 * Records the reminder once: one guarded UPDATE, so two timers at once send one e-mail.
 * Answers the order when this call recorded it.
 */
export async function markReminderSent(
  db: Queryable,
  id: string,
  at: Date,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ shipByReminderAt: at })
    .where(and(eq(orders.id, id), eq(orders.status, "paid"), isNull(orders.shipByReminderAt)))
    .returning();
  return row;
}

/** Every status move of this buyer's orders of a work, oldest first (a conversation's thread). */
export async function orderHistoryFor(db: Queryable, artworkId: string, purchaserId: string) {
  return db
    .select({
      orderId: orders.id,
      id: orderEvents.id,
      toStatus: orderEvents.toStatus,
      createdAt: orderEvents.createdAt,
    })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(and(eq(orders.artworkId, artworkId), eq(orders.purchaserId, purchaserId)))
    .orderBy(asc(orderEvents.id))
    .limit(200);
}

/**
 * Whether a sale was made between two people, in either direction, and not undone
 * (cancelled or refunded): after one, they may share contact details.
 */
export async function hasSaleBetween(db: Queryable, a: string, b: string): Promise<boolean> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        sql`((${orders.purchaserId} = ${a} and ${orders.artistId} = ${b})
          or (${orders.purchaserId} = ${b} and ${orders.artistId} = ${a}))`,
        sql`${orders.status} not in ('cancelled', 'refunded')`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** What reviews read of an order: whose it is, what was sold, and its state. */
export type OrderFacts = Pick<
  OrderRow,
  | "id"
  | "purchaserId"
  | "artistId"
  | "artworkId"
  | "title"
  | "imageThumbnail"
  | "status"
  | "deliveredAt"
  | "returnWindowDays"
>;

export async function orderFacts(db: Queryable, id: string): Promise<OrderFacts | undefined> {
  const [row] = await db
    .select({
      id: orders.id,
      purchaserId: orders.purchaserId,
      artistId: orders.artistId,
      artworkId: orders.artworkId,
      title: orders.title,
      imageThumbnail: orders.imageThumbnail,
      status: orders.status,
      deliveredAt: orders.deliveredAt,
      returnWindowDays: orders.returnWindowDays,
    })
    .from(orders)
    .where(eq(orders.id, id));
  return row;
}
