import { type ReactNode, Suspense, lazy } from "react";
import { Link } from "react-router";
import type { PublicProfile } from "../../../contracts/profiles.contract";
import type { ArtworkCard } from "../../../contracts/artworks.contract";
import type { Following } from "../../../contracts/collectors.contract";
import { type SavedState, SavedWorksProvider } from "../../components/collectors/saved-works";
import type { ProfileEditResult } from "./profile-edit-form";
import type { ProfileFormValues } from "./profile-form";
import { ProfileExhibitions, ProfileHeader } from "./profile-header";
import { type ProfileTabValue, visibleTabs } from "./profile-tabs";
import { ProfileWorks } from "./profile-works";
import { profilePageMessages as m } from "./profiles.messages";

/**
 * The owner's photo controls and Edit Profile are downloads of their own (decision 0034): a
 * visitor's copy of the page never needs them, and the server still renders them into
 * the owner's page.
 */
const ProfilePhotoControls = lazy(() =>
  import("./profile-photo-controls").then((module) => ({ default: module.ProfilePhotoControls })),
);
const ProfileEditSection = lazy(() =>
  import("./profile-edit-form").then((module) => ({ default: module.ProfileEditSection })),
);

/** SPEC §2 Profile: the same page for /profile and /profile/{userId}. */
export function ProfilePage({
  profile,
  isOwn,
  pending,
  form,
  tab,
  artworks,
  following = [],
  saved = null,
  editResult,
  artistApplication,
}: {
  profile: PublicProfile;
  isOwn: boolean;
  pending: boolean;
  form: ProfileFormValues | null;
  tab: ProfileTabValue | null;
  artworks: ArtworkCard[];
  /** The own Following tab's artists, and the hearts of the cards shown. */
  following?: Following["following"];
  saved?: SavedState | null;
  editResult?: ProfileEditResult;
  /** The own profile's "Apply as an artist" section (app/features/applications), if any. */
  artistApplication?: ReactNode;
}) {
  const tabs = visibleTabs(profile, isOwn);
  return (
    <article className="profile-page">
      <ProfileHeader profile={profile} isOwn={isOwn}>
        {isOwn ? (
          <Suspense fallback={null}>
            <ProfilePhotoControls hasPhoto={profile.profilePhoto !== null} />
          </Suspense>
        ) : null}
        {isOwn && profile.isArtist ? (
          <p className="profile-own-links">
            <Link to="/profile/sales" className="button">
              Sales
            </Link>
          </p>
        ) : null}
        {pending && !artistApplication ? (
          <p className="profile-pending">{m.pendingArtist}</p>
        ) : null}
        {isOwn && form ? (
          <Suspense fallback={null}>
            <ProfileEditSection values={form} result={editResult} />
          </Suspense>
        ) : null}
        {isOwn ? (
          <nav className="profile-own-links" aria-label="Your account">
            <Link to="/profile/purchases">My purchases</Link>
            <Link to="/profile/offers">My offers</Link>
            <Link to="/profile/messages">Messages</Link>
            <Link to="/profile/settings">Alerts and e-mail</Link>
          </nav>
        ) : null}
        {isOwn ? artistApplication : null}
      </ProfileHeader>
      <ProfileExhibitions profile={profile} />
      {tab ? (
        <SavedWorksProvider state={saved}>
          <ProfileWorks
            name={profile.displayName}
            tabs={tabs}
            tab={tab}
            artworks={artworks}
            following={following}
          />
        </SavedWorksProvider>
      ) : null}
    </article>
  );
}
