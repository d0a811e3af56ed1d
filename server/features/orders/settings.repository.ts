import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { platformSettings } from "../../db/schema";
import { DEFAULT_RETURN_WINDOW_DAYS } from "../../../domain/returns";

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

/** The return window the team set, or null for the default (decision 0055). */
export async function readReturnWindowSetting(db: Queryable): Promise<number | null> {
  const [row] = await db
    .select({ days: platformSettings.returnWindowDays })
    .from(platformSettings)
    .where(eq(platformSettings.id, 1));
  return row?.days ?? null;
}

/** Answers the setting before the change (for the audit row). Call under lockSettings. */
export async function writeReturnWindowSetting(
  db: Queryable,
  days: number,
): Promise<number | null> {
  const before = await readReturnWindowSetting(db);
  await db
    .update(platformSettings)
    .set({ returnWindowDays: days, updatedAt: sql`now()` })
    .where(eq(platformSettings.id, 1));
  return before;
}

/** The return window a sale made now gets: the team's setting, else the default. */
export async function currentReturnWindowDays(db: Queryable): Promise<number> {
  return (await readReturnWindowSetting(db)) ?? DEFAULT_RETURN_WINDOW_DAYS;
}
