import { useRef } from "react";
import { Link, useLocation, useNavigate, useNavigation } from "react-router";
import type { ArtistTab } from "../../../server/features/discovery.service";
import type { ArtworkCard } from "../../../server/features/artworks/artworks.types";
import { ArtworkGrid } from "../../components/artwork-card";
import { ARTIST_TABS, artistTabSearch, parseArtistTab, tabAfterKey } from "./artist-tabs";
import { artistMessages as m } from "./artist.messages";

const PANEL_ID = "artist-works-panel";
const tabId = (tab: ArtistTab) => `artist-tab-${tab}`;

/**
 * SPEC §2 artist tabs All Works / For Sale / Sold. The tab lives in the address
 * (`?tab=sold`), so it can be shared and works without JavaScript; the loader reads it.
 * The tabs are links with the WAI-ARIA tab roles and keyboard model (arrows, Home, End;
 * a tab is shown as soon as it gets focus).
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
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const tabRefs = useRef(new Map<ArtistTab, HTMLAnchorElement>());

  // While another tab's works load, that tab is already the selected one.
  const pending =
    navigation.state === "loading" && navigation.location.pathname === location.pathname
      ? parseArtistTab(new URLSearchParams(navigation.location.search).get("tab"))
      : null;
  const selected = pending ?? tab;
  const loading = pending !== null;

  function select(next: ArtistTab) {
    tabRefs.current.get(next)?.focus();
    void navigate({ search: artistTabSearch(next) }, { replace: true, preventScrollReset: true });
  }

  let panel: React.ReactNode;
  if (loading) {
    panel = (
      <p className="status-text" role="status">
        {m.loading}
      </p>
    );
  } else if (error) {
    panel = (
      <p className="message message-error" role="alert">
        {error}
      </p>
    );
  } else if (artworks.length === 0) {
    panel = <p className="status-text">{m.noArtworks}</p>;
  } else {
    panel = <ArtworkGrid artworks={artworks} eagerCount={4} />;
  }

  return (
    <section className="artist-works" aria-labelledby="artist-works-heading">
      <h2 id="artist-works-heading" className="visually-hidden">
        Artworks
      </h2>
      <div
        className="artist-tabs"
        role="tablist"
        aria-label={`Artworks by ${artistName}`}
        onKeyDown={(event) => {
          const next = tabAfterKey(selected, event.key);
          if (!next) return;
          event.preventDefault();
          if (next !== selected) select(next);
        }}
      >
        {ARTIST_TABS.map(({ value, label }) => {
          const isSelected = value === selected;
          return (
            <Link
              key={value}
              ref={(el) => {
                if (el) tabRefs.current.set(value, el);
                else tabRefs.current.delete(value);
              }}
              to={{ search: artistTabSearch(value) }}
              replace
              preventScrollReset
              role="tab"
              id={tabId(value)}
              aria-selected={isSelected}
              aria-controls={PANEL_ID}
              tabIndex={isSelected ? 0 : -1}
              className="artist-tab"
            >
              {label}
            </Link>
          );
        })}
      </div>
      <div
        id={PANEL_ID}
        role="tabpanel"
        aria-labelledby={tabId(selected)}
        aria-busy={loading}
        // Focusable only when it holds nothing focusable itself (WAI-ARIA tabs pattern).
        tabIndex={loading || error || artworks.length === 0 ? 0 : undefined}
        className="artist-tabpanel"
      >
        {panel}
      </div>
    </section>
  );
}
