/** One card of the marketplace grid. Money in cents. */
export type ArtworkHit = {
  id: string;
  title: string;
  createdYear: number | null;
  price: number | null;
  isForSale: boolean;
  imageThumbnail: string | null;
  imageMedium: string | null;
  imageOriginal: string | null;
  width: number;
  height: number;
  artist: { id: string; displayName: string };
};

export type FacetCounts = {
  cities: Record<string, number>;
  categories: Record<string, number>;
  priceRanges: Record<string, number>;
};

export type SearchResult = {
  hits: ArtworkHit[];
  page: number;
  nbPages: number;
  nbHits: number;
  hitsPerPage: number;
  facets: FacetCounts;
};
