import { describe, expect, it } from "vitest";
import {
  MAX_QUERY_LENGTH,
  parseMarketplaceQuery,
  searchApiPath,
  toSearchString,
  withoutUnknownIds,
} from "./marketplace-query";

const AUSTIN = "0b6b3c64-1d8e-4d3c-9d58-0f6a3f0b1a01";
const MIAMI = "7f0c2e11-52aa-4b7e-8a55-2d9e4b6c9a02";
const PAINTING = "c3d5e7f9-1a2b-4c3d-8e4f-5a6b7c8d9e03";

function parse(search: string) {
  return parseMarketplaceQuery(new URLSearchParams(search));
}

describe("parseMarketplaceQuery", () => {
  it("reads the text and the comma-separated filters", () => {
    expect(
      parse(`?q=%20lighth%20&cities=${AUSTIN},${MIAMI}&priceRanges=3,1&categories=${PAINTING}`),
    ).toEqual({
      query: {
        q: "lighth",
        selection: { cities: [AUSTIN, MIAMI], priceRanges: ["1", "3"], categories: [PAINTING] },
      },
      dropped: false,
    });
  });

  it("is the empty view for no parameters, and ignores parameters it does not know", () => {
    expect(parse("?utm_source=mail&page=4")).toEqual({
      query: { q: "", selection: {} },
      dropped: false,
    });
  });

  it("lowercases ids, removes repeats and empty parts, and accepts repeated parameters", () => {
    const { query, dropped } = parse(
      `?cities=${AUSTIN.toUpperCase()},,${AUSTIN}&cities=${MIAMI}&priceRanges=2,2`,
    );
    expect(query.selection).toEqual({ cities: [AUSTIN, MIAMI], priceRanges: ["2"] });
    expect(dropped).toBe(false);
  });

  it("leaves out what the search cannot use, and says so", () => {
    const { query, dropped } = parse(
      `?cities=austin,${AUSTIN}&categories=1'%20or%201=1&priceRanges=6,-1,01,x,4`,
    );
    expect(query.selection).toEqual({ cities: [AUSTIN], priceRanges: ["4"] });
    expect(dropped).toBe(true);
  });

  it("cuts an over-long text to what the search accepts", () => {
    const { query, dropped } = parse(`?q=${"a".repeat(MAX_QUERY_LENGTH + 5)}`);
    expect(query.q).toHaveLength(MAX_QUERY_LENGTH);
    expect(dropped).toBe(true);
  });
});

describe("toSearchString", () => {
  it("writes the canonical, readable URL: Cities, Price, Categories, commas kept", () => {
    expect(
      toSearchString({
        q: "blue hour & co",
        selection: { categories: [PAINTING], priceRanges: ["0", "5"], cities: [MIAMI] },
      }),
    ).toBe(`?q=blue%20hour%20%26%20co&cities=${MIAMI}&priceRanges=0,5&categories=${PAINTING}`);
  });

  it("is empty for the plain marketplace", () => {
    expect(toSearchString({ q: "  ", selection: {} })).toBe("");
    expect(toSearchString({ q: "", selection: { cities: [] } })).toBe("");
  });

  it("round-trips through the parser", () => {
    const query = { q: "Ferry, evening", selection: { cities: [AUSTIN], priceRanges: ["2"] } };
    expect(parse(toSearchString(query)).query).toEqual(query);
  });
});

describe("searchApiPath", () => {
  it("asks the API for one page of 30", () => {
    expect(searchApiPath({ q: "", selection: {} }, 1)).toBe(
      "/api/artworks/search?page=1&hitsPerPage=30",
    );
    expect(searchApiPath({ q: "sea", selection: { cities: [AUSTIN] } }, 2)).toBe(
      `/api/artworks/search?q=sea&cities=${AUSTIN}&page=2&hitsPerPage=30`,
    );
  });
});

describe("withoutUnknownIds", () => {
  it("drops cities and categories the catalog does not have", () => {
    const known = { cities: new Set([AUSTIN]), categories: new Set<string>() };
    expect(
      withoutUnknownIds(
        {
          q: "x",
          selection: { cities: [AUSTIN, MIAMI], categories: [PAINTING], priceRanges: ["1"] },
        },
        known,
      ),
    ).toEqual({
      query: { q: "x", selection: { cities: [AUSTIN], priceRanges: ["1"] } },
      dropped: true,
    });
  });

  it("changes nothing when every id is known", () => {
    const known = { cities: new Set([AUSTIN]), categories: new Set([PAINTING]) };
    const query = { q: "", selection: { cities: [AUSTIN], categories: [PAINTING] } };
    expect(withoutUnknownIds(query, known)).toEqual({ query, dropped: false });
  });
});
