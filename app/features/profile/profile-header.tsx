import type { PublicProfile } from "../../../server/features/profiles/profiles.service";
import { Avatar } from "../../components/ui/avatar";
import { ExhibitionTiles } from "../../components/exhibition-tiles";
import { instagramLink, websiteLink } from "../../lib/social-links";
import { profilePageMessages as m } from "./profile.messages";

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
  const instagram = instagramLink(profile.instagramHandle);
  const website = websiteLink(profile.websiteURL);
  const bio = profile.bio.trim();
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
        {profile.birthYear || profile.location ? (
          <p className="profile-facts">
            {profile.birthYear ? <span>b. {profile.birthYear}</span> : null}
            {profile.location ? <span>{profile.location}</span> : null}
          </p>
        ) : null}
        <p className={bio ? "profile-bio" : "profile-bio profile-bio-empty"}>
          {bio ? profile.bio : m.noBio}
        </p>
        {instagram || website ? (
          <ul className="profile-links">
            {instagram ? (
              <li>
                <span className="profile-link-kind">Instagram</span>
                <a href={instagram.href} target="_blank" rel="noopener noreferrer">
                  {instagram.label}
                  <span className="visually-hidden"> on Instagram (opens in a new tab)</span>
                </a>
              </li>
            ) : null}
            {website ? (
              <li>
                <span className="profile-link-kind">Website</span>
                <a href={website.href} target="_blank" rel="noopener noreferrer">
                  {website.label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ) : null}
          </ul>
        ) : null}
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
