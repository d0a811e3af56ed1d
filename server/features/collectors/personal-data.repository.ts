import { eq, or } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { follows, savedWorks } from "../../db/schema";

/** A person's saved works and follows, for their export and erased when they close (0058). */
export async function savedWorksForExport(db: Queryable, userId: string) {
  return db
    .select({ artworkId: savedWorks.artworkId, savedAt: savedWorks.createdAt })
    .from(savedWorks)
    .where(eq(savedWorks.userId, userId))
    .orderBy(savedWorks.createdAt);
}

export async function followsForExport(db: Queryable, userId: string) {
  return db
    .select({ artistId: follows.artistId, followedAt: follows.createdAt })
    .from(follows)
    .where(eq(follows.followerId, userId))
    .orderBy(follows.createdAt);
}

/** Their saved works, whom they follow, and who follows them (a closed artist has no page). */
export async function forgetCollector(tx: Queryable, userId: string): Promise<void> {
  await tx.delete(savedWorks).where(eq(savedWorks.userId, userId));
  await tx.delete(follows).where(or(eq(follows.followerId, userId), eq(follows.artistId, userId)));
}
