import { useRef } from "react";
import { Link, useLocation, useNavigate, useNavigation } from "react-router";
import type { ArtworkCard } from "../../../server/features/artworks/artworks.types";
import { ArtworkGrid } from "../../components/artwork-card";
import {
  type ProfileTabInfo,
  type ProfileTabValue,
  chooseTab,
  profileTabSearch,
  tabAfterKey,
} from "./profile-tabs";
import { profilePageMessages as m } from "./profile.messages";

const PANEL_ID = "profile-works-panel";
const tabId = (tab: ProfileTabValue) => `profile-tab-${tab}`;
const EMPTY: Record<ProfileTabValue, string> = {
  listings: m.noListings,
  collection: m.noCollection,
  all: m.noArtworks,
};

/**
 * SPEC §2 tabs Listings / Collection / All Works, the ones this viewer has. The tab is
 * in the address (`?tab=`) and the loader reads it; while another tab loads the panel
 * says 'Loading profile...'. Links with the WAI-ARIA tab roles and keyboard model.
 */
export function ProfileWorks({
  name,
  tabs,
  tab,
  artworks,
}: {
  name: string;
  tabs: ProfileTabInfo[];
  tab: ProfileTabValue;
  artworks: ArtworkCard[];
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const tabRefs = useRef(new Map<ProfileTabValue, HTMLAnchorElement>());

  const pending =
    navigation.state === "loading" && navigation.location.pathname === location.pathname
      ? chooseTab(tabs, new URLSearchParams(navigation.location.search).get("tab"))
      : null;
  const selected = pending ?? tab;
  const loading = pending !== null && pending !== tab;

  function select(next: ProfileTabValue) {
    tabRefs.current.get(next)?.focus();
    void navigate(
      { search: profileTabSearch(tabs, next) },
      { replace: true, preventScrollReset: true },
    );
  }

  let panel: React.ReactNode;
  if (loading) {
    panel = (
      <p className="status-text" role="status">
        {m.loading}
      </p>
    );
  } else if (artworks.length === 0) {
    panel = <p className="status-text">{EMPTY[selected]}</p>;
  } else {
    panel = <ArtworkGrid artworks={artworks} eagerCount={4} />;
  }

  return (
    <section className="profile-works" aria-labelledby="profile-works-heading">
      <h2 id="profile-works-heading" className="visually-hidden">
        Artworks
      </h2>
      <div
        className="profile-tabs"
        role="tablist"
        aria-label={`Artworks of ${name}`}
        onKeyDown={(event) => {
          const next = tabAfterKey(tabs, selected, event.key);
          if (!next) return;
          event.preventDefault();
          if (next !== selected) select(next);
        }}
      >
        {tabs.map(({ value, label }) => {
          const isSelected = value === selected;
          return (
            <Link
              key={value}
              ref={(el) => {
                if (el) tabRefs.current.set(value, el);
                else tabRefs.current.delete(value);
              }}
              to={{ search: profileTabSearch(tabs, value) }}
              replace
              preventScrollReset
              role="tab"
              id={tabId(value)}
              aria-selected={isSelected}
              aria-controls={PANEL_ID}
              tabIndex={isSelected ? 0 : -1}
              className="profile-tab"
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
        tabIndex={loading || artworks.length === 0 ? 0 : undefined}
        className="profile-tabpanel"
      >
        {panel}
      </div>
    </section>
  );
}
