import type { ArtworkCard } from "../../../contracts/artworks.contract";
import type { Following } from "../../../contracts/collectors.contract";
import { ArtworkGrid } from "../../components/artwork-card";
import { collectorTexts } from "../../components/collectors/collectors.messages";
import { FollowingList } from "./profile-following";
import { UrlTabs } from "../../components/ui/url-tabs";
import {
  type ProfileTabInfo,
  type ProfileTabValue,
  chooseTab,
  profileTabSearch,
} from "./profile-tabs";
import { profilePageMessages as m } from "./profiles.messages";

const EMPTY: Record<ProfileTabValue, string> = {
  listings: m.noListings,
  collection: m.noCollection,
  all: m.noArtworks,
  saved: collectorTexts.noSaved,
  following: collectorTexts.noFollowing,
};

/**
 * SPEC §2 tabs Listings / Collection / All Works, and the own Saved and Following, the
 * ones this viewer has. The tab is in the address (`?tab=`) and the loader reads it; while
 * another tab loads the panel says 'Loading profile...'.
 */
export function ProfileWorks({
  name,
  tabs,
  tab,
  artworks,
  following = [],
}: {
  name: string;
  tabs: ProfileTabInfo[];
  tab: ProfileTabValue;
  artworks: ArtworkCard[];
  /** The own Following tab's artists. */
  following?: Following["following"];
}) {
  return (
    <section className="profile-works" aria-labelledby="profile-works-heading">
      <h2 id="profile-works-heading" className="visually-hidden">
        Artworks
      </h2>
      <UrlTabs
        tabs={tabs}
        tab={tab}
        parse={(value) => chooseTab(tabs, value)}
        searchFor={(value) => profileTabSearch(tabs, value)}
        label={`Artworks of ${name}`}
        idPrefix="profile"
        panelFocusable={(loading) =>
          loading || (tab === "following" ? following.length === 0 : artworks.length === 0)
        }
      >
        {(loading) =>
          loading ? (
            <p className="status-text" role="status">
              {m.loading}
            </p>
          ) : tab === "following" ? (
            <FollowingList artists={following} />
          ) : artworks.length === 0 ? (
            <p className="status-text">{EMPTY[tab]}</p>
          ) : (
            <ArtworkGrid artworks={artworks} eagerCount={4} />
          )
        }
      </UrlTabs>
    </section>
  );
}
