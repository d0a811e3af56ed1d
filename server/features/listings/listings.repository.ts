import { and, asc, eq, gt, inArray, notInArray, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import {
  artCategories,
  artworkCategories,
  artworkImages,
  artworks,
  imageUploads,
  offers,
  orders,
  payments,
} from "../../db/schema";
import { artworkImageColumns } from "../artworks/artworks.api";
import type { ArtworkImage } from "../../../contracts/artworks.contract";
import { noImageShows, uploadKeys } from "../uploads/uploads.api";

/** The database or an open transaction. */

export type ArtworkRow = typeof artworks.$inferSelect;
export type UploadRow = typeof imageUploads.$inferSelect;

/** The columns a listing write sets; everything else belongs to the server. */
export type ListingColumns = Pick<
  typeof artworks.$inferInsert,
  | "title"
  | "createdYear"
  | "materials"
  | "description"
  | "width"
  | "height"
  | "depth"
  | "priceCents"
  | "isForSale"
  | "isPublicArt"
  | "allowBuyerPickUp"
  | "finalSale"
  | "zipCode"
  | "status"
  | "acceptsOffers"
  | "offerMinimumCents"
>;

/** One image of a listing as it is stored, in order (position = index), with its upload. */
export type ListingImage = ArtworkImage & { uploadId: string | null };

/** The artwork row, locked until the transaction ends: one write at a time per artwork. */
export async function lockArtwork(tx: Queryable, id: string): Promise<ArtworkRow | undefined> {
  const [row] = await tx.select().from(artworks).where(eq(artworks.id, id)).limit(1).for("update");
  return row;
}

export async function findCategoryIdsOf(tx: Queryable, artworkId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: artworkCategories.categoryId })
    .from(artworkCategories)
    .where(eq(artworkCategories.artworkId, artworkId));
  return rows.map((r) => r.id);
}

export async function findImagesOf(tx: Queryable, artworkId: string): Promise<ListingImage[]> {
  return tx
    .select({ ...artworkImageColumns, uploadId: artworkImages.uploadId })
    .from(artworkImages)
    .where(eq(artworkImages.artworkId, artworkId))
    .orderBy(asc(artworkImages.position));
}

/** Which of these category ids exist. */
export async function findExistingCategoryIds(tx: Queryable, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: artCategories.id })
    .from(artCategories)
    .where(inArray(artCategories.id, ids));
  return rows.map((r) => r.id);
}

/** The uploader's own uploads among these ids, locked so that two listings cannot take one. */
export async function lockUploadsOf(
  tx: Queryable,
  uploaderId: string,
  ids: string[],
): Promise<UploadRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(imageUploads)
    .where(and(eq(imageUploads.uploaderId, uploaderId), inArray(imageUploads.id, ids)))
    .for("update");
}

export async function insertArtwork(
  tx: Queryable,
  values: ListingColumns & { artistId: string; ownerId: string },
): Promise<string> {
  const [row] = await tx
    .insert(artworks)
    .values({ ...values, isCurated: false, randomOrder: 100 })
    .returning({ id: artworks.id });
  if (!row) throw new Error("artwork insert returned nothing");
  return row.id;
}

export async function updateArtwork(
  tx: Queryable,
  id: string,
  values: Partial<ListingColumns> & {
    imageOriginal?: string | null;
    imageMedium?: string | null;
    imageThumbnail?: string | null;
  },
): Promise<void> {
  await tx
    .update(artworks)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(artworks.id, id));
}

/**
 * Makes the artwork's categories exactly these, touching only what changed: an edit
 * that keeps the categories writes nothing, so it neither bumps the catalogue version
 * (the kept facet counts, decision 0018) nor takes that row's lock.
 */
export async function replaceCategories(
  tx: Queryable,
  artworkId: string,
  categoryIds: string[],
): Promise<void> {
  const current = await tx
    .select({ categoryId: artworkCategories.categoryId })
    .from(artworkCategories)
    .where(eq(artworkCategories.artworkId, artworkId));
  const had = new Set(current.map((row) => row.categoryId));
  const wanted = new Set(categoryIds);
  const removed = [...had].filter((id) => !wanted.has(id));
  const added = [...wanted].filter((id) => !had.has(id));
  if (removed.length > 0) {
    await tx
      .delete(artworkCategories)
      .where(
        and(
          eq(artworkCategories.artworkId, artworkId),
          inArray(artworkCategories.categoryId, removed),
        ),
      );
  }
  if (added.length > 0) {
    await tx
      .insert(artworkCategories)
      .values(added.map((categoryId) => ({ artworkId, categoryId })));
  }
}

/**
 * Stores the listing's images in this order, marks the uploads it uses as used by it,
 * and removes the uploads it no longer uses (unless an artwork image still shows one);
 * answers the storage keys of their files, to delete once the transaction is committed.
 */
export async function replaceImages(
  tx: Queryable,
  artworkId: string,
  images: ListingImage[],
): Promise<string[]> {
  await tx.delete(artworkImages).where(eq(artworkImages.artworkId, artworkId));
  if (images.length) {
    await tx
      .insert(artworkImages)
      .values(images.map((image, position) => ({ ...image, artworkId, position })));
  }
  const used = images.flatMap((image) => (image.uploadId ? [image.uploadId] : []));
  if (used.length) {
    await tx.update(imageUploads).set({ artworkId }).where(inArray(imageUploads.id, used));
  }
  const dropped = await tx
    .delete(imageUploads)
    .where(
      and(
        eq(imageUploads.artworkId, artworkId),
        used.length ? notInArray(imageUploads.id, used) : undefined,
        noImageShows(tx),
      ),
    )
    .returning();
  return dropped.flatMap(uploadKeys);
}

/**
 * What stands in the way of deleting an artwork: a sale, a checkout in progress, payments,
 * offers (their records, like payments', keep the work).
 */
export async function findDeleteBlockers(tx: Queryable, artworkId: string) {
  const [order] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.artworkId, artworkId))
    .limit(1);
  const paymentRows = await tx
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.artworkId, artworkId));
  const [offer] = await tx
    .select({ id: offers.id })
    .from(offers)
    .where(eq(offers.artworkId, artworkId))
    .limit(1);
  const reserved = await isReserved(tx, artworkId);
  return {
    sold: order !== undefined,
    checkoutInProgress:
      reserved || paymentRows.some((p) => p.status === "created" || p.status === "authorized"),
    hasPayments: paymentRows.length > 0,
    hasOffers: offer !== undefined,
  };
}

/** Whether a checkout holds the artwork now. */
export async function isReserved(tx: Queryable, artworkId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: artworks.id })
    .from(artworks)
    .where(and(eq(artworks.id, artworkId), gt(artworks.reservedUntil, sql`now()`)))
    .limit(1);
  return row !== undefined;
}

/**
 * Deletes the artwork (its images and categories go with it) and its uploads;
 * answers the storage keys of their files.
 */
export async function deleteArtwork(tx: Queryable, artworkId: string): Promise<string[]> {
  const uploads = await tx
    .delete(imageUploads)
    .where(eq(imageUploads.artworkId, artworkId))
    .returning();
  await tx.delete(artworks).where(eq(artworks.id, artworkId));
  return uploads.flatMap(uploadKeys);
}
