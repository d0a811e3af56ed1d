import type { ArtistTab } from "../../../contracts/artists.contract";
import type { ArtworkCard } from "../../../contracts/artworks.contract";
import { ArtworkGrid } from "../../components/artwork-card";
import { UrlTabs } from "../../components/ui/url-tabs";
import { ARTIST_TABS, artistTabSearch, parseArtistTab } from "./artist-tabs";
import { artistMessages as m } from "./artists.messages";

/**
 * SPEC §2 artist tabs All Works / For Sale / Sold. The tab lives in the address
 * (`?tab=sold`), so it can be shared and works without JavaScript; the loader reads it.
 */
export function ArtistWorks({
  artistName,
  tab,
  artworks,
  error,
}: {
  artistName: string;
  tab: ArtistTab;
  artworks: ArtworkCard[];
  error: string | null;
}) {
  return (
    <section className="artist-works" aria-labelledby="artist-works-heading">
      <h2 id="artist-works-heading" className="visually-hidden">
        Artworks
      </h2>
      <UrlTabs
        tabs={ARTIST_TABS}
        tab={tab}
        parse={parseArtistTab}
        searchFor={artistTabSearch}
        label={`Artworks by ${artistName}`}
        idPrefix="artist"
        panelFocusable={(loading) => loading || Boolean(error) || artworks.length === 0}
      >
        {(loading) =>
          loading ? (
            <p className="status-text" role="status">
              {m.loading}
            </p>
          ) : error ? (
            <p className="message message-error" role="alert">
              {error}
            </p>
          ) : artworks.length === 0 ? (
            <p className="status-text">{m.noArtworks}</p>
          ) : (
            <ArtworkGrid artworks={artworks} eagerCount={4} />
          )
        }
      </UrlTabs>
    </section>
  );
}
