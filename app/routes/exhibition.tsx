import { Link } from "react-router";
import { ArtworkGrid } from "../components/artwork-card";
import { SavedWorksProvider } from "../components/collectors/saved-works";
import { BannerImage } from "../components/banner-image";
import { mapsSearchUrl } from "../features/exhibitions/exhibition-links";
import { RouteLoadError } from "../components/load-error";
import { loadExhibitionPage } from "../features/exhibitions/exhibitions.server";
import { exhibitionsMessages as m } from "../features/exhibitions/exhibitions.messages";
import { exhibitionMeta } from "../features/exhibitions/exhibitions-meta";
import { ExhibitionRun } from "../features/exhibitions/exhibition-run";
import { errorMeta } from "../lib/meta";
import { routeErrorText } from "../lib/route-error-text";
import type { Route } from "./+types/exhibition";

/** SPEC §2: the title becomes the exhibition name; every other route sets its own, which restores it. */
export function meta({ loaderData, error }: Route.MetaArgs) {
  if (!loaderData) return errorMeta(routeErrorText(error, m.exhibitionLoadFailed));
  return exhibitionMeta(loaderData.origin, loaderData.exhibition);
}

export function loader({ context, params, request }: Route.LoaderArgs) {
  return loadExhibitionPage(context, request, params.exhibitionId);
}

/**
 * SPEC §2 Exhibition detail: banner, name, days and opening hours, address (maps search),
 * description, the artists (linked to their pages) and the works.
 */
export default function Exhibition({ loaderData }: Route.ComponentProps) {
  const { exhibition, run, saved } = loaderData;
  return (
    <article className="exhibition-detail">
      <BannerImage
        src={exhibition.bannerUrl}
        name={exhibition.name}
        priority
        className="exhibition-hero"
      />
      <header className="exhibition-detail-header">
        <p className="eyebrow">Exhibition</p>
        <h1>{exhibition.name}</h1>
        <ExhibitionRun run={run} className="exhibition-detail-run" />
        {exhibition.openingHours ? (
          <p className="exhibition-detail-hours">
            <span className="exhibition-detail-label">Opening hours:</span>{" "}
            {exhibition.openingHours}
          </p>
        ) : null}
        <p className="exhibition-detail-address">
          <a href={mapsSearchUrl(exhibition.address)} target="_blank" rel="noopener noreferrer">
            {exhibition.address}
            <span className="visually-hidden"> (opens a map in a new tab)</span>
          </a>
        </p>
        {exhibition.description ? (
          <p className="exhibition-detail-description">{exhibition.description}</p>
        ) : null}
        {exhibition.artists.length > 0 ? (
          <section aria-labelledby="exhibition-artists-heading" className="exhibition-artists">
            <h2 id="exhibition-artists-heading">Artists</h2>
            <ul>
              {exhibition.artists.map((artist) => (
                <li key={artist.id}>
                  <Link to={`/artist/${artist.id}`}>{artist.name || "Unknown Artist"}</Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </header>
      <section aria-labelledby="exhibition-works-heading" className="exhibition-works">
        <h2 id="exhibition-works-heading">Works in the exhibition</h2>
        {exhibition.artworks.length === 0 ? (
          <p className="status-text">No artworks are shown in this exhibition yet.</p>
        ) : (
          <SavedWorksProvider state={saved}>
            <ArtworkGrid artworks={exhibition.artworks} />
          </SavedWorksProvider>
        )}
      </section>
    </article>
  );
}

export function ErrorBoundary() {
  return (
    <RouteLoadError fallback={m.exhibitionLoadFailed}>
      <p>
        <Link to="/exhibition">See the current exhibitions</Link>
      </p>
    </RouteLoadError>
  );
}
