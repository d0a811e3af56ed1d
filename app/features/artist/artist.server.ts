import { type AppLoadContext, data } from "react-router";
import type { ArtistPage, ArtistTab } from "../../../contracts/artists.contract";
import type { ArtworkCard } from "../../../contracts/artworks.contract";
import { loadErrorResponse } from "../../lib/loader-errors.server";
import { artistMessages as m } from "./artist.messages";

/**
 * The profile and one tab of works, read side by side. The service answers with the
 * SPEC's texts: 400 'Invalid artist data' for a malformed id, 404 'Artist not found';
 * they are thrown to the route's ErrorBoundary. If only the works fail, the profile
 * still shows, with 'Failed to fetch artworks' (a state of the page, not an error page).
 */
export async function loadArtistPage(context: AppLoadContext, id: string, tab: ArtistTab) {
  const { discovery, config, logger } = context.services;
  const origin = config.publicUrl;
  const [artist, artworks] = await Promise.allSettled([
    discovery.artist(id),
    discovery.artistArtworks(id, tab),
  ]);
  if (artist.status === "rejected") {
    throw loadErrorResponse(logger, artist.reason, {
      fallback: m.artworksLoadFailed,
      log: "An artist profile failed to load",
      details: { id },
    });
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
      },
      { status: 500 },
    );
  }
  const cards: ArtworkCard[] = artworks.value;
  return { artist: profile, artworks: cards, artworksError: null, tab, origin };
}
