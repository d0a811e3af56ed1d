import { and, gte, lt } from "drizzle-orm";
import type { Database } from "../../db/client";
import { simulatedTransfers } from "../../db/schema";
import type { TransferRecord } from "./payout-provider";

/**
 * The simulated payout provider's books read back for the reconciliation: a positive
 * row is a transfer, a negative one a reversal (`reverses` the transfer's id).
 */
export async function listSimulatedTransfers(
  db: Database,
  range: { from: Date; to: Date },
): Promise<TransferRecord[]> {
  const rows = await db
    .select()
    .from(simulatedTransfers)
    .where(
      and(
        gte(simulatedTransfers.createdAt, range.from),
        lt(simulatedTransfers.createdAt, range.to),
      ),
    );
  return rows.map((row) => ({
    id: row.id,
    kind: row.amount < 0 ? "reversal" : "transfer",
    amount: Math.abs(row.amount),
    destination: row.destination,
    at: row.createdAt,
  }));
}
