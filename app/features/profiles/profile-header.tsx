import type { PublicProfile } from "../../../contracts/profiles.contract";
import { Avatar } from "../../components/ui/avatar";
import { ExhibitionTiles } from "../../components/exhibition-tiles";
import { PersonDetails } from "../../components/person-details";
import { profilePageMessages as m } from "./profiles.messages";

/**
 * SPEC §2 profile: photo or initials, name, 'b. {year}', location, bio and links.
 * Everything the person typed is rendered as React text, never as HTML.
 */
export function ProfileHeader({
  profile,
  isOwn,
  children,
}: {
  profile: PublicProfile;
  isOwn: boolean;
  children?: React.ReactNode;
}) {
  return (
    <header className="profile-header">
      <Avatar
        name={profile.displayName}
        photo={profile.profilePhoto}
        size={112}
        alt={`Profile photo of ${profile.displayName}`}
      />
      <div className="profile-header-text">
        <p className="eyebrow">
          {isOwn ? "Your profile" : profile.isArtist ? "Artist" : "Collector"}
        </p>
        <h1>{profile.displayName}</h1>
        <PersonDetails
          prefix="profile"
          birthYear={profile.birthYear}
          place={profile.location}
          bio={profile.bio}
          noBio={m.noBio}
          instagramHandle={profile.instagramHandle}
          websiteURL={profile.websiteURL}
        />
        {children}
      </div>
    </header>
  );
}

/** SPEC §2: 'Current Exhibitions', shown only when there are any. */
export function ProfileExhibitions({ profile }: { profile: PublicProfile }) {
  if (profile.exhibitions.length === 0) return null;
  return (
    <section className="profile-exhibitions" aria-labelledby="profile-exhibitions-heading">
      <h2 id="profile-exhibitions-heading">Current Exhibitions</h2>
      <ExhibitionTiles exhibitions={profile.exhibitions} />
    </section>
  );
}
