import { describe, expect, it } from "vitest";
import {
  ALERT_NAME_MAX,
  alertSearchPath,
  alertSummary,
  hasSearch,
  suggestedAlertName,
} from "./alert-search";

const lagos = "11111111-1111-4111-8111-111111111111";
const painting = "22222222-2222-4222-8222-222222222222";
const catalog = {
  cities: [{ id: lagos, name: "Lagos" }],
  categories: [{ id: painting, name: "painting" }],
};
const empty = { q: "", cities: [], categories: [], priceRanges: [] };

describe("alert search", () => {
  it("needs text or a filter", () => {
    expect(hasSearch(empty)).toBe(false);
    expect(hasSearch({ ...empty, q: "  " })).toBe(false);
    expect(hasSearch({ ...empty, q: "sea" })).toBe(true);
    expect(hasSearch({ ...empty, priceRanges: [0] })).toBe(true);
  });

  it("says the search in the chips' order, and skips ids the catalog lost", () => {
    const search = {
      q: " harbour ",
      cities: [lagos, "33333333-3333-4333-8333-333333333333"],
      categories: [painting],
      priceRanges: [1],
    };
    expect(alertSummary(search, catalog)).toBe("“harbour” · Lagos · $100-$500 · Painting");
    expect(suggestedAlertName(search, catalog)).toBe("harbour · Lagos · $100-$500 · Painting");
  });

  it("cuts a long suggested name to what the server takes", () => {
    const name = suggestedAlertName({ ...empty, q: "w".repeat(200) }, catalog);
    expect(name).toHaveLength(ALERT_NAME_MAX);
    expect(name.endsWith("…")).toBe(true);
  });

  it("links to the marketplace with the API's parameter names", () => {
    expect(alertSearchPath(empty)).toBe("/");
    expect(
      alertSearchPath({ q: "sea & sky", cities: [lagos], categories: [], priceRanges: [0, 5] }),
    ).toBe(`/?q=sea+%26+sky&cities=${lagos}&priceRanges=0%2C5`);
  });
});
