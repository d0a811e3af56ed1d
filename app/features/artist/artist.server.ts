import { type AppLoadContext, data } from "react-router";
import { isAppError } from "../../../server/errors";
import type { ArtistPage, ArtistTab } from "../../../contracts/artists.contract";
import type { ArtworkCard } from "../../../contracts/artworks.contract";
import { artistMessages as m } from "./artist.messages";

/**
 * The profile and one tab of works, read side by side. The service answers with the
 * SPEC's texts: 400 'Invalid artist data' for a malformed id, 404 'Artist not found'.
 * If only the works fail, the profile still shows, with 'Failed to fetch artworks'.
 */
export async function loadArtistPage(context: AppLoadContext, id: string, tab: ArtistTab) {
  const { discovery, config, logger } = context.services;
  const origin = config.publicUrl;
  const [artist, artworks] = await Promise.allSettled([
    discovery.artist(id),
    discovery.artistArtworks(id, tab),
  ]);
  if (artist.status === "rejected") {
    const error: unknown = artist.reason;
    const known = isAppError(error) && error.status < 500;
    if (!known) logger.error("An artist profile failed to load", { error, id });
    return data(
      {
        artist: null,
        artworks: [] as ArtworkCard[],
        artworksError: null,
        tab,
        origin,
        error: known ? error.message : (m.artworksLoadFailed as string),
      },
      { status: known ? error.status : 500 },
    );
  }
  const profile: ArtistPage = artist.value;
  if (artworks.status === "rejected") {
    logger.error("An artist's artworks failed to load", { error: artworks.reason, id, tab });
    return data(
      {
        artist: profile,
        artworks: [] as ArtworkCard[],
        artworksError: m.artworksLoadFailed,
        tab,
        origin,
        error: null,
      },
      { status: 500 },
    );
  }
  const cards: ArtworkCard[] = artworks.value;
  return { artist: profile, artworks: cards, artworksError: null, tab, origin, error: null };
}
