import type { MetaDescriptor } from "react-router";
import {
  artistNameText,
  categoryLabel,
  materialsText,
  priceText,
  sizeText,
  titleText,
} from "../../../domain/display";
import type { ArtworkDetail } from "../../../contracts/artworks.contract";
import { absoluteUrl } from "../../lib/image-urls";
import { shortDescription } from "../../lib/meta";
import { carouselImages } from "../../components/artwork-images";

function inches(value: number) {
  return { "@type": "QuantitativeValue", value, unitCode: "INH", unitText: "inches" };
}

/** schema.org VisualArtwork with its offer. React Router escapes `<` when it writes it. */
export function artworkJsonLd(origin: string, artwork: ArtworkDetail): Record<string, unknown> {
  const url = `${origin}/artwork/${artwork.id}`;
  const images = carouselImages(artwork)
    .map((image) => absoluteUrl(origin, image.src))
    .filter((image): image is string => image !== null);
  return {
    "@context": "https://schema.org",
    "@type": "VisualArtwork",
    name: titleText(artwork.title),
    url,
    ...(images.length ? { image: images } : {}),
    creator: {
      "@type": "Person",
      name: artistNameText(artwork.artist.displayName),
      url: `${origin}/artist/${artwork.artist.id}`,
    },
    ...(artwork.createdYear ? { dateCreated: String(artwork.createdYear) } : {}),
    ...(artwork.materials.trim() ? { artMedium: artwork.materials } : {}),
    ...(artwork.categories.length
      ? { artform: artwork.categories.map((c) => categoryLabel(c.name)).join(", ") }
      : {}),
    ...(artwork.width > 0 && artwork.height > 0
      ? { width: inches(artwork.width), height: inches(artwork.height) }
      : {}),
    ...(artwork.depth > 0 ? { depth: inches(artwork.depth) } : {}),
    ...(artwork.description.trim() ? { description: artwork.description } : {}),
    // Offers only (decision 0030): no price is asked, so no Offer is advertised.
    ...(artwork.price !== null && !artwork.offersOnly
      ? {
          offers: {
            "@type": "Offer",
            url,
            price: (artwork.price / 100).toFixed(2),
            priceCurrency: "USD",
            availability: artwork.isForSale
              ? "https://schema.org/InStock"
              : "https://schema.org/SoldOut",
          },
        }
      : {}),
  };
}

/** Title, description, Open Graph tags and JSON-LD of an artwork page. */
export function artworkMeta(origin: string, artwork: ArtworkDetail): MetaDescriptor[] {
  const title = titleText(artwork.title);
  const artist = artistNameText(artwork.artist.displayName);
  const heading = `${title} by ${artist}`;
  const url = `${origin}/artwork/${artwork.id}`;
  const [first] = carouselImages(artwork);
  const image = first ? absoluteUrl(origin, first.src) : null;
  const facts = [materialsText(artwork.materials), sizeText(artwork)];
  const price = artwork.isForSale
    ? priceText(artwork.price)
    : artwork.offersOnly
      ? "Open to offers"
      : "Sold";
  if (price) facts.push(price);
  const description = artwork.description.trim()
    ? shortDescription(artwork.description)
    : `${heading}. ${facts.join(", ")}.`;
  return [
    { title: `${heading} · Vernissage` },
    { name: "description", content: description },
    { property: "og:title", content: heading },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:url", content: url },
    ...(image
      ? [
          { property: "og:image", content: image },
          { property: "og:image:alt", content: heading },
          { name: "twitter:card", content: "summary_large_image" },
        ]
      : []),
    { tagName: "link", rel: "canonical", href: url },
    { "script:ld+json": artworkJsonLd(origin, artwork) },
  ];
}
