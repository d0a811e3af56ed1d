import type { MetaDescriptor } from "react-router";
import { absoluteUrl } from "../../lib/image-urls";
import { shortDescription } from "../../lib/meta";
import { instagramLink, websiteLink } from "../../lib/social-links";
import type { ArtistPage } from "../../../contracts/artists.contract";
import type { ArtistReviews } from "../../../contracts/reviews.contract";

/**
 * Title, description, Open Graph and schema.org ProfilePage/Person of an artist profile.
 * The buyers' rating is there only when the page shows it (REVIEWS_SHOWN_FROM reviews):
 * on the ProfilePage, about the Person (schema.org has no rating on a Person itself).
 */
export function artistMeta(
  origin: string,
  artist: ArtistPage,
  reviews?: ArtistReviews,
): MetaDescriptor[] {
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
        ...(reviews?.shown && reviews.average !== null
          ? {
              aggregateRating: {
                "@type": "AggregateRating",
                ratingValue: reviews.average,
                reviewCount: reviews.count,
                bestRating: 5,
                worstRating: 1,
                itemReviewed: { "@type": "Person", name: artist.displayName, url },
              },
            }
          : {}),
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
