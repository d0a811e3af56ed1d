import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { simulatedTransfers } from "../../db/schema";

/**
 * The simulated payout provider's own books (`simulated_transfers`): a row per transfer
 * to an artist (positive) and per reversal (negative, `reverses` the transfer's id),
 * idempotent by key as Stripe's are. Only the simulated provider writes here.
 */

export type SimulatedTransferRow = typeof simulatedTransfers.$inferSelect;

/** A transfer, unless its key was used: then the row that holds the key. */
export async function insertTransferOnce(
  db: Database,
  row: { id: string; destination: string; amount: number; idempotencyKey: string },
): Promise<SimulatedTransferRow> {
  const [inserted] = await db
    .insert(simulatedTransfers)
    .values({ ...row, reverses: null })
    .onConflictDoNothing({ target: simulatedTransfers.idempotencyKey })
    .returning();
  if (inserted) return inserted;
  const [existing] = await db
    .select()
    .from(simulatedTransfers)
    .where(eq(simulatedTransfers.idempotencyKey, row.idempotencyKey));
  if (!existing) throw new Error("simulated transfer vanished after an idempotency conflict");
  return existing;
}

export type SimulatedReversalOutcome =
  { ok: true; row: SimulatedTransferRow } | { ok: false; reason: "unknown" | "exceeds" };

/**
 * A reversal of part of a transfer, as Stripe makes one: the same key answers the same
 * reversal; never more than the transfer less earlier reversals. The transfer's row is
 * locked, so two reversals at once are checked one after the other.
 */
export async function insertReversal(
  db: Database,
  input: { id: string; reverses: string; amount: number; idempotencyKey: string },
): Promise<SimulatedReversalOutcome> {
  return db.transaction(async (tx) => {
    const [transfer] = await tx
      .select()
      .from(simulatedTransfers)
      .where(eq(simulatedTransfers.id, input.reverses))
      .for("update");
    if (!transfer || transfer.reverses !== null || transfer.amount <= 0) {
      return { ok: false, reason: "unknown" };
    }
    const [earlier] = await tx
      .select()
      .from(simulatedTransfers)
      .where(eq(simulatedTransfers.idempotencyKey, input.idempotencyKey));
    if (earlier) {
      if (earlier.reverses !== input.reverses || earlier.amount !== -input.amount) {
        throw new Error("reversal key reused with other parameters");
      }
      return { ok: true, row: earlier };
    }
    const [sum] = await tx
      .select({ total: sql<string>`coalesce(sum(-${simulatedTransfers.amount}), 0)` })
      .from(simulatedTransfers)
      .where(eq(simulatedTransfers.reverses, input.reverses));
    const reversed = Number(sum?.total ?? 0);
    if (reversed + input.amount > transfer.amount) return { ok: false, reason: "exceeds" };
    const [row] = await tx
      .insert(simulatedTransfers)
      .values({
        id: input.id,
        destination: transfer.destination,
        amount: -input.amount,
        reverses: input.reverses,
        idempotencyKey: input.idempotencyKey,
      })
      .returning();
    if (!row) throw new Error("simulated reversal insert returned nothing");
    return { ok: true, row };
  });
}
