import {
  type ListingFields,
  type ListingValues,
  firstListingProblem,
  listingMessages,
  listingValues,
} from "../../../domain/listing";
import type { StorageAdapter } from "../../adapters/storage/storage";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { isUuid } from "../../../domain/ids";
import type { Logger } from "../../logger";
import { findArtworkDetail } from "../artworks/artworks.api";
import type {
  ArtworkDetail,
  ListingBody,
  ListingDeleted,
  ListingPatch,
} from "../../../contracts/artworks.contract";
import type { SessionUser } from "../../../contracts/auth.contract";
import { deleteFilesQuietly } from "../../adapters/storage/delete-quietly";
import {
  type ArtworkRow,
  type ListingColumns,
  type ListingImage,
  deleteArtwork,
  findCategoryIdsOf,
  findDeleteBlockers,
  findExistingCategoryIds,
  findImagesOf,
  insertArtwork,
  isReserved,
  lockArtwork,
  lockUploadsOf,
  replaceCategories,
  replaceImages,
  updateArtwork,
} from "./listings.repository";

/** Our texts for what the SPEC leaves open (its own are in domain/listing.ts). */
export const listingApiMessages = {
  signInRequired: "Please sign in to manage your listings.",
  artistsOnly: "Only approved artists can list artworks.",
  notYours: "Only the artist who owns this artwork can change it.",
  notFound: "Artwork not found",
  unknownCategory: "One of the chosen categories does not exist. Please choose again.",
  unknownImage: "One of the images could not be found. Please remove it and upload it again.",
  sold: "This artwork has been sold, so its listing cannot be deleted: the buyer's purchase record must stay intact.",
  checkoutInProgress:
    "Someone is buying this artwork right now, so it cannot be changed or deleted. Please try again in 15 minutes.",
  hasPayments:
    "This artwork has payment records, so its listing cannot be deleted. You can mark it not for sale instead.",
  hasOffers:
    "This artwork has received offers, so its listing cannot be deleted: their records must stay intact.",
} as const;

const m = listingApiMessages;

export type ListingDeps = {
  db: Database;
  storage: StorageAdapter;
  logger: Logger;
  /** Called after a listing is created (SPEC §7 newArtworkUpload); must not throw. */
  onCreated?: (artwork: ArtworkDetail) => Promise<void>;
};

export type ListingViewer = Pick<SessionUser, "id" | "isArtist"> | null;
type Viewer = ListingViewer;
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

function invalid(message: string): AppError {
  return new AppError("VALIDATION_FAILED", 400, message);
}

function requireSignedIn(viewer: Viewer): NonNullable<Viewer> {
  if (!viewer) throw new AppError("UNAUTHENTICATED", 401, m.signInRequired);
  return viewer;
}

/**
 * Only an approved artist lists: 401 signed out, 403 for anyone else. The route asks
 * this before it reads the body, so the access answer comes first whatever the body is.
 */
export function requireListingArtist(viewer: Viewer): NonNullable<Viewer> {
  const artist = requireSignedIn(viewer);
  if (!artist.isArtist) throw new AppError("FORBIDDEN", 403, m.artistsOnly);
  return artist;
}

/** The columns of a valid listing (price in cents, SPEC §3/§9 defaults applied). */
function columnsOf(values: ListingValues): ListingColumns {
  return {
    title: values.title,
    createdYear: values.createdYear,
    materials: values.materials,
    description: values.description,
    width: values.width,
    height: values.height,
    depth: values.depth,
    priceCents: values.price,
    isForSale: values.isForSale,
    isPublicArt: values.isPublicArt,
    allowBuyerPickUp: values.allowBuyerPickUp,
    finalSale: values.finalSale,
    zipCode: values.zipCode,
    status: values.status,
    acceptsOffers: values.acceptsOffers,
    offerMinimumCents: values.offerMinimum,
  };
}

/** Validates against SPEC §5 (its order and texts) and applies the defaults. */
function validListing(fields: ListingFields): ListingValues {
  const problem = firstListingProblem(fields);
  if (problem) throw invalid(problem);
  return listingValues(fields);
}

async function requireCategories(tx: Tx, ids: string[]): Promise<void> {
  if (!ids.every(isUuid)) throw invalid(m.unknownCategory);
  const existing = await findExistingCategoryIds(tx, ids);
  if (existing.length !== ids.length) throw invalid(m.unknownCategory);
}

/**
 * The images named by `imageIds`, in that order: images the artwork already has (by
 * their id), or uploads of this artist that no other artwork uses. Anything else is
 * refused, so a listing can never show another artist's files.
 */
async function resolveImages(
  tx: Tx,
  artistId: string,
  artworkId: string | null,
  imageIds: string[],
  current: ListingImage[],
): Promise<ListingImage[]> {
  if (!imageIds.every(isUuid)) throw invalid(m.unknownImage);
  const ids = imageIds.map((id) => id.toLowerCase());
  const kept = new Map(current.map((image) => [image.id, image]));
  const uploads = await lockUploadsOf(
    tx,
    artistId,
    ids.filter((id) => !kept.has(id)),
  );
  const fresh = new Map(
    uploads.filter((u) => u.artworkId === null || u.artworkId === artworkId).map((u) => [u.id, u]),
  );
  return ids.map((id) => {
    const existing = kept.get(id);
    if (existing) return existing;
    const upload = fresh.get(id);
    if (!upload) throw invalid(m.unknownImage);
    return {
      id: upload.id,
      uploadId: upload.id,
      original: upload.original,
      medium: upload.medium,
      thumbnail: upload.thumbnail,
      type: "artist_uploaded",
      contextId: null,
      width: upload.width,
      height: upload.height,
    };
  });
}

function coverOf(images: ListingImage[]) {
  const cover = images[0];
  return {
    imageOriginal: cover?.original ?? null,
    imageMedium: cover?.medium ?? null,
    imageThumbnail: cover?.thumbnail ?? null,
  };
}

async function detailOf(db: Database, id: string): Promise<ArtworkDetail> {
  const detail = await findArtworkDetail(db, id);
  if (!detail) throw new Error(`listing ${id} vanished after it was written`);
  return detail;
}

/** `POST /api/artworks`: an approved artist lists a work; they are its artist and owner. */
export async function createListing(
  deps: ListingDeps,
  viewer: Viewer,
  body: ListingBody,
): Promise<ArtworkDetail> {
  const artist = requireListingArtist(viewer);
  const values = validListing(body);
  const id = await deps.db.transaction(async (tx) => {
    await requireCategories(tx, values.categoryIds);
    const images = await resolveImages(tx, artist.id, null, values.imageIds, []);
    const artworkId = await insertArtwork(tx, {
      ...columnsOf(values),
      artistId: artist.id,
      ownerId: artist.id,
    });
    await updateArtwork(tx, artworkId, coverOf(images));
    await replaceCategories(tx, artworkId, values.categoryIds);
    await replaceImages(tx, artworkId, images);
    return artworkId;
  });
  const detail = await detailOf(deps.db, id);
  await deps.onCreated?.(detail);
  return detail;
}

/**
 * The artwork, locked, when the viewer is its owner-artist: 401 signed out, 404 for an
 * unknown id, 403 for anyone else.
 */
async function lockOwnListing(tx: Tx, viewer: Viewer, id: string): Promise<ArtworkRow> {
  const me = requireSignedIn(viewer);
  const artwork = isUuid(id) ? await lockArtwork(tx, id.toLowerCase()) : undefined;
  if (!artwork || artwork.status === "draft") throw new AppError("NOT_FOUND", 404, m.notFound);
  if (artwork.artistId !== me.id || artwork.ownerId !== me.id) {
    throw new AppError("FORBIDDEN", 403, m.notYours);
  }
  return artwork;
}

/**
 * 401, 404 or 403 for an edit of someone else's (or no) listing. The route asks this
 * before it reads the body, so ownership wins over a broken body; the edit itself
 * checks again with the row locked.
 */
export async function requireOwnListing(
  deps: ListingDeps,
  viewer: Viewer,
  id: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await lockOwnListing(tx, viewer, id);
  });
}

/**
 * `PATCH /api/artworks/:id`: the body's keys over the stored listing, validated whole.
 * `{ isForSale }` alone is the For Sale toggle: it keeps the stored price (so the work
 * can be put back on sale at it), and putting a work on sale needs one.
 */
export async function updateListing(
  deps: ListingDeps,
  viewer: Viewer,
  id: string,
  patch: ListingPatch,
): Promise<ArtworkDetail> {
  let dropped: string[] = [];
  const artworkId = await deps.db.transaction(async (tx) => {
    const artwork = await lockOwnListing(tx, viewer, id);
    // The keys the body sent; the schema left the others out.
    const sent = (Object.keys(patch) as (keyof ListingPatch)[]).filter(
      (key) => patch[key] !== undefined,
    );
    if (await isReserved(tx, artwork.id)) throw new AppError("CONFLICT", 409, m.checkoutInProgress);

    if (sent.length === 1 && patch.isForSale !== undefined) {
      if (patch.isForSale && !(artwork.priceCents !== null && artwork.priceCents > 0)) {
        throw invalid(listingMessages.price);
      }
      // Back on sale with offers allowed: the kept minimum must still be below the price.
      const { offerMinimumCents: minimum, priceCents: price } = artwork;
      if (patch.isForSale && artwork.acceptsOffers && minimum !== null && minimum >= (price ?? 0)) {
        throw invalid(listingMessages.offerMinimumNotBelowPrice);
      }
      await updateArtwork(tx, artwork.id, {
        isForSale: patch.isForSale,
        status: patch.isForSale ? "available" : "not for sale",
      });
      return artwork.id;
    }

    const current = await findImagesOf(tx, artwork.id);
    const stored: ListingFields = {
      title: artwork.title,
      createdYear: artwork.createdYear,
      categoryIds: await findCategoryIdsOf(tx, artwork.id),
      isForSale: artwork.isForSale,
      price: artwork.priceCents,
      materials: artwork.materials,
      width: artwork.width,
      height: artwork.height,
      depth: artwork.depth,
      description: artwork.description,
      isPublicArt: artwork.isPublicArt,
      allowBuyerPickUp: artwork.allowBuyerPickUp,
      finalSale: artwork.finalSale,
      zipCode: artwork.zipCode,
      imageIds: current.map((image) => image.id),
      acceptsOffers: artwork.acceptsOffers,
      offerMinimum: artwork.offerMinimumCents,
    };
    const merged: ListingFields = { ...stored, ...patch };
    const values = validListing(merged);
    await requireCategories(tx, values.categoryIds);
    const images = await resolveImages(tx, artwork.artistId, artwork.id, values.imageIds, current);
    await updateArtwork(tx, artwork.id, { ...columnsOf(values), ...coverOf(images) });
    await replaceCategories(tx, artwork.id, values.categoryIds);
    dropped = await replaceImages(tx, artwork.id, images);
    return artwork.id;
  });
  await deleteFilesQuietly(deps, dropped);
  return detailOf(deps.db, artworkId);
}

/**
 * `DELETE /api/artworks/:id`. A sold work, or one a checkout holds or has paid for, or
 * one that received offers, is kept (orders, payments and offers reference it). The files of its uploads are deleted once
 * the row is gone.
 */
export async function deleteListing(
  deps: ListingDeps,
  viewer: Viewer,
  id: string,
): Promise<ListingDeleted> {
  const keys = await deps.db.transaction(async (tx) => {
    const artwork = await lockOwnListing(tx, viewer, id);
    const blockers = await findDeleteBlockers(tx, artwork.id);
    if (blockers.sold) throw new AppError("CONFLICT", 409, m.sold);
    if (blockers.checkoutInProgress) throw new AppError("CONFLICT", 409, m.checkoutInProgress);
    if (blockers.hasPayments) throw new AppError("CONFLICT", 409, m.hasPayments);
    if (blockers.hasOffers) throw new AppError("CONFLICT", 409, m.hasOffers);
    return deleteArtwork(tx, artwork.id);
  });
  await deleteFilesQuietly(deps, keys);
  return { deleted: true };
}
