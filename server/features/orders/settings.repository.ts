import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { platformSettings } from "../../db/schema";

/** The commission the team set in the console, or null for the configured default. */
export async function readCommissionSetting(db: Queryable): Promise<number | null> {
  const [row] = await db
    .select({ commissionBps: platformSettings.commissionBps })
    .from(platformSettings)
    .where(eq(platformSettings.id, 1));
  return row?.commissionBps ?? null;
}

/** Answers the setting before the change (for the audit row). */
export async function writeCommissionSetting(db: Queryable, bps: number): Promise<number | null> {
  const before = await readCommissionSetting(db);
  await db
    .insert(platformSettings)
    .values({ id: 1, commissionBps: bps })
    .onConflictDoUpdate({
      target: platformSettings.id,
      set: { commissionBps: bps, updatedAt: sql`now()` },
    });
  return before;
}

/** The commission a sale made now is charged: the team's setting, else the configured one. */
export async function currentCommissionBps(db: Queryable, configured: number): Promise<number> {
  return (await readCommissionSetting(db)) ?? configured;
}

/**
 * Makes the settings row if there is none and locks it for the transaction, so two
 * admins changing the commission at once are written one after the other and each
 * audit row's "before" is what the other left.
 */
export async function lockSettings(db: Queryable): Promise<void> {
  await db.insert(platformSettings).values({ id: 1, commissionBps: null }).onConflictDoNothing();
  await db
    .select({ id: platformSettings.id })
    .from(platformSettings)
    .where(eq(platformSettings.id, 1))
    .for("update");
}
