import { and, asc, desc, eq, ilike, like, lt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type {
  OrderDetail,
  OrderEventView,
  OrderWithMoney,
} from "../../../contracts/orders.contract";
import type { OrderStatus } from "../../../domain/orders";
import type { Queryable } from "../../db/client";
import { ledgerEntries, orderEvents, orders, users } from "../../db/schema";
import type { PageAfter } from "../../page-cursor";

/** An order id or its start (at least the 8 characters shown as "Order c6067041"). */
const ORDER_REFERENCE = /^[0-9a-f]{8}(-?[0-9a-f]){0,28}$/i;

/**
 * The orders as the pages show them (decision 0029): one query for the buyer's, the
 * artist's and the team's lists, newest first with a keyset cursor, and one order with
 * its history. The refunded amount is a sum over the ledger, never a stored number.
 */

export type OrderFilter = {
  artistId?: string;
  purchaserId?: string;
  status?: OrderStatus;
  /** Title, artist, buyer name or e-mail, or the order's id (the team's search). */
  search?: string;
  before?: PageAfter;
  limit: number;
};

export type OrderListRow = OrderWithMoney & {
  cursorAt: string;
  artistId: string;
  buyerEmail: string;
};

const buyers = alias(users, "buyer");

const refundedSql = sql<string>`coalesce((select sum(${ledgerEntries.amount}) from ${ledgerEntries} where ${ledgerEntries.orderId} = ${orders.id} and ${ledgerEntries.kind} = 'refund'), 0)`;

function iso(at: Date | null): string | null {
  return at ? at.toISOString() : null;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function listOrderViews(db: Queryable, filter: OrderFilter): Promise<OrderListRow[]> {
  const search = filter.search?.trim();
  const pattern = search ? `%${escapeLike(search)}%` : undefined;
  const rows = await db
    .select({
      order: orders,
      buyerName: buyers.displayName,
      buyerEmail: buyers.email,
      refunded: refundedSql,
      cursorAt: sql<string>`${orders.timestamp}::text`,
    })
    .from(orders)
    .innerJoin(buyers, eq(buyers.id, orders.purchaserId))
    .where(
      and(
        filter.artistId ? eq(orders.artistId, filter.artistId) : undefined,
        filter.purchaserId ? eq(orders.purchaserId, filter.purchaserId) : undefined,
        filter.status ? eq(orders.status, filter.status) : undefined,
        pattern
          ? or(
              ilike(orders.title, pattern),
              ilike(orders.artistName, pattern),
              ilike(buyers.displayName, pattern),
              ilike(buyers.email, pattern),
              // The whole id, or its start: artists and buyers see the first 8 characters.
              ORDER_REFERENCE.test(search!)
                ? like(sql`${orders.id}::text`, `${search!.toLowerCase()}%`)
                : undefined,
            )
          : undefined,
        filter.before
          ? or(
              lt(orders.timestamp, sql`${filter.before.createdAt}::timestamptz`),
              and(
                eq(orders.timestamp, sql`${filter.before.createdAt}::timestamptz`),
                lt(orders.id, filter.before.id),
              ),
            )
          : undefined,
      ),
    )
    .orderBy(desc(orders.timestamp), desc(orders.id))
    .limit(filter.limit);
  return rows.map((row) => ({
    ...toOrderWithMoney(row.order, row.buyerName ?? "", Number(row.refunded)),
    cursorAt: row.cursorAt,
    artistId: row.order.artistId,
    buyerEmail: row.buyerEmail,
  }));
}

type OrderRow = typeof orders.$inferSelect;

export function toOrderWithMoney(
  order: OrderRow,
  buyerName: string,
  refunded: number,
): OrderWithMoney {
  return {
    id: order.id,
    artworkId: order.artworkId,
    title: order.title,
    imageThumbnail: order.imageThumbnail,
    artistName: order.artistName,
    buyerName,
    status: order.status,
    price: order.preTaxAmount,
    taxAmount: order.taxAmount,
    totalAmount: order.totalAmount,
    refundedAmount: refunded,
    soldAt: order.timestamp.toISOString(),
    shipBy: order.shipBy.toISOString(),
    shippedAt: iso(order.shippedAt),
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    deliveredAt: iso(order.deliveredAt),
    completedAt: iso(order.completedAt),
    cancelledAt: iso(order.cancelledAt),
    problemKind: order.problemKind,
    problemNote: order.problemNote,
    pickUpZipCode: order.pickUpZipCode,
    shippingAddress: order.shippingAddress ?? null,
    commissionBps: order.commissionBps,
    commissionAmount: order.commissionAmount,
    artistNet: order.artistNet,
  };
}

const actors = alias(users, "actor");

export async function orderHistory(db: Queryable, orderId: string): Promise<OrderEventView[]> {
  const rows = await db
    .select({ event: orderEvents, actorName: actors.displayName })
    .from(orderEvents)
    .leftJoin(actors, eq(actors.id, orderEvents.actorId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
  return rows.map(({ event, actorName }) => ({
    at: event.createdAt.toISOString(),
    actorRole: event.actorRole,
    actorName: event.actorRole === "system" ? null : (actorName ?? null),
    fromStatus: event.fromStatus,
    toStatus: event.toStatus,
    note: event.note,
  }));
}

/** One order with its history and money, or undefined. Callers check who may see it. */
export async function orderDetailView(
  db: Queryable,
  orderId: string,
): Promise<
  (OrderDetail & { artistId: string; purchaserId: string; buyerEmail: string }) | undefined
> {
  const [row] = await db
    .select({
      order: orders,
      buyerName: buyers.displayName,
      buyerEmail: buyers.email,
      refunded: refundedSql,
    })
    .from(orders)
    .innerJoin(buyers, eq(buyers.id, orders.purchaserId))
    .where(eq(orders.id, orderId));
  if (!row) return undefined;
  return {
    ...toOrderWithMoney(row.order, row.buyerName ?? "", Number(row.refunded)),
    events: await orderHistory(db, orderId),
    artistId: row.order.artistId,
    purchaserId: row.order.purchaserId,
    buyerEmail: row.buyerEmail,
  };
}
