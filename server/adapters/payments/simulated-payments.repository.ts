import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type PaymentStatus, simulatedPayments } from "../../db/schema";

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
