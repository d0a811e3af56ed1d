import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { findUnknownIds } from "../catalog/catalog.repository";
import type { SearchQuery, SearchResult } from "../../../contracts/search.contract";
import { type CountedFacets, type FacetCache, facetCacheKey } from "./facet-cache";
import { RELEVANCE_LIMIT, prefixTsQuery, searchWords } from "./search-text";
import {
  type SearchSelection,
  countSearchFacets,
  countUnavailableFacets,
  findSearchHits,
  readCatalogueVersion,
  selectSearch,
} from "./search.repository";

/** One facet cache per process (built in server/services.ts), so test databases never share counts. */
export type SearchDeps = { db: Database; facetCache: FacetCache };

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * The counts of a search. Without text they depend on the filters and the catalogue
 * only, so they are kept under the catalogue version; with text they depend on the
 * words too and are bounded by the matches: not kept. The order (`sort`) never changes
 * a count.
 *
 * An available-only search without text cannot keep its own: a sale changes them, and
 * sales do not move the catalogue version (decision 0018: the checkout never waits for
 * its row), so a kept count would still hold a work after it sold. It takes the kept
 * counts of every work instead and subtracts the works not available now, counted
 * each time: exact, since everything else those counts depend on moves the version.
 */
async function facetCounts(
  deps: SearchDeps,
  tx: Tx,
  selection: SearchSelection,
): Promise<CountedFacets> {
  if (selection.text) return countSearchFacets(tx, selection);
  if (!selection.filters.available) return keptCounts(deps, tx, selection);
  const everyWork = { ...selection, filters: { ...selection.filters, available: false } };
  const all = await keptCounts(deps, tx, everyWork);
  return subtractCounts(all, await countUnavailableFacets(tx, selection));
}

async function keptCounts(
  deps: SearchDeps,
  tx: Tx,
  selection: SearchSelection,
): Promise<CountedFacets> {
  const key = facetCacheKey(selection.filters);
  // Read before the counts, in the same transaction: a change committed meanwhile is
  // recounted next time.
  const version = await readCatalogueVersion(tx);
  const kept = deps.facetCache.get(key, version);
  if (kept) return kept;
  const counted = await countSearchFacets(tx, selection);
  deps.facetCache.set(key, version, counted);
  return counted;
}

/** Counts less counts, by facet and key; a key counted down to nothing is left out, as a count leaves it. */
function subtractCounts(all: CountedFacets, gone: CountedFacets): CountedFacets {
  const facets: CountedFacets["facets"] = { cities: {}, categories: {}, priceRanges: {} };
  for (const type of ["cities", "categories", "priceRanges"] as const) {
    for (const [key, n] of Object.entries(all.facets[type])) {
      const left = n - (gone.facets[type][key] ?? 0);
      if (left > 0) facets[type][key] = left;
    }
  }
  return { nbHits: all.nbHits - gone.nbHits, facets };
}

export async function search(deps: SearchDeps, query: SearchQuery): Promise<SearchResult> {
  const unknown = await findUnknownIds(deps.db, {
    cities: query.cities,
    categories: query.categories,
  });
  if (unknown.cities.length)
    throw new AppError("BAD_REQUEST", 400, `Unknown city id: ${unknown.cities.join(", ")}`);
  if (unknown.categories.length) {
    throw new AppError("BAD_REQUEST", 400, `Unknown category id: ${unknown.categories.join(", ")}`);
  }
  const words = searchWords(query.q);
  const empty = { cities: {}, categories: {}, priceRanges: {} };
  const base = { page: query.page, hitsPerPage: query.hitsPerPage };
  // Text with nothing searchable in it ("!!!") finds nothing, rather than everything.
  if (query.q && words.length === 0)
    return { ...base, hits: [], nbHits: 0, nbPages: 0, facets: empty };

  const text = words.length ? { tsquery: prefixTsQuery(words), text: words.join(" ") } : null;
  const filters = {
    cities: query.cities,
    categories: query.categories,
    priceRanges: query.priceRanges,
    available: query.available,
  };
  // One page of hits plus the total and the facet counts, in one transaction.
  const result = await deps.db.transaction(async (tx) => {
    const selection = await selectSearch(tx, text, filters);
    // Past RELEVANCE_LIMIT the ranked candidates simply run out: no hits there.
    const hits = await findSearchHits(tx, selection, {
      offset: query.page * query.hitsPerPage,
      limit: query.hitsPerPage,
      sort: query.sort,
    });
    return { hits, ...(await facetCounts(deps, tx, selection)) };
  });
  const pageable = text ? Math.min(result.nbHits, RELEVANCE_LIMIT) : result.nbHits;
  return {
    ...base,
    hits: result.hits,
    nbHits: result.nbHits,
    nbPages: Math.ceil(pageable / query.hitsPerPage),
    facets: result.facets,
  };
}
