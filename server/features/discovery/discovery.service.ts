import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { isUuid } from "../../../domain/ids";
import { findArtist } from "../artists/artists.api";
import {
  findArtworkDetail,
  listArtistArtworks,
  listExhibitionArtworks,
} from "../artworks/artworks.api";
import { discoveryMessages as m } from "../../../domain/discovery-messages";
import { profileMessages } from "../../../domain/profile";
import { isSuspended } from "../users/users.api";
import { countSaves } from "../collectors/collectors.api";
import type { ArtistPage, ArtistTab } from "../../../contracts/artists.contract";
import type { ArtworkCard, ArtworkDetail } from "../../../contracts/artworks.contract";
import type { ArtworkRails } from "../../../contracts/artwork-rails.contract";
import { findMoreByArtist, findRelatedWorks } from "../artworks/artworks.api";
import type {
  ExhibitionArtist,
  ExhibitionDetail,
  ExhibitionSummary,
} from "../../../contracts/exhibitions.contract";
import type { SessionUser } from "../../../contracts/auth.contract";
import {
  findActiveExhibition,
  listActiveExhibitions,
  listActiveExhibitionsOfArtist,
} from "../exhibitions/exhibitions.api";

/** A path id that is not a UUID names nothing: 400 with the page's own text. */
function requireUuid(value: string, message: string): string {
  if (!isUuid(value)) throw new AppError("BAD_REQUEST", 400, message);
  return value.toLowerCase();
}

/** Reads behind the artwork, artist and exhibition pages (SPEC §2, §7). */

export type DiscoveryDeps = { db: Database };

/** Who is looking; null for a visitor. */
export type Viewer = Pick<SessionUser, "id" | "role"> | null;

/**
 * Who owns a work is who bought it: that is told only to the owner, the work's artist
 * and admins; everyone else gets `ownerId: null`. The one place it is decided.
 */
function ownerShownTo(artwork: ArtworkDetail, viewer: Viewer): ArtworkDetail {
  const entitled =
    viewer !== null &&
    (viewer.id === artwork.ownerId || viewer.id === artwork.artist.id || viewer.role === "admin");
  return entitled ? artwork : { ...artwork, ownerId: null };
}

/**
 * The minimum offer is the artist's secret: only the work's artist, while it
 * is still theirs, receives it; everyone else (buyers, the owner, admins) gets null.
 */
function minimumShownTo(artwork: ArtworkDetail, viewer: Viewer): ArtworkDetail {
  const artist =
    viewer !== null && viewer.id === artwork.artist.id && artwork.ownerId === viewer.id;
  return artist ? artwork : { ...artwork, offerMinimum: null };
}

export async function getArtwork(
  deps: DiscoveryDeps,
  id: string,
  viewer: Viewer,
): Promise<ArtworkDetail> {
  // A malformed id names no artwork: the same 404 as an unknown one.
  const artwork = isUuid(id) ? await findArtworkDetail(deps.db, id.toLowerCase()) : undefined;
  if (!artwork) throw new AppError("NOT_FOUND", 404, m.artworkNotFound);
  // A work the team hid (decision 0027): its artist sees it with the reason; nobody else does.
  if (typeof artwork.hiddenReason === "string" && viewer?.id !== artwork.artist.id)
    throw new AppError("NOT_FOUND", 404, m.artworkNotFound);
  const shown = ownerShownTo(minimumShownTo(artwork, viewer), viewer);
  // The artist sees how many people saved the work (never who); nobody else does.
  if (viewer === null || viewer.id !== artwork.artist.id) return shown;
  const counts = await countSaves(deps.db, [artwork.id]);
  return { ...shown, savedCount: counts.get(artwork.id) ?? 0 };
}

/**
 * The works around a work, by the work's id alone so that the artwork page
 * reads them while it reads the work. They list only other, listed works, so they tell
 * nothing of the work itself; a malformed or unknown id has none.
 */
export async function getArtworkRails(deps: DiscoveryDeps, id: string): Promise<ArtworkRails> {
  if (!isUuid(id)) return { moreByArtist: [], related: [] };
  const artworkId = id.toLowerCase();
  const [moreByArtist, related] = await Promise.all([
    findMoreByArtist(deps.db, artworkId),
    findRelatedWorks(deps.db, artworkId),
  ]);
  return { moreByArtist, related };
}

/**
 * `GET /api/artworks/:id/related`: the same 404 as the work's own read for a work this
 * viewer may not see (unknown, or hidden by the team), read at the same time as the rails.
 */
export async function getRelatedToArtwork(
  deps: DiscoveryDeps,
  id: string,
  viewer: Viewer,
): Promise<ArtworkRails> {
  const [, rails] = await Promise.all([getArtwork(deps, id, viewer), getArtworkRails(deps, id)]);
  return rails;
}

/** An artist anyone may see: 404 when there is none, or when the team suspended them. */
async function requireArtist(db: Database, artistId: string) {
  const artist = await findArtist(db, artistId);
  if (!artist) throw new AppError("NOT_FOUND", 404, m.artistNotFound);
  if (await isSuspended(db, artistId))
    throw new AppError("NOT_FOUND", 404, profileMessages.profileUnavailable);
  return artist;
}

export async function getArtist(deps: DiscoveryDeps, id: string): Promise<ArtistPage> {
  const artistId = requireUuid(id, m.invalidArtist);
  const artist = await requireArtist(deps.db, artistId);
  return { ...artist, exhibitions: await listActiveExhibitionsOfArtist(deps.db, artistId) };
}

export async function getArtistArtworks(
  deps: DiscoveryDeps,
  id: string,
  tab: ArtistTab,
): Promise<ArtworkCard[]> {
  const artistId = requireUuid(id, m.invalidArtist);
  await requireArtist(deps.db, artistId);
  return listArtistArtworks(deps.db, artistId, tab);
}

export function getActiveExhibitions(deps: DiscoveryDeps): Promise<ExhibitionSummary[]> {
  return listActiveExhibitions(deps.db);
}

/**
 * The exhibition's artists are those of the works it shows (the same works, so a hidden
 * work or a suspended artist is left out of both), in the order the works are hung.
 */
function artistsOfWorks(artworks: readonly ArtworkCard[]): ExhibitionArtist[] {
  const artists = new Map<string, ExhibitionArtist>();
  for (const { artist } of artworks) {
    if (!artists.has(artist.id))
      artists.set(artist.id, { id: artist.id, name: artist.displayName });
  }
  return [...artists.values()];
}

export async function getExhibition(deps: DiscoveryDeps, id: string): Promise<ExhibitionDetail> {
  const exhibitionId = requireUuid(id, m.invalidExhibition);
  const exhibition = await findActiveExhibition(deps.db, exhibitionId);
  // SPEC §8 uses the load-failure text for an exhibition that is not found, too.
  if (!exhibition) throw new AppError("NOT_FOUND", 404, m.exhibitionLoadFailed);
  const artworks = await listExhibitionArtworks(deps.db, exhibitionId);
  return { ...exhibition, artworks, artists: artistsOfWorks(artworks) };
}
