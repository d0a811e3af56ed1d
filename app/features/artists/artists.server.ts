import { type AppLoadContext, data } from "react-router";
import type { ArtistPage, ArtistTab } from "../../../contracts/artists.contract";
import type { SessionUser } from "../../../contracts/auth.contract";
import type { ArtistReviews, OwnReviews } from "../../../contracts/reviews.contract";
import type { ArtworkCard } from "../../../contracts/artworks.contract";
import { savedStateFor } from "../../lib/collectors.server";
import { loadErrorResponse } from "../../lib/loader-errors.server";
import { artistMessages as m } from "./artists.messages";

/**
 * The profile and one tab of works, read side by side. The service answers with the
 * SPEC's texts: 400 'Invalid artist data' for a malformed id, 404 'Artist not found';
 * they are thrown to the route's ErrorBoundary. If only the works fail, the profile
 * still shows, with 'Failed to fetch artworks' (a state of the page, not an error page).
 */
export async function loadArtistPage(
  context: AppLoadContext,
  request: Request,
  id: string,
  tab: ArtistTab,
) {
  const { auth, discovery, collectors, config, logger } = context.services;
  const origin = config.publicUrl;
  const viewer = await auth.getSessionUser(request.headers);
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
  // Issue 16: the follower count and the viewer's Follow button; a failure shows none followed.
  const follow = await collectors
    .followState(profile.id, viewer?.id ?? null)
    .catch((error: unknown) => {
      logger.error("An artist's followers failed to load", { error, id });
      return { following: false, followers: 0 };
    });
  // Reviews (decision 0056): a failure shows the neutral line, never a broken profile.
  const reviews = await reviewsOf(context, profile.id, viewer);
  if (artworks.status === "rejected") {
    logger.error("An artist's artworks failed to load", { error: artworks.reason, id, tab });
    return data(
      {
        artist: profile,
        artworks: [] as ArtworkCard[],
        artworksError: m.artworksLoadFailed,
        tab,
        origin,
        follow,
        saved: null,
        reviews,
      },
      { status: 500 },
    );
  }
  const cards: ArtworkCard[] = artworks.value;
  const saved = await savedStateFor(
    context,
    viewer?.id,
    cards.map((card) => card.id),
  );
  return {
    artist: profile,
    artworks: cards,
    artworksError: null,
    tab,
    origin,
    follow,
    saved,
    reviews,
  };
}

const NOTHING_SHOWN: ArtistReviews = { shown: false, average: null, count: 0, reviews: [] };

/** The profile's reviews, and the artist's own (to reply to) when they look at their profile. */
async function reviewsOf(
  context: AppLoadContext,
  artistId: string,
  viewer: SessionUser | null,
): Promise<{ reviews: ArtistReviews; own: OwnReviews | null; signedIn: boolean }> {
  const { reviews, logger } = context.services;
  try {
    const [shown, own] = await Promise.all([
      reviews.ofArtist(artistId),
      viewer?.id === artistId ? reviews.own(artistId) : Promise.resolve(null),
    ]);
    return { reviews: shown, own, signedIn: viewer !== null };
  } catch (error) {
    logger.error("An artist's reviews failed to load", { error, artistId });
    return { reviews: NOTHING_SHOWN, own: null, signedIn: viewer !== null };
  }
}
