import { and, eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { payments } from "../../db/schema";

/**
 * The card payment behind an order, as orders needs it after the sale: the processor's id
 * to refund or cancel, and two moves of a sold payment's status. Purchase owns payments;
 * orders may not call purchase (the money path points at orders), and the cancellation
 * must stop a retrying capture in the transaction that cancels the order, so these two
 * writes live here (decision 0050).
 */

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

/** An order cancelled before its capture: the authorization is not to be captured. */
export async function cancelUncapturedPayment(db: Queryable, paymentId: string, reason: string) {
  await db
    .update(payments)
    .set({
      status: "cancelled",
      failureMessage: `Order cancelled before capture: ${reason}`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, ["authorized"])));
}

/** A capture that landed after its order was cancelled: the money was taken after all. */
export async function markLateCapture(db: Queryable, paymentId: string) {
  await db
    .update(payments)
    .set({ status: "captured", updatedAt: sql`now()` })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, ["cancelled", "authorized"])));
}
