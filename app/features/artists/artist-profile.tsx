import type { ReactNode } from "react";
import { Avatar } from "../../components/ui/avatar";
import { FollowButton, type FollowState } from "../../components/collectors/follow-button";
import { ExhibitionTiles } from "../../components/exhibition-tiles";
import { PersonDetails } from "../../components/person-details";
import { artistMessages as m } from "./artists.messages";
import type { ArtistPage } from "../../../contracts/artists.contract";

/**
 * SPEC §2 artist profile header: photo or initials, name, 'b. {year}', place, bio, links;
 * the follower count, and Follow / Following for anyone but the artist.
 */
export function ArtistProfileHeader({
  artist,
  follow,
  contact,
}: {
  artist: ArtistPage;
  follow: FollowState;
  /** Message the artist: another feature's button, which the route gives. */
  contact?: ReactNode;
}) {
  const place = artist.location || artist.city;
  return (
    <header className="artist-header">
      <Avatar name={artist.displayName} photo={artist.profilePhoto} size={112} />
      <div className="artist-header-text">
        <p className="eyebrow">Artist</p>
        <h1>{artist.displayName}</h1>
        <FollowButton
          artistId={artist.id}
          artistName={artist.displayName}
          initial={follow}
          showCount
        />
        {contact}
        <PersonDetails
          prefix="artist"
          birthYear={artist.birthYear}
          place={place || null}
          bio={artist.bio}
          noBio={m.noBio}
          instagramHandle={artist.instagramHandle}
          websiteURL={artist.websiteURL}
        />
      </div>
    </header>
  );
}

/** SPEC §2: the artist's active exhibitions as banner tiles linking to /exhibition/{id}. */
export function ArtistExhibitions({ artist }: { artist: ArtistPage }) {
  if (artist.exhibitions.length === 0) return null;
  return (
    <section className="artist-exhibitions" aria-labelledby="artist-exhibitions-heading">
      <h2 id="artist-exhibitions-heading">Current Exhibitions</h2>
      <ExhibitionTiles exhibitions={artist.exhibitions} />
    </section>
  );
}
