import { z } from "zod";

/**
 * The artwork shapes of the JSON API and the pages, written once: the server's services
 * return them and the browser parses them (docs/architecture.md "Contracts"). Money is in
 * integer USD cents.
 */

const cents = z.number().int().nonnegative();

/** One card of a grid (marketplace, artist page, profile, exhibition). */
export const artworkCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  createdYear: z.number().int().nullable(),
  price: cents.nullable(),
  isForSale: z.boolean(),
  imageThumbnail: z.string().nullable(),
  imageMedium: z.string().nullable(),
  imageOriginal: z.string().nullable(),
  width: z.number(),
  height: z.number(),
  artist: z.object({ id: z.string(), displayName: z.string() }),
});
export type ArtworkCard = z.infer<typeof artworkCardSchema>;

export const artworkImageSchema = z.object({
  /** Stable id of this image; `PATCH /api/artworks/:id` takes it in `imageIds` to keep it. */
  id: z.string(),
  original: z.string(),
  medium: z.string(),
  thumbnail: z.string(),
  type: z.string(),
  contextId: z.string().nullable(),
  /** Pixel size of the original; null when unknown (images not uploaded through the API). */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type ArtworkImage = z.infer<typeof artworkImageSchema>;

export const exhibitionTileSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  bannerUrl: z.string().nullable(),
});
export type ExhibitionTile = z.infer<typeof exhibitionTileSchema>;

/** `GET /api/artworks/:id`, and the artwork page's loader data. */
export const artworkDetailSchema = z.object({
  id: z.string(),
  title: z.string(),
  createdYear: z.number().int().nullable(),
  materials: z.string(),
  description: z.string(),
  width: z.number(),
  height: z.number(),
  depth: z.number(),
  price: cents.nullable(),
  isForSale: z.boolean(),
  status: z.string(),
  isPublicArt: z.boolean(),
  allowBuyerPickUp: z.boolean(),
  zipCode: z.string().nullable(),
  imageOriginal: z.string().nullable(),
  imageMedium: z.string().nullable(),
  imageThumbnail: z.string().nullable(),
  images: z.array(artworkImageSchema),
  categories: z.array(z.object({ id: z.string(), name: z.string() })),
  artist: z.object({
    id: z.string(),
    displayName: z.string(),
    birthYear: z.number().int().nullable(),
    city: z.string().nullable(),
  }),
  /** Who owns it (who bought it): only for the owner, the artist and admins, else null. */
  ownerId: z.string().nullable(),
  exhibitions: z.array(exhibitionTileSchema),
  createdAt: z.string(),
});
export type ArtworkDetail = z.infer<typeof artworkDetailSchema>;
