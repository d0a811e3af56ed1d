import type { SearchQuery } from "../../../contracts/search.contract";
import { type SearchSort, isSearchSort, parseAvailable } from "../../../contracts/search.values";
import type { FilterSelection, FilterType } from "../../../domain/filter-selection";
import { PRICE_RANGES } from "../../../domain/price-ranges";
import { isUuid } from "../../../domain/ids";

/**
 * The marketplace's view state, as it lives in the URL (SPEC §2, §4): the search
 * text, the filter selection, the order and "Available only" (decision 0007). The names
 * are the search API's, so a shared link and the API speak the same language:
 * `?q=&cities=&categories=&priceRanges=&sort=&available=true`. The defaults
 * (featured, all works) are left out, of the URL and of this object alike.
 */
export type MarketplaceQuery = {
  q: string;
  selection: FilterSelection;
  sort?: Exclude<SearchSort, "featured">;
  available?: true;
};

/** SPEC §9: the marketplace page size. */
export const PAGE_SIZE = 30;
/** The search API refuses longer text; a longer link is cut to it rather than failing. */
export const MAX_QUERY_LENGTH = 200;

/** The order of the filter buttons and chips (SPEC §2: Cities, Price, Categories). */
export const FILTER_ORDER = [
  "cities",
  "priceRanges",
  "categories",
] as const satisfies readonly FilterType[];

function listParam(params: URLSearchParams, name: string): string[] {
  return params
    .getAll(name)
    .flatMap((value) => value.split(","))
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * Reads the view from a URL leniently: parts the API would refuse (ids that are not
 * ids, unknown price ranges) are left out and reported, so a mangled link still
 * shows the marketplace instead of an error.
 */
export function parseMarketplaceQuery(params: URLSearchParams): {
  query: MarketplaceQuery;
  dropped: boolean;
} {
  let dropped = false;
  const rawQ = (params.get("q") ?? "").trim();
  const q = rawQ.slice(0, MAX_QUERY_LENGTH).trim();
  if (q !== rawQ) dropped = true;

  const selection: FilterSelection = {};
  for (const type of ["cities", "categories"] as const) {
    const ids: string[] = [];
    for (const part of listParam(params, type)) {
      if (!isUuid(part)) dropped = true;
      else if (!ids.includes(part.toLowerCase())) ids.push(part.toLowerCase());
    }
    if (ids.length) selection[type] = ids;
  }
  const ranges: string[] = [];
  for (const part of listParam(params, "priceRanges")) {
    const valid = /^\d$/.test(part) && Number(part) < PRICE_RANGES.length;
    if (!valid) dropped = true;
    else if (!ranges.includes(part)) ranges.push(part);
  }
  if (ranges.length) selection.priceRanges = ranges.sort();
  const query: MarketplaceQuery = { q, selection };

  // sort=featured is the default said out loud (the order form without script sends it).
  const sort = params.get("sort")?.trim() || "featured";
  if (!isSearchSort(sort)) dropped = true;
  else if (sort !== "featured") query.sort = sort;
  const available = params.get("available");
  if (available !== null) {
    const value = parseAvailable(available);
    if (value) query.available = true;
    // "1" and "false" work, but the link reads the one way: available=true or nothing.
    if (value === undefined || available !== "true") dropped = true;
  }
  return { query, dropped };
}

/** The same view with another order; featured, the default, leaves the URL. */
export function withSort(query: MarketplaceQuery, sort: SearchSort): MarketplaceQuery {
  const { sort: _old, ...rest } = query;
  return sort === "featured" ? rest : { ...rest, sort };
}

/** The same view with "Available only" on or off; off, the default, leaves the URL. */
export function withAvailable(query: MarketplaceQuery, available: boolean): MarketplaceQuery {
  const { available: _old, ...rest } = query;
  return available ? { ...rest, available: true } : rest;
}

/** Ids that name no city or category (deleted since the link was shared) are left out. */
export function withoutUnknownIds(
  query: MarketplaceQuery,
  known: { cities: ReadonlySet<string>; categories: ReadonlySet<string> },
): { query: MarketplaceQuery; dropped: boolean } {
  let dropped = false;
  const selection: FilterSelection = { ...query.selection };
  for (const type of ["cities", "categories"] as const) {
    const ids = selection[type];
    if (!ids) continue;
    const kept = ids.filter((id) => known[type].has(id));
    if (kept.length !== ids.length) dropped = true;
    if (kept.length) selection[type] = kept;
    else delete selection[type];
  }
  return { query: { ...query, selection }, dropped };
}

/** The canonical, readable search string ("" for the plain marketplace); commas stay commas. */
export function toSearchString(query: MarketplaceQuery): string {
  const parts: string[] = [];
  const q = query.q.trim();
  if (q) parts.push(`q=${encodeURIComponent(q)}`);
  for (const type of FILTER_ORDER) {
    const ids = query.selection[type];
    if (ids?.length) parts.push(`${type}=${ids.map(encodeURIComponent).join(",")}`);
  }
  if (query.sort) parts.push(`sort=${query.sort}`);
  if (query.available) parts.push("available=true");
  return parts.length ? `?${parts.join("&")}` : "";
}

/**
 * The view as the search's own query, for one page of results read in process. What
 * the lenient read kept is what the contract accepts (ids, ranges 0–5, at most 200
 * characters, a known order), so it goes to the search as it is: the URL is read once.
 */
export function toSearchQuery(query: MarketplaceQuery, page: number): SearchQuery {
  return {
    q: query.q.trim(),
    cities: query.selection.cities ?? [],
    categories: query.selection.categories ?? [],
    priceRanges: (query.selection.priceRanges ?? []).map(Number).sort((a, b) => a - b),
    sort: query.sort ?? "featured",
    available: query.available ?? false,
    page,
    hitsPerPage: PAGE_SIZE,
  };
}

/** The same view as an API request for one page of results. */
export function searchApiPath(query: MarketplaceQuery, page: number): string {
  const search = toSearchString(query);
  const paging = `page=${page}&hitsPerPage=${PAGE_SIZE}`;
  return `/api/artworks/search${search ? `${search}&${paging}` : `?${paging}`}`;
}

export function hasFilters(query: MarketplaceQuery): boolean {
  return FILTER_ORDER.some((type) => (query.selection[type]?.length ?? 0) > 0);
}
