import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { findUnknownIds } from "../catalog/catalog.repository";
import type { SearchQuery, SearchResult } from "../../../contracts/search.contract";
import { RELEVANCE_LIMIT, prefixTsQuery, searchWords } from "./search-text";
import { searchArtworks } from "./search.repository";

export async function search(db: Database, query: SearchQuery): Promise<SearchResult> {
  const unknown = await findUnknownIds(db, { cities: query.cities, categories: query.categories });
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
  // Past RELEVANCE_LIMIT the ranked candidates simply run out: no hits there.
  const result = await searchArtworks(db, {
    text,
    filters: query,
    offset: query.page * query.hitsPerPage,
    limit: query.hitsPerPage,
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
