import { describe, expect, it } from "vitest";
import { findState, salesTax, stateCount, taxCents } from "./sales-tax";

describe("findState", () => {
  it("knows the 50 states and DC", () => {
    expect(stateCount()).toBe(51);
  });

  it("finds a state by code or full name, in any case and spacing", () => {
    expect(findState("NY")?.code).toBe("NY");
    expect(findState("ny")?.code).toBe("NY");
    expect(findState(" New York ")?.code).toBe("NY");
    expect(findState("NEW   YORK")?.code).toBe("NY");
    expect(findState("district of columbia")?.code).toBe("DC");
    expect(findState("Ca.")?.code).toBe("CA");
  });

  it("finds nothing for what is not a state", () => {
    expect(findState("")).toBeUndefined();
    expect(findState("Narnia")).toBeUndefined();
    expect(findState("PR")).toBeUndefined();
    expect(findState("N")).toBeUndefined();
  });
});

describe("taxCents", () => {
  it("rounds half a cent up and just under half a cent down", () => {
    // At 6.25%, multiples of 8¢ land on half cents.
    expect(taxCents(8, 62_500)).toBe(1); // 0.5¢ → 1¢
    expect(taxCents(7, 62_500)).toBe(0); // 0.4375¢ → 0¢
    expect(taxCents(24, 62_500)).toBe(2); // 1.5¢ → 2¢
    expect(taxCents(1, 500_000)).toBe(1); // 0.5¢ → 1¢
    expect(taxCents(1, 499_999)).toBe(0); // 0.499999¢ → 0¢
  });

  it("keeps three-decimal rates exact (Minnesota 6.875%)", () => {
    expect(taxCents(10_000, 68_750)).toBe(688); // 687.5¢ → 688¢
    expect(taxCents(100_000, 68_750)).toBe(6_875);
    expect(taxCents(3, 68_750)).toBe(0); // 0.20625¢
  });

  it("is exact on large prices where floats would drift", () => {
    // 7.25% of $1,234,567.89
    expect(taxCents(123_456_789, 72_500)).toBe(8_950_617); // 8,950,617.2025
    expect(taxCents(1_000_000_000, 72_500)).toBe(72_500_000);
  });

  it("charges nothing in states without sales tax", () => {
    expect(taxCents(99_999, 0)).toBe(0);
  });

  it("refuses fractional or negative cents", () => {
    expect(() => taxCents(10.5, 40_000)).toThrow(RangeError);
    expect(() => taxCents(-1, 40_000)).toThrow(RangeError);
  });
});

describe("salesTax", () => {
  it("splits a price into pre-tax, tax and total in cents", () => {
    expect(salesTax(250_000, "NY")).toEqual({
      preTaxAmount: 250_000,
      taxAmount: 10_000,
      totalAmount: 260_000,
    });
    expect(salesTax(19_999, "California")).toEqual({
      preTaxAmount: 19_999,
      taxAmount: 1_450, // 1,449.9275¢
      totalAmount: 21_449,
    });
    expect(salesTax(50_000, "or")).toEqual({
      preTaxAmount: 50_000,
      taxAmount: 0,
      totalAmount: 50_000,
    });
  });

  it("answers null for an unknown state", () => {
    expect(salesTax(1_000, "Ontario")).toBeNull();
  });
});
