import { z } from "zod";
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_LISTING_IMAGES,
  MAX_MATERIALS_LENGTH,
  MAX_TITLE_LENGTH,
  wholeNumber,
} from "../domain/listing";

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
  /**
   * Not for sale and still its artist's: open to offers (decision 0030); the
   * card reads 'Make an Offer' instead of 'SOLD'.
   */
  offersOnly: z.boolean(),
  imageThumbnail: z.string().nullable(),
  imageMedium: z.string().nullable(),
  imageOriginal: z.string().nullable(),
  width: z.number(),
  height: z.number(),
  artist: z.object({ id: z.string(), displayName: z.string() }),
  /**
   * Only on the artist's own profile (All Works), only for a work the team hid (decision
   * 0027): the reason they gave. Absent everywhere else; no other viewer gets hidden works.
   */
  hiddenReason: z.string().optional(),
  /**
   * How many people saved the work: only on the artist's own profile cards,
   * absent for everyone else. A count, never who.
   */
  savedCount: z.number().int().nonnegative().optional(),
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
  /** Not for sale and still its artist's: offers only (decision 0030). */
  offersOnly: z.boolean(),
  /**
   * Whether a buyer may make an offer now: the work is listed, and offers only or for
   * sale with offers allowed.
   */
  acceptsOffers: z.boolean(),
  /**
   * The artist's "Allow offers" setting (stored `accepts_offers`), which the listing form's
   * edit mode shows; it lets a work for sale at a price take offers too. An offers-only work
   * takes offers whatever it says. `acceptsOffers` is what a buyer may do now.
   */
  allowOffers: z.boolean(),
  /**
   * The artist's hidden minimum offer in cents: only ever sent to the work's artist while
   * it is theirs, else null.
   */
  offerMinimum: cents.nullable(),
  isPublicArt: z.boolean(),
  allowBuyerPickUp: z.boolean(),
  /** Sold without returns (decision 0055): the page says so before anyone pays. */
  finalSale: z.boolean(),
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
  /**
   * Set when the team hid the work (decision 0027); only its artist ever receives it.
   * Optional so the app's fixtures of a listed work need not name it.
   */
  hiddenReason: z.string().nullable().optional(),
  /**
   * How many people saved the work: only ever sent to the work's artist;
   * absent for everyone else. A count, never who.
   */
  savedCount: z.number().int().nonnegative().optional(),
});
export type ArtworkDetail = z.infer<typeof artworkDetailSchema>;

const text = (max: number) => z.string().max(max * 2);
const id = z.string().min(1).max(64);
const wholeNumberField = z.union([z.number(), z.string(), z.null()]).transform(wholeNumber);
/** An empty or missing depth is 0; anything else that is not a whole number is null (refused). */
const depthField = z
  .union([z.number(), z.string(), z.null()])
  .transform((v) => (v === null || v === "" ? 0 : wholeNumber(v)));

/**
 * The fields of a listing body, each checked for its shape only; the rules and their
 * messages are `firstListingProblem`'s (domain/listing.ts).
 */
const listingFields = {
  title: text(MAX_TITLE_LENGTH),
  createdYear: wholeNumberField,
  categoryIds: z.array(id).max(50),
  isForSale: z.boolean(),
  price: z.union([z.number(), z.null()]),
  materials: text(MAX_MATERIALS_LENGTH),
  width: wholeNumberField,
  height: wholeNumberField,
  depth: depthField,
  description: text(MAX_DESCRIPTION_LENGTH),
  isPublicArt: z.boolean(),
  allowBuyerPickUp: z.boolean(),
  /** Sold without returns, whatever the marketplace's return window (decision 0055). */
  finalSale: z.boolean(),
  zipCode: z.union([z.string().max(20), z.null()]),
  imageIds: z.array(id).max(MAX_LISTING_IMAGES * 2),
  /** Offers allowed on a work for sale at a price (decision 0030). */
  acceptsOffers: z.boolean(),
  /** The hidden minimum offer in cents, or null for none; its rules are `firstListingProblem`'s. */
  offerMinimum: z.union([z.number(), z.null()]),
};

/**
 * The body of `POST /api/artworks`. It checks only the shape; the rules and their
 * messages are `firstListingProblem`'s. Keys the server owns (artist, owner, status,
 * isCurated, randomOrder, createdAt, …) are not part of it and are dropped.
 */
export const listingBodySchema = z.object({
  title: listingFields.title.default(""),
  createdYear: listingFields.createdYear.default(null),
  categoryIds: listingFields.categoryIds.default([]),
  isForSale: listingFields.isForSale.default(true),
  price: listingFields.price.default(null),
  materials: listingFields.materials.default(""),
  width: listingFields.width.default(null),
  height: listingFields.height.default(null),
  depth: listingFields.depth.default(0),
  description: listingFields.description.default(""),
  isPublicArt: listingFields.isPublicArt.default(false),
  allowBuyerPickUp: listingFields.allowBuyerPickUp.default(false),
  finalSale: listingFields.finalSale.default(false),
  zipCode: listingFields.zipCode.default(null),
  imageIds: listingFields.imageIds.default([]),
  acceptsOffers: listingFields.acceptsOffers.default(false),
  offerMinimum: listingFields.offerMinimum.default(null),
});
export type ListingBody = z.output<typeof listingBodySchema>;

/**
 * The body of `PATCH /api/artworks/:id`: the same fields, each optional and without
 * defaults, so the service knows which were sent (a key left out keeps its stored value;
 * `{ isForSale }` alone is the For Sale toggle).
 */
export const listingPatchSchema = z.object(listingFields).partial();
export type ListingPatch = z.output<typeof listingPatchSchema>;

/** `DELETE /api/artworks/:id`. */
export const listingDeletedSchema = z.object({ deleted: z.literal(true) });
export type ListingDeleted = z.infer<typeof listingDeletedSchema>;
