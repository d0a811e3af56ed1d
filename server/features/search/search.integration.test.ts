import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../../test/test-app";
import {
  createArtist,
  createArtwork,
  createCategory,
  createCity,
  createUser,
} from "../../test/factories";
import { type SearchResult, searchResultSchema } from "../../../contracts/search.contract";
import { expectContract } from "../../test/contract";

let t: TestApp;
const ids = {} as Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  const [nyc, austin, chicago] = await Promise.all([
    createCity(db, "New York"),
    createCity(db, "Austin"),
    createCity(db, "Chicago"),
  ]);
  const [painting, photography, sculpture] = await Promise.all([
    createCategory(db, "painting"),
    createCategory(db, "photography"),
    createCategory(db, "sculpture"),
  ]);
  Object.assign(ids, {
    nyc: nyc.id,
    austin: austin.id,
    chicago: chicago.id,
    painting: painting.id,
    photography: photography.id,
    sculpture: sculpture.id,
  });
  const marisol = await createArtist(db, {
    firstName: "Marisol",
    lastName: "Vega",
    displayName: "Marisol Vega",
    cityId: nyc.id,
  });
  const ruth = await createArtist(db, {
    firstName: "Ruth",
    lastName: "Adeyemi",
    displayName: "Ruth Adeyemi",
    cityId: austin.id,
  });
  const rose = await createArtist(db, {
    firstName: "Rose",
    lastName: "Kim",
    displayName: "Rose Kim",
    cityId: chicago.id,
  });
  const pending = await createArtist(db, {
    displayName: "Ivan Pending",
    payoutStatus: "pending",
    cityId: nyc.id,
  });
  const collector = await createUser(db);
  const works: [string, Parameters<typeof createArtwork>[1]][] = [
    [
      "Lighthouse at Dusk",
      { artistId: marisol.id, categoryIds: [painting.id], priceCents: 25_000, randomOrder: 50 },
    ],
    [
      "Harbor Morning",
      { artistId: marisol.id, categoryIds: [photography.id], priceCents: 9_999, randomOrder: 10 },
    ],
    [
      "Rose Garden",
      { artistId: ruth.id, categoryIds: [painting.id], priceCents: 10_000, randomOrder: 20 },
    ],
    [
      "Quiet Field",
      {
        artistId: ruth.id,
        categoryIds: [sculpture.id],
        priceCents: 1_200_000,
        isCurated: true,
        randomOrder: 90,
      },
    ],
    [
      "Night Study",
      { artistId: rose.id, categoryIds: [photography.id], priceCents: 500_000, randomOrder: 30 },
    ],
    [
      "Blue Lighthouse",
      {
        artistId: rose.id,
        categoryIds: [painting.id],
        priceCents: 80_000,
        isForSale: false,
        status: "not for sale",
        // Sold: someone else owns it now.
        ownerId: collector.id,
        randomOrder: 40,
      },
    ],
    [
      "Offer Piece",
      { artistId: ruth.id, categoryIds: [sculpture.id], isForSale: false, randomOrder: 60 },
    ],
    ["Lighthouse Unlisted", { artistId: pending.id, categoryIds: [painting.id], randomOrder: 1 }],
    ["Lighthouse Sketch", { artistId: marisol.id, status: "draft", randomOrder: 2 }],
  ];
  for (const [title, overrides] of works) {
    const artwork = await createArtwork(db, { ...overrides, title });
    ids[title] = artwork.id;
  }
});
afterAll(() => t.close());

async function search(params: Record<string, string | number> = {}) {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const response = await t.app.request(`/api/artworks/search?${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return expectContract(searchResultSchema, await response.json());
}
const titles = (r: SearchResult) => r.hits.map((h) => h.title);

describe("browsing without text", () => {
  it("lists works for sale, then offers only, then sold; each curated first, then by randomOrder, only for artists with active payouts", async () => {
    const result = await search();
    expect(titles(result)).toEqual([
      "Quiet Field",
      "Harbor Morning",
      "Rose Garden",
      "Night Study",
      "Lighthouse at Dusk",
      "Offer Piece",
      "Blue Lighthouse",
    ]);
    expect(result).toMatchObject({ page: 0, nbPages: 1, nbHits: 7, hitsPerPage: 30 });
  });

  it("keeps sold works, marked as not for sale", async () => {
    const sold = (await search()).hits.find((h) => h.title === "Blue Lighthouse");
    expect(sold).toMatchObject({
      isForSale: false,
      offersOnly: false,
      price: 80_000,
      artist: { displayName: "Rose Kim" },
    });
  });

  it("marks a work listed for offers only as such, not as sold (decision 0030)", async () => {
    const hits = (await search()).hits;
    expect(hits.find((h) => h.title === "Offer Piece")).toMatchObject({
      isForSale: false,
      offersOnly: true,
    });
    expect(hits.filter((h) => h.offersOnly).map((h) => h.title)).toEqual(["Offer Piece"]);
    // The text search's hits say the same.
    expect((await search({ q: "offer" })).hits).toMatchObject([
      { title: "Offer Piece", offersOnly: true },
    ]);
  });
});

describe("text search", () => {
  it("matches a prefix of a title word", async () => {
    expect(titles(await search({ q: "lighth" })).sort()).toEqual([
      "Blue Lighthouse",
      "Lighthouse at Dusk",
    ]);
  });

  it("matches the artist's name", async () => {
    expect(titles(await search({ q: "marisol" })).sort()).toEqual([
      "Harbor Morning",
      "Lighthouse at Dusk",
    ]);
  });

  it("matches a misspelled artist name", async () => {
    expect(titles(await search({ q: "adeymi" })).sort()).toEqual([
      "Offer Piece",
      "Quiet Field",
      "Rose Garden",
    ]);
  });

  it("ranks a title match above an artist-name match", async () => {
    const result = await search({ q: "rose" });
    expect(titles(result)[0]).toBe("Rose Garden");
    expect(titles(result).sort()).toEqual(["Blue Lighthouse", "Night Study", "Rose Garden"]);
  });

  it("needs every word", async () => {
    expect(titles(await search({ q: "lighthouse dusk" }))).toEqual(["Lighthouse at Dusk"]);
  });

  it("finds nothing for text with nothing searchable, or no match", async () => {
    expect(await search({ q: "!!!" })).toMatchObject({ hits: [], nbHits: 0, nbPages: 0 });
    expect(await search({ q: "zebra" })).toMatchObject({ hits: [], nbHits: 0, nbPages: 0 });
  });
});

describe("filters", () => {
  it("filters by the artist's city, OR within the type", async () => {
    expect(titles(await search({ cities: ids.nyc! })).sort()).toEqual([
      "Harbor Morning",
      "Lighthouse at Dusk",
    ]);
    expect((await search({ cities: `${ids.nyc},${ids.austin}` })).nbHits).toBe(5);
  });

  it("filters by category", async () => {
    expect(titles(await search({ categories: ids.painting! })).sort()).toEqual([
      "Blue Lighthouse",
      "Lighthouse at Dusk",
      "Rose Garden",
    ]);
  });

  it("filters by price range, with exact boundaries", async () => {
    expect(titles(await search({ priceRanges: "0" }))).toEqual(["Harbor Morning"]);
    expect(titles(await search({ priceRanges: "1" })).sort()).toEqual([
      "Lighthouse at Dusk",
      "Rose Garden",
    ]);
    expect(titles(await search({ priceRanges: "2" }))).toEqual(["Blue Lighthouse"]);
    expect(titles(await search({ priceRanges: "4" }))).toEqual(["Night Study"]);
    expect(titles(await search({ priceRanges: "5" }))).toEqual(["Quiet Field"]);
    expect((await search({ priceRanges: "0,5" })).nbHits).toBe(2);
  });

  it("combines types with AND, and with text", async () => {
    expect(titles(await search({ cities: ids.austin!, categories: ids.painting! }))).toEqual([
      "Rose Garden",
    ]);
    expect(
      (await search({ cities: ids.austin!, categories: ids.painting!, priceRanges: "5" })).nbHits,
    ).toBe(0);
    expect(titles(await search({ q: "lighthouse", cities: ids.chicago! }))).toEqual([
      "Blue Lighthouse",
    ]);
  });
});

describe("facets", () => {
  it("count each city, category and price range of the listed works", async () => {
    const { facets } = await search();
    expect(facets.cities).toEqual({ [ids.nyc!]: 2, [ids.austin!]: 3, [ids.chicago!]: 2 });
    expect(facets.categories).toEqual({
      [ids.painting!]: 3,
      [ids.photography!]: 2,
      [ids.sculpture!]: 2,
    });
    expect(facets.priceRanges).toEqual({ "0": 1, "1": 2, "2": 1, "4": 1, "5": 1 });
  });

  it("count a type without its own filter, so another choice of it stays visible", async () => {
    const result = await search({ cities: ids.nyc! });
    expect(result.nbHits).toBe(2);
    expect(result.facets.cities).toEqual({ [ids.nyc!]: 2, [ids.austin!]: 3, [ids.chicago!]: 2 });
    expect(result.facets.categories).toEqual({ [ids.painting!]: 1, [ids.photography!]: 1 });
  });

  it("follow the text query", async () => {
    const { facets } = await search({ q: "lighthouse" });
    expect(facets.cities).toEqual({ [ids.nyc!]: 1, [ids.chicago!]: 1 });
  });
});

describe("paging", () => {
  it("pages through to the last page, and past it finds nothing", async () => {
    const seen: string[] = [];
    for (let page = 0; page < 3; page++) {
      const result = await search({ hitsPerPage: 3, page });
      expect(result).toMatchObject({ page, nbPages: 3, nbHits: 7 });
      seen.push(...titles(result));
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect((await search({ hitsPerPage: 3, page: 3 })).hits).toEqual([]);
  });

  it("pages text results the same way", async () => {
    const first = await search({ q: "adeymi", hitsPerPage: 2 });
    const second = await search({ q: "adeymi", hitsPerPage: 2, page: 1 });
    expect(first.nbPages).toBe(2);
    expect([...titles(first), ...titles(second)].sort()).toEqual([
      "Offer Piece",
      "Quiet Field",
      "Rose Garden",
    ]);
  });
});

describe("bad parameters", () => {
  it.each([
    [{ page: "-1" }, /page must be a whole number/],
    [{ page: "abc" }, /page must be a whole number/],
    [{ hitsPerPage: "101" }, /hitsPerPage must be a whole number from 1 to 100/],
    [{ hitsPerPage: "0" }, /hitsPerPage/],
    [{ priceRanges: "6" }, /Unknown price range: 6/],
    [{ priceRanges: "cheap" }, /Unknown price range/],
    [{ cities: "not-a-uuid" }, /Unknown city id: not-a-uuid/],
    [{ cities: randomUUID() }, /Unknown city id/],
    [{ categories: randomUUID() }, /Unknown category id/],
    [{ q: "x".repeat(201) }, /at most 200 characters/],
  ])("%o → 400 with a clear message", async (params, message) => {
    const response = await t.app.request(`/api/artworks/search?${new URLSearchParams(params)}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.message).toMatch(message);
  });
});
