import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { users } from "../../db/schema";

/**
 * Sets (or clears) a user's profile photo address in one transaction with the row
 * locked, and returns the address it replaced: the caller deletes those files only
 * after the change is committed. `undefined` when there is no such user.
 */
export async function replaceProfilePhoto(
  db: Database,
  userId: string,
  address: string | null,
): Promise<{ previous: string | null } | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ profilePhoto: users.profilePhoto })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1)
      .for("update");
    if (!current) return undefined;
    if (current.profilePhoto !== address) {
      await tx
        .update(users)
        .set({ profilePhoto: address, lastModified: new Date() })
        .where(eq(users.id, userId));
    }
    return { previous: current.profilePhoto };
  });
}
