import { instagramLink, websiteLink } from "../lib/social-links";

/**
 * The facts, bio and links under a person's name, shared by the artist page and the
 * profile page (SPEC §2: 'b. {year}', the location, the bio or its fallback, a
 * social-handle link and a website link). `prefix` keeps each page's class names.
 * Everything the person typed is rendered as React text, never as HTML.
 */
export function PersonDetails({
  prefix,
  birthYear,
  place,
  bio,
  noBio,
  instagramHandle,
  websiteURL,
}: {
  prefix: "artist" | "profile";
  birthYear: number | null;
  place: string | null;
  bio: string | null;
  noBio: string;
  instagramHandle: string | null;
  websiteURL: string | null;
}) {
  const instagram = instagramLink(instagramHandle);
  const website = websiteLink(websiteURL);
  const hasBio = Boolean(bio?.trim());
  return (
    <>
      {birthYear || place ? (
        <p className={`${prefix}-facts`}>
          {birthYear ? <span>b. {birthYear}</span> : null}
          {place ? <span>{place}</span> : null}
        </p>
      ) : null}
      <p className={hasBio ? `${prefix}-bio` : `${prefix}-bio ${prefix}-bio-empty`}>
        {hasBio ? bio : noBio}
      </p>
      {instagram || website ? (
        <ul className={`${prefix}-links`}>
          {instagram ? (
            <li>
              <span className={`${prefix}-link-kind`}>Instagram</span>
              <a href={instagram.href} target="_blank" rel="noopener noreferrer">
                {instagram.label}
                <span className="visually-hidden"> on Instagram (opens in a new tab)</span>
              </a>
            </li>
          ) : null}
          {website ? (
            <li>
              <span className={`${prefix}-link-kind`}>Website</span>
              <a href={website.href} target="_blank" rel="noopener noreferrer">
                {website.label}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          ) : null}
        </ul>
      ) : null}
    </>
  );
}
