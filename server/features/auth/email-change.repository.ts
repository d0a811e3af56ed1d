import { and, eq, gt, like } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { verifications } from "../../db/schema";

/**
 * An e-mail change waiting for its link (decision 0057): a verification row
 * `change-email:<token>` whose value is `<user id> <new address>`.
 */
const PREFIX = "change-email:";

export async function insertEmailChange(
  db: Queryable,
  input: { token: string; userId: string; newEmail: string; expiresAt: Date },
): Promise<void> {
  // Only the newest link works: asking again ends the earlier ones.
  await db
    .delete(verifications)
    .where(
      and(
        like(verifications.identifier, `${PREFIX}%`),
        like(verifications.value, `${input.userId} %`),
      ),
    );
  await db.insert(verifications).values({
    identifier: `${PREFIX}${input.token}`,
    value: `${input.userId} ${input.newEmail}`,
    expiresAt: input.expiresAt,
  });
}

/**
 * Uses the link up: deletes its row and answers what it asked for, or nothing when it
 * is unknown, used or expired. One DELETE, so a double submit uses it once.
 */
export async function consumeEmailChange(
  db: Queryable,
  token: string,
  now: Date,
): Promise<{ userId: string; newEmail: string } | undefined> {
  const [row] = await db
    .delete(verifications)
    .where(and(eq(verifications.identifier, `${PREFIX}${token}`), gt(verifications.expiresAt, now)))
    .returning({ value: verifications.value });
  if (!row) return undefined;
  const space = row.value.indexOf(" ");
  return { userId: row.value.slice(0, space), newEmail: row.value.slice(space + 1) };
}
