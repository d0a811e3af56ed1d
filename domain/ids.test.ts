import { describe, expect, it } from "vitest";
import { isUuid } from "./ids";

describe("isUuid", () => {
  it("accepts a UUID in either case", () => {
    expect(isUuid("0b9f5c1e-3c3a-4d7e-9a51-6f1f2d3c4b5a")).toBe(true);
    expect(isUuid("0B9F5C1E-3C3A-4D7E-9A51-6F1F2D3C4B5A")).toBe(true);
  });

  it("refuses anything else", () => {
    for (const value of [
      "",
      "abc",
      "0b9f5c1e3c3a4d7e9a516f1f2d3c4b5a",
      "0b9f5c1e-3c3a-4d7e-9a51-6f1f2d3c4b5a\n",
    ]) {
      expect(isUuid(value)).toBe(false);
    }
  });
});
