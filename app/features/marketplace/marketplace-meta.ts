import { filterChips, type FilterCatalog } from "./marketplace-filters";
import { type MarketplaceQuery, toSearchString, withSort } from "./marketplace-query";

const HOME_TITLE = "Vernissage · Original art, directly from the artists";
const DESCRIPTION =
  "Discover and buy original artworks from independent artists: paintings, photography, prints, sculpture and more. Search by artist or title, and filter by city, price and category.";

type MetaInput =
  | {
      query: MarketplaceQuery;
      catalog: FilterCatalog;
      banner: { imageUrl: string } | null;
      publicUrl: string;
    }
  | undefined;

/** Title, description, Open Graph and JSON-LD (a WebSite with its search) for the marketplace. */
export function marketplaceMeta(data: MetaInput) {
  if (!data) return [{ title: HOME_TITLE }];
  const { query, catalog, banner, publicUrl } = data;
  const parts = [
    ...(query.q ? [`“${query.q}”`] : []),
    ...filterChips(query.selection, catalog).map((chip) => chip.label),
  ];
  const title = parts.length ? `${parts.join(", ")} · Marketplace · Vernissage` : HOME_TITLE;
  // Another order of the same works is the same page for a search engine.
  const url = `${publicUrl}/${toSearchString(withSort(query, "featured"))}`;
  const image = banner ? new URL(banner.imageUrl, `${publicUrl}/`).href : null;
  return [
    { title },
    { name: "description", content: DESCRIPTION },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: parts.length ? title : "Vernissage" },
    { property: "og:description", content: DESCRIPTION },
    { property: "og:type", content: "website" },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "WebSite",
        name: "Vernissage",
        url: `${publicUrl}/`,
        potentialAction: {
          "@type": "SearchAction",
          target: `${publicUrl}/?q={search_term_string}`,
          "query-input": "required name=search_term_string",
        },
      },
    },
  ];
}
