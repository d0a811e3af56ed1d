import { Avatar } from "../../components/ui/avatar";
import { ExhibitionTiles } from "../../components/exhibition-tiles";
import { instagramLink, websiteLink } from "../../lib/social-links";
import { artistMessages as m } from "./artist.messages";
import type { ArtistPageArtist } from "./artist.server";

/** SPEC §2 artist profile header: photo or initials, name, 'b. {year}', place, bio, links. */
export function ArtistProfileHeader({ artist }: { artist: ArtistPageArtist }) {
  const instagram = instagramLink(artist.instagramHandle);
  const website = websiteLink(artist.websiteURL);
  const place = artist.location || artist.city;
  return (
    <header className="artist-header">
      <Avatar name={artist.displayName} photo={artist.profilePhoto} size={112} />
      <div className="artist-header-text">
        <p className="eyebrow">Artist</p>
        <h1>{artist.displayName}</h1>
        {artist.birthYear || place ? (
          <p className="artist-facts">
            {artist.birthYear ? <span>b. {artist.birthYear}</span> : null}
            {place ? <span>{place}</span> : null}
          </p>
        ) : null}
        <p className={artist.bio?.trim() ? "artist-bio" : "artist-bio artist-bio-empty"}>
          {artist.bio?.trim() ? artist.bio : m.noBio}
        </p>
        {instagram || website ? (
          <ul className="artist-links">
            {instagram ? (
              <li>
                <span className="artist-link-kind">Instagram</span>
                <a href={instagram.href} target="_blank" rel="noopener noreferrer">
                  {instagram.label}
                  <span className="visually-hidden"> on Instagram (opens in a new tab)</span>
                </a>
              </li>
            ) : null}
            {website ? (
              <li>
                <span className="artist-link-kind">Website</span>
                <a href={website.href} target="_blank" rel="noopener noreferrer">
                  {website.label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ) : null}
          </ul>
        ) : null}
      </div>
    </header>
  );
}

/** SPEC §2: the artist's active exhibitions as banner tiles linking to /exhibition/{id}. */
export function ArtistExhibitions({ artist }: { artist: ArtistPageArtist }) {
  if (artist.exhibitions.length === 0) return null;
  return (
    <section className="artist-exhibitions" aria-labelledby="artist-exhibitions-heading">
      <h2 id="artist-exhibitions-heading">Current Exhibitions</h2>
      <ExhibitionTiles exhibitions={artist.exhibitions} />
    </section>
  );
}
