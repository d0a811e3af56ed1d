import { and, eq, like, lt } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { verifications } from "../../db/schema";

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
