/**
 * The plain values of the search contract (search.contract.ts re-exports them): no zod,
 * so the marketplace page reads its URL without downloading the schemas
 * (decision 0034).
 */

/** Text searches count their matches up to this many; more is "1,000+" (decision 0032). */
export const SEARCH_COUNT_LIMIT = 1000;

/**
 * The orders of the marketplace: `featured` is the SPEC's curated order (with
 * text, relevance), the default; `newest` lists the latest first; the price orders put
 * works without a price (offers only) last.
 */
export const SEARCH_SORTS = ["featured", "newest", "price_asc", "price_desc"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export function isSearchSort(value: string): value is SearchSort {
  return (SEARCH_SORTS as readonly string[]).includes(value);
}

/** `available=true` (or `1`) hides sold works; `false`, `0`, empty or absent shows them. */
export function parseAvailable(value: string | undefined): boolean | undefined {
  const v = (value ?? "").trim().toLowerCase();
  if (v === "true" || v === "1") return true;
  if (v === "false" || v === "0" || v === "") return false;
  return undefined;
}
