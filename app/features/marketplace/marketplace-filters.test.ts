import { describe, expect, it } from "vitest";
import { filterChips, filterOptions, resultCountText } from "./marketplace-filters";

const catalog = {
  cities: [
    { id: "c-austin", name: "Austin" },
    { id: "c-miami", name: "Miami" },
    { id: "c-portland", name: "Portland" },
  ],
  categories: [
    { id: "k-textile", name: "textile_art" },
    { id: "k-digital", name: "digital_art" },
    { id: "k-painting", name: "painting" },
  ],
};
const facets = {
  cities: { "c-austin": 7, "c-portland": 10 },
  categories: { "k-textile": 4, "k-digital": 0, "k-painting": 12 },
  priceRanges: { "0": 3, "3": 20 },
};

describe("filterOptions", () => {
  it("lists the choices with their counts and hides those that would show nothing", () => {
    expect(filterOptions("cities", catalog, facets, [])).toEqual([
      { id: "c-austin", label: "Austin", count: 7 },
      { id: "c-portland", label: "Portland", count: 10 },
    ]);
  });

  it("keeps a chosen choice with no results, so it can be unchecked", () => {
    expect(filterOptions("cities", catalog, facets, ["c-miami"]).map((o) => o.label)).toEqual([
      "Austin",
      "Miami",
      "Portland",
    ]);
  });

  it("names categories with spaces and capitals, in alphabetical order", () => {
    expect(filterOptions("categories", catalog, facets, ["k-digital"])).toEqual([
      { id: "k-digital", label: "Digital Art", count: 0 },
      { id: "k-painting", label: "Painting", count: 12 },
      { id: "k-textile", label: "Textile Art", count: 4 },
    ]);
  });

  it("offers the SPEC's price ranges by index", () => {
    expect(filterOptions("priceRanges", catalog, facets, ["5"])).toEqual([
      { id: "0", label: "Under $100", count: 3 },
      { id: "3", label: "$1,000-$5,000", count: 20 },
      { id: "5", label: "Over $10,000", count: 0 },
    ]);
  });

  it("offers every choice without a number when the counts are not exact (decision 0032)", () => {
    expect(filterOptions("cities", catalog, facets, [], false)).toEqual([
      { id: "c-austin", label: "Austin", count: null },
      { id: "c-miami", label: "Miami", count: null },
      { id: "c-portland", label: "Portland", count: null },
    ]);
  });
});

describe("filterChips", () => {
  it("gives one chip per chosen id, in the order Cities, Price, Categories", () => {
    expect(
      filterChips(
        { categories: ["k-textile"], priceRanges: ["1"], cities: ["c-miami", "c-austin"] },
        catalog,
      ),
    ).toEqual([
      { type: "cities", id: "c-miami", label: "Miami" },
      { type: "cities", id: "c-austin", label: "Austin" },
      { type: "priceRanges", id: "1", label: "$100-$500" },
      { type: "categories", id: "k-textile", label: "Textile Art" },
    ]);
  });

  it("skips ids the catalog does not name", () => {
    expect(filterChips({ cities: ["gone"] }, catalog)).toEqual([]);
  });
});

describe("resultCountText", () => {
  it("counts artworks", () => {
    expect(resultCountText(1)).toBe("1 artwork");
    expect(resultCountText(67)).toBe("67 artworks");
    expect(resultCountText(1200)).toBe("1,200 artworks");
  });

  it("says a total it did not count to the end as 1,000+ (decision 0032)", () => {
    expect(resultCountText(1000, false)).toBe("1,000+ artworks");
    expect(resultCountText(1000, true)).toBe("1,000 artworks");
  });
});
