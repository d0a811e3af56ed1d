import { z } from "zod";
import { PRICE_RANGES } from "../../../domain/price-ranges";

export const DEFAULT_HITS_PER_PAGE = 30;
export const MAX_HITS_PER_PAGE = 100;
/** Relevance-ordered results stop here, as in hosted search (Algolia's paginationLimitedTo). */
export const RELEVANCE_LIMIT = 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function idList(label: string) {
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      const ids = [
        ...new Set(
          (v ?? "")
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      for (const id of ids) {
        if (!UUID.test(id)) {
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

/** `GET /api/artworks/search` query: comma-separated ids, price ranges by index 0–5. */
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
      const parts = [
        ...new Set(
          (v ?? "")
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
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
  page: wholeNumber("page", 0, 10_000, 0),
  hitsPerPage: wholeNumber("hitsPerPage", 1, MAX_HITS_PER_PAGE, DEFAULT_HITS_PER_PAGE),
});

export type SearchQuery = z.output<typeof searchQuerySchema>;

/** Words of the search text, for the full-text query (letters and digits only). */
export function searchWords(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

/** "lighth at" → "lighth:* & at:*": every word, each as a prefix. */
export function prefixTsQuery(words: string[]): string {
  return words.map((w) => `${w}:*`).join(" & ");
}
