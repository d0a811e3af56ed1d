import { z } from "zod";
import type { Database } from "../db/client";
import { AppError } from "../errors";
import { isUuid } from "../../domain/ids";
import { requireUuid } from "../http/params";
import { findArtist } from "./artists/artists.repository";
import {
  findArtworkDetail,
  listArtistArtworks,
  listExhibitionArtworks,
} from "./artworks/artworks.repository";
import { discoveryMessages as m } from "../../domain/discovery-messages";
import type { ArtworkDetail } from "../../contracts/artworks.contract";
import type { SessionUser } from "../../contracts/auth.contract";
import {
  findActiveExhibition,
  listActiveExhibitions,
  listActiveExhibitionsOfArtist,
} from "./exhibitions/exhibitions.repository";

/** Reads behind the artwork, artist and exhibition pages (SPEC §2, §7). */

/** Who is looking; null for a visitor. */
export type Viewer = Pick<SessionUser, "id" | "role"> | null;

/**
 * Who owns a work is who bought it: that is told only to the owner, the work's artist
 * and admins; everyone else gets `ownerId: null` (issue 11). The one place it is decided.
 */
function ownerShownTo(artwork: ArtworkDetail, viewer: Viewer): ArtworkDetail {
  const entitled =
    viewer !== null &&
    (viewer.id === artwork.ownerId || viewer.id === artwork.artist.id || viewer.role === "admin");
  return entitled ? artwork : { ...artwork, ownerId: null };
}

export async function getArtwork(db: Database, id: string, viewer: Viewer) {
  // A malformed id names no artwork: the same 404 as an unknown one.
  const artwork = isUuid(id) ? await findArtworkDetail(db, id.toLowerCase()) : undefined;
  if (!artwork) throw new AppError("NOT_FOUND", 404, m.artworkNotFound);
  return ownerShownTo(artwork, viewer);
}

export async function getArtist(db: Database, id: string) {
  const artistId = requireUuid(id, m.invalidArtist);
  const artist = await findArtist(db, artistId);
  if (!artist) throw new AppError("NOT_FOUND", 404, m.artistNotFound);
  return { ...artist, exhibitions: await listActiveExhibitionsOfArtist(db, artistId) };
}

export const artistTabSchema = z.enum(["all", "forSale", "sold"], {
  error: "tab must be all, forSale or sold.",
});
export type ArtistTab = z.output<typeof artistTabSchema>;

export async function getArtistArtworks(db: Database, id: string, tab: ArtistTab) {
  const artistId = requireUuid(id, m.invalidArtist);
  if (!(await findArtist(db, artistId))) throw new AppError("NOT_FOUND", 404, m.artistNotFound);
  return listArtistArtworks(db, artistId, tab);
}

export function getActiveExhibitions(db: Database) {
  return listActiveExhibitions(db);
}

export async function getExhibition(db: Database, id: string) {
  const exhibitionId = requireUuid(id, m.invalidExhibition);
  const exhibition = await findActiveExhibition(db, exhibitionId);
  // SPEC §8 uses the load-failure text for an exhibition that is not found, too.
  if (!exhibition) throw new AppError("NOT_FOUND", 404, m.exhibitionLoadFailed);
  return { ...exhibition, artworks: await listExhibitionArtworks(db, exhibitionId) };
}
