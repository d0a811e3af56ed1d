import { and, eq } from "drizzle-orm";
import type { Database, Queryable } from "../../db/client";
import { twoFactors } from "../../db/schema";

/** The person's authenticator secret and backup codes (both encrypted), when set up. */
export async function findTwoFactor(db: Database, userId: string) {
  const [row] = await db
    .select({
      id: twoFactors.id,
      secret: twoFactors.secret,
      backupCodes: twoFactors.backupCodes,
      verified: twoFactors.verified,
    })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId))
    .limit(1);
  return row;
}

/**
 * Replaces the backup codes only if they are still the ones read (compare and set), so
 * two requests with the same code cannot both use it: the second one changes no row.
 */
export async function replaceBackupCodes(
  db: Database,
  id: string,
  expected: string,
  next: string,
): Promise<boolean> {
  const rows = await db
    .update(twoFactors)
    .set({ backupCodes: next })
    .where(and(eq(twoFactors.id, id), eq(twoFactors.backupCodes, expected)))
    .returning({ id: twoFactors.id });
  return rows.length === 1;
}

/**
 * Makes sure the person has a (not yet verified, empty) row before the library's setup
 * runs, so two setups at once both take its update path instead of racing to insert
 * (the loser's failed INSERT would carry the encrypted secret into the error log).
 */
export async function reserveTwoFactorRow(db: Database, userId: string): Promise<void> {
  await db
    .insert(twoFactors)
    .values({ userId, secret: "", backupCodes: "", verified: false })
    .onConflictDoNothing({ target: twoFactors.userId });
}

/** Removes the person's secret and backup codes (their account closes, decision 0058). */
export async function forgetTwoFactor(tx: Queryable, userId: string): Promise<void> {
  await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
}
