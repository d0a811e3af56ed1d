import type { ArtworkCard } from "../../../contracts/artworks.contract";
import type { Following, SavedWorks } from "../../../contracts/collectors.contract";
import { isUuid } from "../../../domain/ids";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { ensurePreferences } from "../alerts/alerts.api";
import { listSavedArtworks } from "../artworks/artworks.api";
import {
  countFollowers,
  deleteFollow,
  deleteSavedWork,
  insertFollow,
  insertSavedWork,
  isListedArtist,
  isFollowing,
  isListedWork,
  listFollowing,
  listSavedWorks,
  savedAmong,
} from "./collectors.repository";

/**
 * Saving works and following artists. Every call acts for the signed-in person
 * only (the routes pass the session's id), so one person can never read or change another's.
 * PUT and DELETE are idempotent: repeating one answers the same and changes nothing.
 */

export type CollectorsDeps = { db: Database };

export const collectorMessages = {
  artworkNotFound: "Artwork not found",
  artistNotFound: "Artist not found",
  ownArtist: "You cannot follow yourself.",
  signIn: "Please sign in to save works and follow artists.",
} as const;

export async function saveWork(
  { db }: CollectorsDeps,
  userId: string,
  artworkId: string,
): Promise<{ saved: true }> {
  if (!isUuid(artworkId) || !(await isListedWork(db, artworkId.toLowerCase()))) {
    throw new AppError("NOT_FOUND", 404, collectorMessages.artworkNotFound);
  }
  await insertSavedWork(db, userId, artworkId.toLowerCase());
  return { saved: true };
}

/** Unsaving works whatever became of the work (it may have left the marketplace since). */
export async function unsaveWork(
  { db }: CollectorsDeps,
  userId: string,
  artworkId: string,
): Promise<{ saved: false }> {
  if (isUuid(artworkId)) await deleteSavedWork(db, userId, artworkId.toLowerCase());
  return { saved: false };
}

export async function savedWorksOf({ db }: CollectorsDeps, userId: string): Promise<SavedWorks> {
  const rows = await listSavedWorks(db, userId);
  return {
    saved: rows.map((row) => ({ artworkId: row.artworkId, savedAt: row.savedAt.toISOString() })),
  };
}

export async function followArtist(
  { db }: CollectorsDeps,
  userId: string,
  artistId: string,
): Promise<{ following: true; followers: number }> {
  if (!isUuid(artistId)) throw new AppError("NOT_FOUND", 404, collectorMessages.artistNotFound);
  const id = artistId.toLowerCase();
  if (id === userId) throw new AppError("VALIDATION_FAILED", 400, collectorMessages.ownArtist);
  if (!(await isListedArtist(db, id))) {
    throw new AppError("NOT_FOUND", 404, collectorMessages.artistNotFound);
  }
  await insertFollow(db, userId, id);
  // The digest reads people with a preferences row: a follower gets one.
  await ensurePreferences(db, userId);
  return { following: true, followers: await countFollowers(db, id) };
}

export async function unfollowArtist(
  { db }: CollectorsDeps,
  userId: string,
  artistId: string,
): Promise<{ following: false; followers: number }> {
  if (!isUuid(artistId)) return { following: false, followers: 0 };
  const id = artistId.toLowerCase();
  await deleteFollow(db, userId, id);
  return { following: false, followers: await countFollowers(db, id) };
}

export async function followingOf({ db }: CollectorsDeps, userId: string): Promise<Following> {
  const rows = await listFollowing(db, userId);
  return {
    following: rows.map((row) => ({
      artistId: row.artistId,
      displayName: row.displayName,
      photoUrl: row.photoUrl,
      followedAt: row.followedAt.toISOString(),
    })),
  };
}

/**
 * Which of these works the person saved (the hearts of a page of cards). Ids that are not
 * UUIDs name nothing; the caller keeps the list short (a page, at most 100).
 */
export async function savedAmongWorks(
  { db }: CollectorsDeps,
  userId: string,
  artworkIds: readonly string[],
): Promise<string[]> {
  const ids = [...new Set(artworkIds.filter(isUuid).map((id) => id.toLowerCase()))];
  return savedAmong(db, userId, ids);
}

/** The own Saved tab: the saved works as cards, newest saved first. */
export function savedArtworksOf({ db }: CollectorsDeps, userId: string): Promise<ArtworkCard[]> {
  return listSavedArtworks(db, userId);
}

/** The artist page's count and the viewer's Follow button (signed out: not following). */
export async function followStateOf(
  { db }: CollectorsDeps,
  artistId: string,
  viewerId: string | null,
): Promise<{ followers: number; following: boolean }> {
  if (!isUuid(artistId)) return { followers: 0, following: false };
  const id = artistId.toLowerCase();
  const [followers, following] = await Promise.all([
    countFollowers(db, id),
    viewerId ? isFollowing(db, viewerId, id) : Promise.resolve(false),
  ]);
  return { followers, following };
}
