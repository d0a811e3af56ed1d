import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { artworkImages, artworks } from "../../db/schema";

/**
 * An artist's works for their data export (decision 0058), a page at a time by id so a
 * large catalogue never sits in memory, and withdrawing the works they still own when
 * their account is closed.
 */
export async function artworksForExport(
  db: Queryable,
  artistId: string,
  afterId: string | null,
  limit: number,
) {
  return db
    .select({
      id: artworks.id,
      title: artworks.title,
      createdYear: artworks.createdYear,
      materials: artworks.materials,
      description: artworks.description,
      width: artworks.width,
      height: artworks.height,
      depth: artworks.depth,
      priceCents: artworks.priceCents,
      isForSale: artworks.isForSale,
      acceptsOffers: artworks.acceptsOffers,
      offerMinimumCents: artworks.offerMinimumCents,
      status: artworks.status,
      ownerId: artworks.ownerId,
      allowBuyerPickUp: artworks.allowBuyerPickUp,
      zipCode: artworks.zipCode,
      hiddenAt: artworks.hiddenAt,
      hiddenReason: artworks.hiddenReason,
      createdAt: artworks.createdAt,
      updatedAt: artworks.updatedAt,
    })
    .from(artworks)
    .where(and(eq(artworks.artistId, artistId), afterId ? gt(artworks.id, afterId) : undefined))
    .orderBy(asc(artworks.id))
    .limit(limit);
}

/** The images of these works, in their order: the originals' addresses among them. */
export async function artworkImagesForExport(db: Queryable, artworkIds: string[]) {
  if (artworkIds.length === 0) return [];
  return db
    .select({
      artworkId: artworkImages.artworkId,
      position: artworkImages.position,
      original: artworkImages.original,
      width: artworkImages.width,
      height: artworkImages.height,
    })
    .from(artworkImages)
    .where(inArray(artworkImages.artworkId, artworkIds))
    .orderBy(asc(artworkImages.artworkId), asc(artworkImages.position));
}

/**
 * Takes the artist's own unsold works off the marketplace: back to draft, not for sale,
 * offers off. Works sold to others stay theirs and stay as they are. Returns how many.
 */
export async function withdrawArtistListings(tx: Queryable, artistId: string): Promise<number> {
  const withdrawn = await tx
    .update(artworks)
    .set({ status: "draft", isForSale: false, acceptsOffers: false, isCurated: false })
    .where(and(eq(artworks.artistId, artistId), eq(artworks.ownerId, artistId)))
    .returning({ id: artworks.id });
  return withdrawn.length;
}

/** How many images the artist's works have: the export's progress counts them. */
export async function countArtworkImagesOf(db: Queryable, artistId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(artworkImages)
    .innerJoin(artworks, eq(artworks.id, artworkImages.artworkId))
    .where(eq(artworks.artistId, artistId));
  return row?.n ?? 0;
}
