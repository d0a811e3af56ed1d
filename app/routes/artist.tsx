import { ArtistExhibitions, ArtistProfileHeader } from "../features/artist/artist-profile";
import { ArtistWorks } from "../features/artist/artist-works";
import { artistMeta } from "../features/artist/artist-meta";
import { parseArtistTab } from "../features/artist/artist-tabs";
import { artistMessages as m } from "../features/artist/artist.messages";
import { loadArtistPage } from "../features/artist/artist.server";
import { errorMeta } from "../lib/meta";
import { LoadError } from "../components/load-error";
import type { Route } from "./+types/artist";
import "../features/artist/artist.css";

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData?.artist) return errorMeta(loaderData?.error ?? m.artworksLoadFailed);
  return artistMeta(loaderData.origin, loaderData.artist);
}

export function loader({ context, params, request }: Route.LoaderArgs) {
  const tab = parseArtistTab(new URL(request.url).searchParams.get("tab"));
  return loadArtistPage(context, params.artistId, tab);
}

/** SPEC §2 Artist profile (/artist/{artistId}). */
export default function Artist({ loaderData }: Route.ComponentProps) {
  const { artist, artworks, artworksError, tab, error } = loaderData;
  if (!artist) return <LoadError message={error ?? m.artworksLoadFailed} />;
  return (
    <article className="artist-page">
      <ArtistProfileHeader artist={artist} />
      <ArtistExhibitions artist={artist} />
      <ArtistWorks
        artistName={artist.displayName}
        tab={tab}
        artworks={artworks}
        error={artworksError}
      />
    </article>
  );
}

export function ErrorBoundary() {
  return <LoadError message={m.artworksLoadFailed} />;
}
