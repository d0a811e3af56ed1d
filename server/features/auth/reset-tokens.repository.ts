import { and, eq, gt, like, lt, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { users, verifications } from "../../db/schema";

/** Better Auth keeps a reset link's token as a verification row `reset-password:<token>` → user id. */
const RESET_PREFIX = "reset-password:";

export function isResetToken(identifier: string): boolean {
  return identifier.startsWith(RESET_PREFIX);
}

/**
 * Ends the user's reset links: all of them, or (`issuedBefore`) those older than a
 * newly issued one. Only older ones, so two links issued at once never end each other.
 */
export async function deleteResetTokens(
  db: Queryable,
  userId: string,
  issuedBefore?: Date,
): Promise<void> {
  await db
    .delete(verifications)
    .where(
      and(
        eq(verifications.value, userId),
        like(verifications.identifier, `${RESET_PREFIX}%`),
        issuedBefore ? lt(verifications.createdAt, issuedBefore) : undefined,
      ),
    );
}

/**
 * A reset link issued by us rather than by Better Auth's request endpoint (a guest's
 * purchase): the same row, so Better Auth's reset consumes it once and checks its expiry.
 */
export async function insertResetToken(
  db: Queryable,
  input: { token: string; userId: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(verifications).values({
    identifier: `${RESET_PREFIX}${input.token}`,
    value: input.userId,
    expiresAt: input.expiresAt,
    createdAt: input.createdAt,
    updatedAt: input.createdAt,
  });
}

/** Whether this reset token is still there (unused, not ended by a newer one) and unexpired. */
export async function isLiveResetToken(db: Queryable, token: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(
      and(
        eq(verifications.identifier, `${RESET_PREFIX}${token}`),
        gt(verifications.expiresAt, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The e-mail of the account a reset token is for, before the token is consumed. */
export async function findResetTokenEmail(
  db: Queryable,
  token: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ email: users.email })
    .from(verifications)
    .innerJoin(users, eq(sql`${users.id}::text`, verifications.value))
    .where(eq(verifications.identifier, `${RESET_PREFIX}${token}`))
    .limit(1);
  return row?.email;
}
