import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

/**
 * The simulated card processor cannot make refunds until the returned function is
 * called: its refunds table is out of reach (renamed), so each refund fails with a
 * database error, as a real processor's outage or timeout fails, and nothing is
 * refunded. Unlike a refusal (RefundRefusedError), such a failure is retried.
 */
export async function simulatedRefundsDown(db: Database): Promise<() => Promise<void>> {
  await db.execute(sql`alter table simulated_refunds rename to simulated_refunds_unreachable`);
  return async () => {
    await db.execute(sql`alter table simulated_refunds_unreachable rename to simulated_refunds`);
  };
}

/**
 * The simulated processor is unreachable for authorizations, retrievals and cancellations
 * until the returned function is called (its payments table is renamed): every call fails
 * as an outage would, and nothing changes at the processor.
 */
export async function simulatedProcessorDown(db: Database): Promise<() => Promise<void>> {
  await db.execute(sql`alter table simulated_payments rename to simulated_payments_unreachable`);
  return async () => {
    await db.execute(sql`alter table simulated_payments_unreachable rename to simulated_payments`);
  };
}
