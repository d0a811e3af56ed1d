import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { findUnknownIds } from "../catalog/catalog.api";
import type { SearchQuery, SearchResult } from "../../../contracts/search.contract";
import { RELEVANCE_LIMIT, prefixTsQuery, searchWords } from "./search-text";
import { searchArtworks } from "./search.repository";

export type SearchDeps = { db: Database };

/**
 * A search: one page of hits, the total and the facet counts. Without text the counts
 * are the ones the catalogue's transactions keep (migration 0020), exact and never
 * recounted; with text they are counted up to COUNT_LIMIT, and a larger total is said
 * to be one (exhaustiveNbHits false). Decision 0032. An id that names no city or
 * category is refused.
 */
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
  return searchKnownIds(deps, query);
}

/**
 * The same search for a caller that has checked the city and category ids itself (the
 * marketplace page, against the catalogue it reads for its filters), so they are not
 * looked up twice.
 */
export async function searchKnownIds(deps: SearchDeps, query: SearchQuery): Promise<SearchResult> {
  const words = searchWords(query.q);
  const empty = { cities: {}, categories: {}, priceRanges: {} };
  const base = { page: query.page, hitsPerPage: query.hitsPerPage };
  const exact = { exhaustiveNbHits: true, exhaustiveFacetsCount: true };
  // Text with nothing searchable in it ("!!!") finds nothing, rather than everything.
  if (query.q && words.length === 0)
    return { ...base, hits: [], nbHits: 0, nbPages: 0, facets: empty, ...exact };

  const text = words.length ? { tsquery: prefixTsQuery(words), text: words.join(" ") } : null;
  const filters = {
    cities: query.cities,
    categories: query.categories,
    priceRanges: query.priceRanges,
    available: query.available,
  };
  // One page of hits plus the total and the facet counts. No transaction: each statement
  // reads what is committed when it starts, as it would inside one at READ COMMITTED, and
  // the trigram threshold is a session setting (decision 0040). Past RELEVANCE_LIMIT the
  // ranked candidates simply run out: no hits there.
  const result = await searchArtworks(deps.db, {
    text,
    filters,
    offset: query.page * query.hitsPerPage,
    limit: query.hitsPerPage,
    sort: query.sort,
  });
  const pageable = text ? Math.min(result.nbHits, RELEVANCE_LIMIT) : result.nbHits;
  return {
    ...base,
    hits: result.hits,
    nbHits: result.nbHits,
    nbPages: Math.ceil(pageable / query.hitsPerPage),
    facets: result.facets,
    exhaustiveNbHits: result.exhaustiveNbHits,
    exhaustiveFacetsCount: result.exhaustiveFacetsCount,
  };
}
