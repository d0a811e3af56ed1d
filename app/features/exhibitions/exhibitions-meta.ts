import type { MetaDescriptor } from "react-router";
import type { ExhibitionSummary } from "../../../contracts/exhibitions.contract";
import { absoluteUrl } from "../../lib/image-urls";

import { SITE, shortDescription } from "../../lib/meta";

export function exhibitionsListMeta(
  origin: string,
  exhibitions: readonly ExhibitionSummary[],
): MetaDescriptor[] {
  const title = `Exhibitions · ${SITE}`;
  const description =
    "Curated exhibitions of original art on Vernissage: visit them in person or browse the works online.";
  const image = exhibitions.map((e) => absoluteUrl(origin, e.bannerUrl)).find(Boolean);
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:url", content: `${origin}/exhibition` },
    ...(image ? [{ property: "og:image", content: image }] : []),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "ItemList",
        name: "Exhibitions",
        itemListElement: exhibitions.map((e, i) => ({
          "@type": "ListItem",
          position: i + 1,
          url: `${origin}/exhibition/${e.id}`,
          name: e.name,
        })),
      },
    },
  ];
}

/**
 * SPEC §2: the page title becomes the exhibition name, ending "· Vernissage" as every
 * page's does (React Router restores the other page's on leaving).
 */
export function exhibitionMeta(origin: string, exhibition: ExhibitionSummary): MetaDescriptor[] {
  const url = `${origin}/exhibition/${exhibition.id}`;
  const title = `${exhibition.name} · ${SITE}`;
  const image = absoluteUrl(origin, exhibition.bannerUrl);
  const description = shortDescription(exhibition.description || exhibition.address);
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: exhibition.name },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { tagName: "link", rel: "canonical", href: url },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "ExhibitionEvent",
        name: exhibition.name,
        description: exhibition.description,
        url,
        ...(image ? { image } : {}),
        ...(exhibition.startsOn ? { startDate: exhibition.startsOn } : {}),
        ...(exhibition.endsOn ? { endDate: exhibition.endsOn } : {}),
        location: { "@type": "Place", address: exhibition.address },
      },
    },
  ];
}
