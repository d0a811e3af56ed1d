import { and, count, eq, gt, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import {
  type PaymentStatus,
  artworks,
  orders,
  payments,
  processedWebhookEvents,
} from "../../db/schema";

/** Payment rows (one per attempt to buy) and the webhook events already handled. */

export type PaymentRow = typeof payments.$inferSelect;

/**
 * Artworks this e-mail holds right now: reserved, unexpired, by one of its open
 * payments (`except` is the payment being replaced, which does not count).
 */
export async function countOpenHolds(
  db: Queryable,
  email: string,
  except: string | null,
): Promise<number> {
  const [row] = await db
    .select({ holds: count() })
    .from(payments)
    .innerJoin(
      artworks,
      and(eq(artworks.id, payments.artworkId), eq(artworks.reservedByPaymentId, payments.id)),
    )
    .where(
      and(
        eq(payments.purchaserEmail, email),
        inArray(payments.status, ["created", "authorized"]),
        gt(artworks.reservedUntil, sql`now()`),
        except ? ne(payments.id, except) : undefined,
      ),
    );
  return row?.holds ?? 0;
}

/** Payments started from this client address within the last `minutes`. */
export async function countRecentPaymentsFrom(
  db: Queryable,
  clientIp: string,
  minutes: number,
): Promise<number> {
  const [row] = await db
    .select({ started: count() })
    .from(payments)
    .where(
      and(
        eq(payments.clientIp, clientIp),
        gt(payments.createdAt, sql`now() - make_interval(mins => ${minutes})`),
      ),
    );
  return row?.started ?? 0;
}

export async function insertPayment(db: Queryable, row: typeof payments.$inferInsert) {
  const [inserted] = await db.insert(payments).values(row).returning();
  return inserted!;
}

export async function findPayment(db: Queryable, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/** The payment row, locked until the transaction ends: completions of one payment queue here. */
export async function lockPayment(db: Queryable, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).for("update");
  return row;
}

export async function findPaymentByClientSecretHash(db: Queryable, hash: string) {
  const [row] = await db.select().from(payments).where(eq(payments.clientSecretHash, hash));
  return row;
}

export async function findPaymentByProviderId(db: Queryable, provider: string, id: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, id)));
  return row;
}

/** A guarded status change; answers whether it happened. */
export async function updatePayment(
  db: Queryable,
  id: string,
  from: PaymentStatus[],
  changes: Partial<
    Pick<
      PaymentRow,
      | "status"
      | "providerPaymentId"
      | "clientSecretHash"
      | "failureMessage"
      | "purchaserId"
      | "guestAccount"
    >
  >,
): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), inArray(payments.status, from)))
    .returning({ id: payments.id });
  return rows.length === 1;
}

/** Records a webhook event id; false when it was already there (a replay). */
export async function recordWebhookEvent(db: Queryable, id: string): Promise<boolean> {
  const rows = await db
    .insert(processedWebhookEvents)
    .values({ id })
    .onConflictDoNothing()
    .returning({ id: processedWebhookEvents.id });
  return rows.length === 1;
}

export async function isWebhookEventRecorded(db: Queryable, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: processedWebhookEvents.id })
    .from(processedWebhookEvents)
    .where(eq(processedWebhookEvents.id, id));
  return rows.length === 1;
}

/** Payments without an order, started more than `seconds` ago and not finished. */
export async function listUnfinishedPayments(db: Queryable, seconds: number) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        inArray(payments.status, ["created", "authorized"]),
        lt(payments.createdAt, sql`now() - make_interval(secs => ${seconds})`),
        // An offer's authorization is no purchase: only its accepted offer sells.
        isNull(payments.offerId),
        sql`not exists (select 1 from ${orders} where ${orders.paymentId} = ${payments.id})`,
      ),
    )
    .limit(100);
}

/** Sold (an order exists) but not yet captured, for longer than `seconds`. */
export async function listUncapturedSales(db: Queryable, seconds: number) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, "authorized"),
        lt(payments.updatedAt, sql`now() - make_interval(secs => ${seconds})`),
        sql`exists (select 1 from ${orders} where ${orders.paymentId} = ${payments.id})`,
      ),
    )
    .limit(100);
}

/** An offer's hold let go: cancelled on our side, before the processor is asked. */
export async function cancelHold(db: Queryable, paymentId: string) {
  await db
    .update(payments)
    .set({
      status: "cancelled",
      failureMessage: "The offer ended; its card hold was released.",
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, paymentId));
}

/** The processor confirmed the hold's release. */
export async function markHoldReleased(db: Queryable, paymentId: string) {
  await db
    .update(payments)
    .set({ holdReleasedAt: sql`now()` })
    .where(eq(payments.id, paymentId));
}
