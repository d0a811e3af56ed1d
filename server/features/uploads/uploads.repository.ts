import { and, asc, eq, inArray, isNull, lt, notExists, sql } from "drizzle-orm";
import type { Database, Queryable } from "../../db/client";
import { artworkImages, banners, exhibitions, imageUploads } from "../../db/schema";

export type NewImageUpload = typeof imageUploads.$inferInsert;
export type ImageUploadRow = typeof imageUploads.$inferSelect;

/** The database or an open transaction. */

export async function insertImageUpload(
  db: Database,
  upload: NewImageUpload,
): Promise<ImageUploadRow> {
  const [row] = await db.insert(imageUploads).values(upload).returning();
  if (!row) throw new Error("image upload insert returned nothing");
  return row;
}

/** The storage keys of an upload's three files. */
export function uploadKeys(upload: ImageUploadRow): string[] {
  return [upload.originalKey, upload.mediumKey, upload.thumbnailKey];
}

/**
 * True for an upload no artwork image shows. An artwork image keeps its upload's id as
 * its own id, so this is a primary-key lookup.
 */
export function noImageShows(tx: Queryable) {
  return notExists(
    tx
      .select({ one: sql`1` })
      .from(artworkImages)
      .where(eq(artworkImages.id, imageUploads.id)),
  );
}

/**
 * True for an upload no banner and no exhibition shows: the console's banners and
 * exhibition banners keep the upload's original address (the claim), so an upload they
 * use is never swept; once they stop using it, it is swept like any other.
 */
export function noBannerShows(tx: Queryable) {
  return and(
    notExists(
      tx
        .select({ one: sql`1` })
        .from(banners)
        .where(eq(banners.imageUrl, imageUploads.original)),
    ),
    notExists(
      tx
        .select({ one: sql`1` })
        .from(exhibitions)
        .where(eq(exhibitions.bannerUrl, imageUploads.original)),
    ),
  );
}

/**
 * Locks one upload of this uploader that no artwork uses, for the console to claim it
 * as a banner in the same transaction; undefined when there is none (or the sweeper
 * has just taken it). The lock keeps the sweeper off it until the claim commits.
 */
export async function lockClaimableUpload(
  tx: Queryable,
  id: string,
  uploaderId: string,
): Promise<ImageUploadRow | undefined> {
  const [row] = await tx
    .select()
    .from(imageUploads)
    .where(
      and(
        eq(imageUploads.id, id),
        eq(imageUploads.uploaderId, uploaderId),
        isNull(imageUploads.artworkId),
        noImageShows(tx),
      ),
    )
    .for("update");
  return row;
}

/**
 * Deletes up to `limit` uploads that no artwork uses and that are older than
 * `olderThanMs` (by the database's clock), in one statement, and answers them.
 * `SKIP LOCKED`: rows a listing write has locked to take them are left alone (the write
 * may use them), and two sweepers running at once take different rows, so each upload
 * is deleted, and its files handed back, once.
 */
export async function deleteUnusedUploads(
  db: Queryable,
  options: { olderThanMs: number; limit: number },
): Promise<ImageUploadRow[]> {
  const cutoff = sql`now() - make_interval(secs => ${options.olderThanMs / 1000}::double precision)`;
  const candidates = db
    .select({ id: imageUploads.id })
    .from(imageUploads)
    .where(
      and(
        isNull(imageUploads.artworkId),
        lt(imageUploads.createdAt, cutoff),
        noImageShows(db),
        noBannerShows(db),
      ),
    )
    .orderBy(asc(imageUploads.createdAt))
    .limit(options.limit)
    .for("update", { skipLocked: true });
  return db.delete(imageUploads).where(inArray(imageUploads.id, candidates)).returning();
}
