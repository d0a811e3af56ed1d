import { initials } from "../../../domain/initials";
import { missesArtistLink, profileMessages as m } from "../../../domain/profile";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { isUuid } from "../../../domain/ids";
import { listArtistArtworks, listCollectionArtworks } from "../artworks/artworks.api";
import type { ArtworkCard } from "../../../contracts/artworks.contract";
import type {
  OwnProfile,
  ProfileTab,
  ProfileUpdate,
  PublicProfile,
} from "../../../contracts/profiles.contract";
import { listActiveExhibitionsOfArtist } from "../exhibitions/exhibitions.api";
import { isSuspended } from "../users/users.api";
import { countSaves } from "../collectors/collectors.api";
import {
  type OwnUserRow,
  type ProfileChanges,
  type PublicUserRow,
  findPublicUser,
  updateOwnUser,
} from "./profiles.repository";

/** Public profiles, the own-profile edit and the collection (SPEC §2 Profile, §6). */
export type ProfilesDeps = { db: Database };

function notFound(): AppError {
  return new AppError("NOT_FOUND", 404, m.userNotFound);
}

/** A malformed id names no user: the same 404 as an unknown one. */
async function requirePublicUser(db: Database, id: string): Promise<PublicUserRow> {
  const user = isUuid(id) ? await findPublicUser(db, id.toLowerCase()) : undefined;
  if (!user) throw notFound();
  if (await isSuspended(db, user.id)) throw new AppError("NOT_FOUND", 404, m.profileUnavailable);
  return user;
}

async function withExhibitions(db: Database, user: PublicUserRow): Promise<PublicProfile> {
  return {
    ...user,
    initials: initials(user.displayName),
    exhibitions: await listActiveExhibitionsOfArtist(db, user.id),
  };
}

export async function getPublicProfile(deps: ProfilesDeps, id: string): Promise<PublicProfile> {
  return withExhibitions(deps.db, await requirePublicUser(deps.db, id));
}

async function toOwnProfile(db: Database, row: OwnUserRow): Promise<OwnProfile> {
  const { firstName, lastName, email, pendingOccupation, timeZone, lastModified, ...user } = row;
  return {
    ...(await withExhibitions(db, user)),
    firstName,
    lastName,
    email,
    pendingOccupation,
    timeZone,
    lastModified: lastModified.toISOString(),
  };
}

/**
 * Applies an edit the contract's schema has read (the whole body validated before
 * anything is written) in one statement: a refused edit changes nothing.
 */
export async function updateOwnProfile(
  deps: ProfilesDeps,
  userId: string,
  update: ProfileUpdate,
): Promise<OwnProfile> {
  const row = await updateOwnUser(deps.db, userId, (current) => {
    const changes: ProfileChanges = { ...update };
    if (update.firstName !== undefined || update.lastName !== undefined) {
      const firstName = update.firstName ?? current.firstName;
      const lastName = update.lastName ?? current.lastName;
      changes.displayName = `${firstName} ${lastName}`.trim();
    }
    const links = {
      isArtist: current.isArtist,
      instagramHandle:
        changes.instagramHandle === undefined ? current.instagramHandle : changes.instagramHandle,
      websiteURL: changes.websiteURL === undefined ? current.websiteURL : changes.websiteURL,
    };
    if (missesArtistLink(links)) throw new AppError("VALIDATION_FAILED", 400, m.artistNeedsLink);
    return changes;
  });
  if (!row) throw notFound();
  return toOwnProfile(deps.db, row);
}

/**
 * SPEC §2: Listings (for sale) and All Works exist for artists only; anyone else has none.
 * The artist's own All Works also lists the works the team hid, with the reason
 * (decision 0027); to any other viewer (a visitor, another user, an admin) they do not exist.
 */
export async function getProfileArtworks(
  deps: ProfilesDeps,
  id: string,
  tab: ProfileTab,
  viewerId: string | undefined,
): Promise<ArtworkCard[]> {
  const user = await requirePublicUser(deps.db, id);
  if (!user.isArtist) return [];
  const isOwn = viewerId !== undefined && viewerId.toLowerCase() === user.id;
  const cards =
    tab === "listings"
      ? await listArtistArtworks(deps.db, user.id, "forSale")
      : await listArtistArtworks(deps.db, user.id, "all", { withHidden: isOwn });
  return isOwn ? withSaveCounts(deps.db, cards) : cards;
}

/** The artist's own cards say how many people saved each work (a count, never who). */
async function withSaveCounts(db: Database, cards: ArtworkCard[]): Promise<ArtworkCard[]> {
  const counts = await countSaves(
    db,
    cards.map((card) => card.id),
  );
  return cards.map((card) => ({ ...card, savedCount: counts.get(card.id) ?? 0 }));
}

/** SPEC §6: the collection is seen on one's own profile only; to anyone else it does not exist. */
export async function getCollection(
  deps: ProfilesDeps,
  id: string,
  viewerId: string | undefined,
): Promise<ArtworkCard[]> {
  if (!viewerId || !isUuid(id) || id.toLowerCase() !== viewerId.toLowerCase()) throw notFound();
  return listCollectionArtworks(deps.db, viewerId);
}
