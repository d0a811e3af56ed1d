import { describe, expect, it } from "vitest";
import { PRICE_RANGES, isPriceRangeIndex, priceRangeOf } from "./price-ranges";

describe("price ranges (SPEC §9)", () => {
  it("has the six labels in order", () => {
    expect(PRICE_RANGES.map((r) => r.label)).toEqual([
      "Under $100",
      "$100-$500",
      "$500-$1,000",
      "$1,000-$5,000",
      "$5,000-$10,000",
      "Over $10,000",
    ]);
  });

  it.each([
    [0, 0],
    [9_999, 0],
    [10_000, 1],
    [49_999, 1],
    [50_000, 2],
    [99_999, 2],
    [100_000, 3],
    [499_999, 3],
    [500_000, 4],
    [999_999, 4],
    [1_000_000, 5],
    [250_000_000, 5],
  ])("%i cents is in range %i; each boundary belongs to the range above", (cents, index) => {
    expect(priceRangeOf(cents)).toBe(index);
  });

  it("puts no price (offers only) in no range", () => {
    expect(priceRangeOf(null)).toBeUndefined();
    expect(priceRangeOf(undefined)).toBeUndefined();
    expect(priceRangeOf(-1)).toBeUndefined();
  });

  it("leaves no gaps and no overlaps", () => {
    for (let i = 1; i < PRICE_RANGES.length; i++) {
      expect(PRICE_RANGES[i]?.minCents).toBe(PRICE_RANGES[i - 1]?.maxCents);
    }
  });

  it("knows its indexes", () => {
    expect([0, 5].map(isPriceRangeIndex)).toEqual([true, true]);
    expect([-1, 6, 1.5].map(isPriceRangeIndex)).toEqual([false, false, false]);
  });
});
