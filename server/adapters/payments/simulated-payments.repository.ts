import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type PaymentStatus, simulatedPayments, simulatedRefunds } from "../../db/schema";

export type SimulatedPaymentRow = typeof simulatedPayments.$inferSelect;
type NewRow = typeof simulatedPayments.$inferInsert;

/** Inserts unless the idempotency key is taken; then answers the row that holds it. */
export async function insertOrFindByKey(db: Database, row: NewRow): Promise<SimulatedPaymentRow> {
  const [inserted] = await db
    .insert(simulatedPayments)
    .values(row)
    .onConflictDoNothing({ target: simulatedPayments.idempotencyKey })
    .returning();
  if (inserted) return inserted;
  const [existing] = await db
    .select()
    .from(simulatedPayments)
    .where(eq(simulatedPayments.idempotencyKey, row.idempotencyKey));
  if (!existing) throw new Error("simulated payment vanished after an idempotency conflict");
  return existing;
}

export async function findSimulatedPayment(
  db: Database,
  id: string,
): Promise<SimulatedPaymentRow | undefined> {
  const [row] = await db.select().from(simulatedPayments).where(eq(simulatedPayments.id, id));
  return row;
}

/** One guarded transition: only from one of `from`; answers whether it happened. */
export async function transition(
  db: Database,
  id: string,
  from: PaymentStatus[],
  to: PaymentStatus,
  declineMessage: string | null = null,
): Promise<boolean> {
  const rows = await db
    .update(simulatedPayments)
    .set({ status: to, declineMessage, updatedAt: sql`now()` })
    .where(and(eq(simulatedPayments.id, id), inArray(simulatedPayments.status, from)))
    .returning({ id: simulatedPayments.id });
  return rows.length === 1;
}

/** Counts the request and captures an authorized payment, in one statement. */
export async function recordCapture(db: Database, id: string): Promise<PaymentStatus | undefined> {
  const [row] = await db
    .update(simulatedPayments)
    .set({
      captureRequests: sql`${simulatedPayments.captureRequests} + 1`,
      status: sql`case when ${simulatedPayments.status} = 'authorized' then 'captured' else ${simulatedPayments.status} end`,
      updatedAt: sql`now()`,
    })
    .where(eq(simulatedPayments.id, id))
    .returning({ status: simulatedPayments.status });
  return row?.status;
}

export type SimulatedRefundOutcome =
  { ok: true; id: string } | { ok: false; reason: "unknown" | "not_captured" | "exceeds" };

/**
 * A refund of a captured payment, as Stripe makes one: the same key answers the same
 * refund; never more than was captured less earlier refunds. The payment row is locked,
 * so two refunds at once are checked one after the other.
 */
export async function recordRefund(
  db: Database,
  input: { id: string; paymentId: string; amount: number; idempotencyKey: string },
): Promise<SimulatedRefundOutcome> {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(simulatedPayments)
      .where(eq(simulatedPayments.id, input.paymentId))
      .for("update");
    if (!payment) return { ok: false, reason: "unknown" };
    const [earlier] = await tx
      .select({ id: simulatedRefunds.id, paymentId: simulatedRefunds.paymentId })
      .from(simulatedRefunds)
      .where(eq(simulatedRefunds.idempotencyKey, input.idempotencyKey));
    if (earlier) {
      if (earlier.paymentId !== input.paymentId)
        throw new Error("refund key reused for another payment");
      return { ok: true, id: earlier.id };
    }
    if (payment.status !== "captured" && payment.status !== "refunded") {
      return { ok: false, reason: "not_captured" };
    }
    const [sum] = await tx
      .select({ total: sql<string>`coalesce(sum(${simulatedRefunds.amount}), 0)` })
      .from(simulatedRefunds)
      .where(eq(simulatedRefunds.paymentId, input.paymentId));
    const refunded = Number(sum?.total ?? 0);
    if (input.amount <= 0 || refunded + input.amount > payment.amount) {
      return { ok: false, reason: "exceeds" };
    }
    await tx.insert(simulatedRefunds).values(input);
    if (refunded + input.amount === payment.amount) {
      await tx
        .update(simulatedPayments)
        .set({ status: "refunded", updatedAt: sql`now()` })
        .where(eq(simulatedPayments.id, input.paymentId));
    }
    return { ok: true, id: input.id };
  });
}
