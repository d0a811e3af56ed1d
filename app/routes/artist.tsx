import { ArtistExhibitions, ArtistProfileHeader } from "../features/artists/artist-profile";
import { MessageArtistButton } from "../features/conversations/message-artist-button";
import { ArtistWorks } from "../features/artists/artist-works";
import { LazyArtistReviews } from "../features/reviews/lazy-artist-reviews";
import { artistMeta } from "../features/artists/artist-meta";
import { parseArtistTab } from "../features/artists/artist-tabs";
import { artistMessages as m } from "../features/artists/artists.messages";
import { loadArtistPage } from "../features/artists/artists.server";
import { errorMeta } from "../lib/meta";
import { routeErrorText } from "../lib/route-error-text";
import { RouteLoadError } from "../components/load-error";
import { SavedWorksProvider } from "../components/collectors/saved-works";
import type { Route } from "./+types/artist";

export function meta({ loaderData, error }: Route.MetaArgs) {
  if (!loaderData) return errorMeta(routeErrorText(error, m.artworksLoadFailed));
  return artistMeta(loaderData.origin, loaderData.artist, loaderData.reviews.reviews);
}

export function loader({ context, params, request }: Route.LoaderArgs) {
  const tab = parseArtistTab(new URL(request.url).searchParams.get("tab"));
  return loadArtistPage(context, request, params.artistId, tab);
}

/** SPEC §2 Artist profile (/artist/{artistId}). */
export default function Artist({ loaderData }: Route.ComponentProps) {
  const { artist, artworks, artworksError, tab, follow, saved, reviews } = loaderData;
  return (
    <SavedWorksProvider state={saved}>
      <article className="artist-page">
        <ArtistProfileHeader
          artist={artist}
          follow={follow}
          contact={<MessageArtistButton artistId={artist.id} artistName={artist.displayName} />}
        />
        <ArtistExhibitions artist={artist} />
        <ArtistWorks
          artistName={artist.displayName}
          tab={tab}
          artworks={artworks}
          error={artworksError}
        />
        <LazyArtistReviews
          reviews={reviews.reviews}
          own={reviews.own}
          signedIn={reviews.signedIn}
        />
      </article>
    </SavedWorksProvider>
  );
}

export function ErrorBoundary() {
  return <RouteLoadError fallback={m.artworksLoadFailed} />;
}
