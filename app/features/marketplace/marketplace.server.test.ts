import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import type { SearchQuery, SearchResult } from "../../../contracts/search.contract";
import { loadMarketplace } from "./marketplace.server";

const AUSTIN = "0b6b3c64-1d8e-4d3c-9d58-0f6a3f0b1a01";
const GONE = "7f0c2e11-52aa-4b7e-8a55-2d9e4b6c9a02";
const PAINTING = "c3d5e7f9-1a2b-4c3d-8e4f-5a6b7c8d9e03";

const nothing: SearchResult = {
  hits: [],
  page: 0,
  nbPages: 0,
  nbHits: 0,
  hitsPerPage: 30,
  facets: { cities: {}, categories: {}, priceRanges: {} },
  exhaustiveNbHits: true,
  exhaustiveFacetsCount: true,
};

/** A load context whose search records each call: which one, and with what query. */
function contextRecording({ catalogueFails = false } = {}) {
  const searches: { checksIds: boolean; query: SearchQuery }[] = [];
  const catalogue = (entries: { id: string; name: string }[]) =>
    catalogueFails ? Promise.reject(new Error("down")) : Promise.resolve(entries);
  const discovery = {
    cities: () => catalogue([{ id: AUSTIN, name: "Austin" }]),
    categories: () => catalogue([{ id: PAINTING, name: "Painting" }]),
    activeBanner: () => Promise.resolve(null),
    search: (query: SearchQuery) => {
      searches.push({ checksIds: true, query });
      return Promise.resolve(nothing);
    },
    searchKnownIds: (query: SearchQuery) => {
      searches.push({ checksIds: false, query });
      return Promise.resolve(nothing);
    },
  };
  const logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const context = {
    services: {
      discovery,
      logger,
      auth: { getSessionUser: () => Promise.resolve(null) },
      config: { publicUrl: "http://localhost" },
    },
  } as unknown as AppLoadContext;
  return { context, searches };
}

async function load(context: AppLoadContext, search: string) {
  return loadMarketplace(new Request(`http://localhost/${search}`), context);
}

describe("loadMarketplace", () => {
  it("reads the URL once and checks its ids once, against the catalogue it read", async () => {
    const { context, searches } = contextRecording();
    await load(
      context,
      `?q=sea&cities=${AUSTIN}&priceRanges=1,3&categories=${PAINTING}&sort=newest&available=true`,
    );
    expect(searches).toEqual([
      {
        checksIds: false,
        query: {
          q: "sea",
          cities: [AUSTIN],
          categories: [PAINTING],
          priceRanges: [1, 3],
          sort: "newest",
          available: true,
          page: 0,
          hitsPerPage: 30,
        },
      },
    ]);
  });

  it("drops an id the catalogue no longer has with a redirect, before any search", async () => {
    const { context, searches } = contextRecording();
    const thrown: unknown = await load(context, `?cities=${AUSTIN},${GONE}`).catch(
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe(`/?cities=${AUSTIN}`);
    expect(searches).toEqual([]);
  });

  it("leaves the ids to the search when the catalogue could not be read", async () => {
    const { context, searches } = contextRecording({ catalogueFails: true });
    await load(context, `?cities=${AUSTIN}`);
    expect(searches.map((s) => [s.checksIds, s.query.cities])).toEqual([[true, [AUSTIN]]]);
  });
});
