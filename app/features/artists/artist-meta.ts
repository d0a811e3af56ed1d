import type { MetaDescriptor } from "react-router";
import { absoluteUrl } from "../../lib/image-urls";
import { shortDescription } from "../../lib/meta";
import { instagramLink, websiteLink } from "../../lib/social-links";
import type { ArtistPage } from "../../../contracts/artists.contract";

/** Title, description, Open Graph and schema.org ProfilePage/Person of an artist profile. */
export function artistMeta(origin: string, artist: ArtistPage): MetaDescriptor[] {
  const url = `${origin}/artist/${artist.id}`;
  const image = absoluteUrl(origin, artist.profilePhoto);
  const place = artist.location || artist.city;
  const description = artist.bio?.trim()
    ? shortDescription(artist.bio)
    : `${artist.displayName}${place ? `, ${place}` : ""}: original artworks on Vernissage.`;
  const sameAs = [
    instagramLink(artist.instagramHandle)?.href,
    websiteLink(artist.websiteURL)?.href,
  ].filter((link): link is string => Boolean(link));
  return [
    { title: `${artist.displayName} · Vernissage` },
    { name: "description", content: description },
    { property: "og:title", content: artist.displayName },
    { property: "og:description", content: description },
    { property: "og:type", content: "profile" },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { tagName: "link", rel: "canonical", href: url },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "ProfilePage",
        url,
        mainEntity: {
          "@type": "Person",
          name: artist.displayName,
          url,
          jobTitle: "Artist",
          ...(artist.bio ? { description: artist.bio } : {}),
          ...(artist.birthYear ? { birthDate: String(artist.birthYear) } : {}),
          ...(place ? { homeLocation: { "@type": "Place", name: place } } : {}),
          ...(image ? { image } : {}),
          ...(sameAs.length ? { sameAs } : {}),
        },
      },
    },
  ];
}
