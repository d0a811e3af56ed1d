import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { artworks, follows, savedWorks, users } from "../../db/schema";
import { artistListedSql, listedSql } from "../artworks/artworks.api";

/** Saved works and followed artists: the only code here that knows Drizzle. */

/** Whether the marketplace shows this work (listed by the one rule of decision 0020). */
export async function isListedWork(db: Queryable, artworkId: string): Promise<boolean> {
  const rows = await db
    .select({ id: artworks.id })
    .from(artworks)
    .innerJoin(users, eq(users.id, artworks.artistId))
    .where(and(eq(artworks.id, artworkId), sql`${listedSql("artworks", "users")}`));
  return rows.length === 1;
}

/** Whether this person is an artist the marketplace shows (approved, payouts active, not suspended). */
export async function isListedArtist(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isArtist, true), sql`${artistListedSql("users")}`));
  return rows.length === 1;
}

/** Idempotent: saving a saved work changes nothing. */
export async function insertSavedWork(db: Queryable, userId: string, artworkId: string) {
  await db.insert(savedWorks).values({ userId, artworkId }).onConflictDoNothing();
}

export async function deleteSavedWork(db: Queryable, userId: string, artworkId: string) {
  await db
    .delete(savedWorks)
    .where(and(eq(savedWorks.userId, userId), eq(savedWorks.artworkId, artworkId)));
}

/** The person's saved works, newest first (the last 500). */
export async function listSavedWorks(db: Queryable, userId: string) {
  return db
    .select({ artworkId: savedWorks.artworkId, savedAt: savedWorks.createdAt })
    .from(savedWorks)
    .where(eq(savedWorks.userId, userId))
    .orderBy(desc(savedWorks.createdAt), desc(savedWorks.artworkId))
    .limit(500);
}

export async function insertFollow(db: Queryable, followerId: string, artistId: string) {
  await db.insert(follows).values({ followerId, artistId }).onConflictDoNothing();
}

export async function deleteFollow(db: Queryable, followerId: string, artistId: string) {
  await db
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.artistId, artistId)));
}

/** The artists the person follows, newest first (the last 500). */
export async function listFollowing(db: Queryable, followerId: string) {
  return db
    .select({
      artistId: follows.artistId,
      displayName: users.displayName,
      photoUrl: users.profilePhoto,
      followedAt: follows.createdAt,
    })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.artistId))
    .where(eq(follows.followerId, followerId))
    .orderBy(desc(follows.createdAt), desc(follows.artistId))
    .limit(500);
}

export async function countFollowers(db: Queryable, artistId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(follows)
    .where(eq(follows.artistId, artistId));
  return row?.n ?? 0;
}

/** Which of these works the person saved: one query, whatever the page shows. */
export async function savedAmong(
  db: Queryable,
  userId: string,
  artworkIds: readonly string[],
): Promise<string[]> {
  if (artworkIds.length === 0) return [];
  const rows = await db
    .select({ artworkId: savedWorks.artworkId })
    .from(savedWorks)
    .where(and(eq(savedWorks.userId, userId), inArray(savedWorks.artworkId, [...artworkIds])));
  return rows.map((row) => row.artworkId);
}

/** How many people saved each of these works (absent: nobody). Counts only, never who. */
export async function countSaves(
  db: Queryable,
  artworkIds: readonly string[],
): Promise<Map<string, number>> {
  if (artworkIds.length === 0) return new Map();
  const rows = await db
    .select({ artworkId: savedWorks.artworkId, n: sql<number>`count(*)::int` })
    .from(savedWorks)
    .where(inArray(savedWorks.artworkId, [...artworkIds]))
    .groupBy(savedWorks.artworkId);
  return new Map(rows.map((row) => [row.artworkId, row.n]));
}

export async function isFollowing(
  db: Queryable,
  followerId: string,
  artistId: string,
): Promise<boolean> {
  const rows = await db
    .select({ artistId: follows.artistId })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.artistId, artistId)));
  return rows.length === 1;
}
