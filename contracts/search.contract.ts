import { z } from "zod";
import { isUuid } from "../domain/ids";
import { PRICE_RANGES } from "../domain/price-ranges";
import { artworkCardSchema } from "./artworks.contract";
import {
  SEARCH_COUNT_LIMIT,
  SEARCH_SORTS,
  type SearchSort,
  isSearchSort,
  parseAvailable,
} from "./search.values";

export { SEARCH_COUNT_LIMIT, SEARCH_SORTS, type SearchSort, isSearchSort, parseAvailable };

/** `GET /api/artworks/search` (docs/api.md "Search"): the query and the answer. */

export const DEFAULT_HITS_PER_PAGE = 30;
export const MAX_HITS_PER_PAGE = 100;

/** "a, b,,a" → ["a", "b"]: the distinct non-empty parts of a comma-separated parameter. */
function commaList(value: string | undefined): string[] {
  return [
    ...new Set(
      (value ?? "")
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}

function idList(label: string) {
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      const ids = commaList(v);
      for (const id of ids) {
        if (!isUuid(id)) {
          ctx.addIssue({ code: "custom", message: `Unknown ${label} id: ${id}` });
          return z.NEVER;
        }
      }
      return ids.map((id) => id.toLowerCase());
    });
}

function wholeNumber(name: string, min: number, max: number, fallback: number) {
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return fallback;
      const n = Number(v);
      if (!/^-?\d+$/.test(v.trim()) || n < min || n > max) {
        ctx.addIssue({
          code: "custom",
          message: `${name} must be a whole number from ${min} to ${max}.`,
        });
        return z.NEVER;
      }
      return n;
    });
}

/** The query: comma-separated ids, price ranges by index 0–5. */
export const searchQuerySchema = z.object({
  q: z
    .string()
    .max(200, "The search text can be at most 200 characters.")
    .optional()
    .transform((v) => (v ?? "").trim()),
  cities: idList("city"),
  categories: idList("category"),
  priceRanges: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parts = commaList(v);
      const out: number[] = [];
      for (const part of parts) {
        const n = Number(part);
        if (!/^\d+$/.test(part) || n >= PRICE_RANGES.length) {
          ctx.addIssue({
            code: "custom",
            message: `Unknown price range: ${part} (use 0 to ${PRICE_RANGES.length - 1}).`,
          });
          return z.NEVER;
        }
        out.push(n);
      }
      return out.sort((a, b) => a - b);
    }),
  sort: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const sort = (v ?? "").trim();
      if (sort === "") return "featured" as const;
      if (!isSearchSort(sort)) {
        ctx.addIssue({
          code: "custom",
          message: `sort must be one of ${SEARCH_SORTS.join(", ")}.`,
        });
        return z.NEVER;
      }
      return sort;
    }),
  available: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const available = parseAvailable(v);
      if (available === undefined) {
        ctx.addIssue({ code: "custom", message: "available must be true or false." });
        return z.NEVER;
      }
      return available;
    }),
  page: wholeNumber("page", 0, 10_000, 0),
  hitsPerPage: wholeNumber("hitsPerPage", 1, MAX_HITS_PER_PAGE, DEFAULT_HITS_PER_PAGE),
});
export type SearchQuery = z.output<typeof searchQuerySchema>;

const counts = z.record(z.string(), z.number().int().nonnegative());

export const facetCountsSchema = z.object({
  cities: counts,
  categories: counts,
  priceRanges: counts,
});
export type FacetCounts = z.infer<typeof facetCountsSchema>;

export const searchResultSchema = z.object({
  hits: z.array(artworkCardSchema),
  page: z.number().int().nonnegative(),
  nbPages: z.number().int().nonnegative(),
  nbHits: z.number().int().nonnegative(),
  hitsPerPage: z.number().int().positive(),
  facets: facetCountsSchema,
  /**
   * False when a text search matched more than it counts (1,000, decision 0032): nbHits
   * is then that bound, a lower bound, shown as "1,000+". As Algolia's exhaustiveNbHits.
   */
  exhaustiveNbHits: z.boolean(),
  /** False when the facet counts were counted over the first 1,001 matches only: lower bounds. */
  exhaustiveFacetsCount: z.boolean(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
