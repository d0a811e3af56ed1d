import { describe, expect, it } from "vitest";
import { containsNul } from "./text-input";

describe("containsNul", () => {
  it("finds a NUL character in a string, a nested value or a key", () => {
    expect(containsNul("a\u0000b")).toBe(true);
    expect(containsNul({ address: { line1: ["x", "\u0000"] } })).toBe(true);
    expect(containsNul({ ["k\u0000"]: 1 })).toBe(true);
  });

  it("lets everything else through, the escaped text '\\u0000' included", () => {
    expect(containsNul("\\u0000")).toBe(false);
    expect(containsNul({ a: [1, null, true, "é", { b: "c" }] })).toBe(false);
    expect(containsNul(undefined)).toBe(false);
  });
});
