/**
 * The six price filters of SPEC §9, chosen by index. Bounds are USD cents, the
 * minimum inclusive and the maximum exclusive, so $100.00 exactly is in
 * "$100-$500" and every price is in exactly one range. The search's kept counts write the
 * bounds once more in SQL (search_price_range, migration 0020; decision 0032): change both.
 */
export const PRICE_RANGES = [
  { index: 0, label: "Under $100", minCents: 0, maxCents: 10_000 },
  { index: 1, label: "$100-$500", minCents: 10_000, maxCents: 50_000 },
  { index: 2, label: "$500-$1,000", minCents: 50_000, maxCents: 100_000 },
  { index: 3, label: "$1,000-$5,000", minCents: 100_000, maxCents: 500_000 },
  { index: 4, label: "$5,000-$10,000", minCents: 500_000, maxCents: 1_000_000 },
  { index: 5, label: "Over $10,000", minCents: 1_000_000, maxCents: null },
] as const;

export type PriceRange = (typeof PRICE_RANGES)[number];
export type PriceRangeIndex = PriceRange["index"];

/** The range a price falls in; none for a work without a price (offers only). */
export function priceRangeOf(cents: number | null | undefined): PriceRangeIndex | undefined {
  if (cents === null || cents === undefined || cents < 0) return undefined;
  return PRICE_RANGES.find(
    (r) => cents >= r.minCents && (r.maxCents === null || cents < r.maxCents),
  )?.index;
}

export function isPriceRangeIndex(n: number): n is PriceRangeIndex {
  return Number.isInteger(n) && n >= 0 && n < PRICE_RANGES.length;
}
