import { describe, expect, it } from "vitest";
import { createFacetCache, facetCacheKey } from "./facet-cache";

const counted = (nbHits: number) => ({
  nbHits,
  facets: { cities: {}, categories: {}, priceRanges: { "0": nbHits } },
});

describe("facet cache", () => {
  it("gives back a count only under the version it was counted at", () => {
    const cache = createFacetCache();
    cache.set("k", "7", counted(3));
    expect(cache.get("k", "7")).toEqual(counted(3));
    expect(cache.get("k", "8")).toBeUndefined();
    // A stale entry is dropped, not kept for an older version.
    expect(cache.get("k", "7")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("forgets the least recently used combination first", () => {
    const cache = createFacetCache(2);
    cache.set("a", "1", counted(1));
    cache.set("b", "1", counted(2));
    expect(cache.get("a", "1")).toEqual(counted(1));
    cache.set("c", "1", counted(3));
    expect(cache.get("b", "1")).toBeUndefined();
    expect(cache.get("a", "1")).toEqual(counted(1));
    expect(cache.get("c", "1")).toEqual(counted(3));
    expect(cache.size).toBe(2);
  });

  it("keys the same filters in any order alike, and different filters apart", () => {
    const none = { cities: [], categories: [], priceRanges: [], available: false };
    const one = facetCacheKey({
      ...none,
      cities: ["b", "a"],
      categories: ["x"],
      priceRanges: [5, 1],
    });
    const two = facetCacheKey({
      ...none,
      cities: ["a", "b"],
      categories: ["x"],
      priceRanges: [1, 5],
    });
    expect(one).toBe(two);
    expect(facetCacheKey({ ...none, cities: ["a"] })).not.toBe(
      facetCacheKey({ ...none, categories: ["a"] }),
    );
    expect(facetCacheKey({ ...none, available: true })).not.toBe(facetCacheKey(none));
  });
});
