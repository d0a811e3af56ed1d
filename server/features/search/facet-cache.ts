import type { FacetCounts } from "../../../contracts/search.contract";

/**
 * Facet counts (and the total) of the searches without text, kept per filter
 * combination under the catalogue version they were counted at. Counting visits
 * every listed artwork (about 200–300 ms at 100,000 artworks), while the hits of
 * the same page take about 10 ms; the home page and its filter combinations are
 * asked again and again between catalogue changes, so most visits reuse a count.
 * The version comes from the catalogue_version row that triggers keep (migration
 * 0004), so a count is never reused after a change, by this process or another.
 */
export type CountedFacets = { nbHits: number; facets: FacetCounts };

export type FacetCache = {
  get(key: string, version: string): CountedFacets | undefined;
  set(key: string, version: string, counted: CountedFacets): void;
  readonly size: number;
};

/** Filter combinations remembered; the least recently used one goes first. */
export const FACET_CACHE_ENTRIES = 500;

export function createFacetCache(maxEntries: number = FACET_CACHE_ENTRIES): FacetCache {
  const entries = new Map<string, { version: string; counted: CountedFacets }>();
  return {
    get(key, version) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.version !== version) {
        entries.delete(key);
        return undefined;
      }
      // Map order is insertion order: moving the entry to the end marks it recently used.
      entries.delete(key);
      entries.set(key, entry);
      return entry.counted;
    },
    set(key, version, counted) {
      entries.delete(key);
      entries.set(key, { version, counted });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * The same filters in any order are the same count. `available` is part of the key
 * though the search service keeps only the counts of every work (an available-only
 * search subtracts the works not available from them, since a sale does not move the
 * version): should that change, one choice's counts can never be served for the other.
 * The order (`sort`) is not: it changes no count.
 */
export function facetCacheKey(filters: {
  cities: string[];
  categories: string[];
  priceRanges: number[];
  available: boolean;
}): string {
  return JSON.stringify([
    [...filters.cities].sort(),
    [...filters.categories].sort(),
    [...filters.priceRanges].sort((a, b) => a - b),
    filters.available,
  ]);
}
