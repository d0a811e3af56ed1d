import { describe, expect, it } from "vitest";
import {
  MAX_QUERY_LENGTH,
  parseMarketplaceQuery,
  searchApiPath,
  toSearchQuery,
  toSearchString,
  withAvailable,
  withSort,
  withoutUnknownIds,
} from "./marketplace-query";
import { searchQuerySchema } from "../../../contracts/search.contract";

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

describe("order and Available only in the URL", () => {
  it("reads sort and available=true, and leaves the defaults out of the view", () => {
    expect(parse(`?q=sea&sort=price_desc&available=true`)).toEqual({
      query: { q: "sea", selection: {}, sort: "price_desc", available: true },
      dropped: false,
    });
    // The order form without script sends sort=featured: the default, said out loud.
    expect(parse("?sort=featured")).toEqual({ query: { q: "", selection: {} }, dropped: false });
    expect(parse("?sort=")).toEqual({ query: { q: "", selection: {} }, dropped: false });
  });

  it("leaves out an unknown order, and says so", () => {
    for (const sort of ["popular", "NEWEST", "newest\u0000", "x".repeat(5000)]) {
      expect(parse(`?${new URLSearchParams({ sort })}`)).toEqual({
        query: { q: "", selection: {} },
        dropped: true,
      });
    }
  });

  it("takes available=1 but asks for the one spelling, and drops false or a bad value", () => {
    expect(parse("?available=1")).toEqual({
      query: { q: "", selection: {}, available: true },
      dropped: true,
    });
    for (const value of ["false", "0", "", "yes"]) {
      expect(parse(`?available=${value}`)).toEqual({
        query: { q: "", selection: {} },
        dropped: true,
      });
    }
  });

  it("writes sort and available after the filters, and round-trips", () => {
    const query = {
      q: "sea",
      selection: { cities: [AUSTIN] },
      sort: "newest" as const,
      available: true as const,
    };
    expect(toSearchString(query)).toBe(`?q=sea&cities=${AUSTIN}&sort=newest&available=true`);
    expect(parse(toSearchString(query))).toEqual({ query, dropped: false });
    expect(toSearchString({ q: "", selection: {}, available: true })).toBe("?available=true");
  });

  it("changes the order or the switch and keeps the rest; the defaults leave the URL", () => {
    const base = { q: "sea", selection: { cities: [AUSTIN] } };
    expect(withSort(base, "price_asc")).toEqual({ ...base, sort: "price_asc" });
    expect(withSort({ ...base, sort: "newest" }, "featured")).toEqual(base);
    expect(withAvailable(base, true)).toEqual({ ...base, available: true });
    expect(withAvailable({ ...base, available: true, sort: "newest" }, false)).toEqual({
      ...base,
      sort: "newest",
    });
  });

  it("Load More asks the API for the next page in the same order, and the API accepts it", () => {
    const path = searchApiPath({ q: "", selection: {}, sort: "price_asc", available: true }, 1);
    expect(path).toBe("/api/artworks/search?sort=price_asc&available=true&page=1&hitsPerPage=30");
    const params = Object.fromEntries(new URL(path, "http://x").searchParams);
    expect(searchQuerySchema.parse(params)).toMatchObject({
      sort: "price_asc",
      available: true,
      page: 1,
    });
  });

  it("keeps the order when unknown ids are dropped", () => {
    const known = { cities: new Set<string>(), categories: new Set<string>() };
    const query = { q: "", selection: { cities: [AUSTIN] }, sort: "newest" as const };
    expect(withoutUnknownIds(query, known)).toEqual({
      query: { q: "", selection: {}, sort: "newest" },
      dropped: true,
    });
  });
});

describe("toSearchQuery", () => {
  it("hands the search what the contract would read from the same URL, without reading it again", () => {
    const upper = MIAMI.toUpperCase();
    for (const search of [
      "",
      `?q=%20sea%20&cities=${AUSTIN},${upper},${AUSTIN}&categories=${PAINTING}`,
      "?priceRanges=3,0,3&sort=price_desc&available=true",
      "?sort=featured&available=false",
    ]) {
      const params = new URLSearchParams(search);
      const contract = searchQuerySchema.parse({
        ...Object.fromEntries(params),
        page: "2",
        hitsPerPage: "30",
      });
      expect(toSearchQuery(parse(search).query, 2)).toEqual(contract);
    }
  });
});
