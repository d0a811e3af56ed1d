import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/rows";
import { artworks } from "../../db/schema";
import { type TestApp, createTestApp } from "../../test/test-app";
import { createArtist, createArtwork, createCity, createUser } from "../../test/factories";
import {
  type SearchResult,
  type SearchSort,
  searchResultSchema,
} from "../../../contracts/search.contract";
import { expectContract } from "../../test/contract";

/**
 * The marketplace's orders and "Available only": each order with paging (pages
 * join without gaps or repeats, ties ordered by id), available=true in the hits, nbHits
 * and facets, and bad values refused.
 */

type Work = {
  title: string;
  price: number | null;
  day: number;
  state: "for sale" | "offers only" | "sold";
  city: "north" | "south";
};

// Equal prices and equal dates on purpose: the id must order them, the same on every page.
const WORKS: Work[] = [
  { title: "Alpha Study", price: 10_000, day: 1, state: "for sale", city: "north" },
  { title: "Beta Study", price: 10_000, day: 1, state: "for sale", city: "north" },
  { title: "Gamma Study", price: 10_000, day: 1, state: "sold", city: "south" },
  { title: "Delta Study", price: 50_000, day: 2, state: "for sale", city: "south" },
  { title: "Eta Study", price: 50_000, day: 2, state: "for sale", city: "north" },
  { title: "Epsilon Study", price: null, day: 5, state: "offers only", city: "south" },
  { title: "Theta Study", price: null, day: 1, state: "offers only", city: "north" },
  { title: "Zeta Study", price: 5_000, day: 4, state: "sold", city: "south" },
  { title: "Lone Harbor", price: 20_000, day: 3, state: "for sale", city: "north" },
  { title: "Iota Study", price: 900_000, day: 6, state: "sold", city: "north" },
];

let t: TestApp;
const byTitle = new Map<string, Work & { id: string }>();
const cityIds = { north: "", south: "" };

beforeAll(async () => {
  t = await createTestApp();
  const [north, south] = await Promise.all([createCity(t.db, "North"), createCity(t.db, "South")]);
  cityIds.north = north.id;
  cityIds.south = south.id;
  const artists = {
    north: await createArtist(t.db, { cityId: north.id }),
    south: await createArtist(t.db, { cityId: south.id }),
  };
  const collector = await createUser(t.db);
  for (const work of WORKS) {
    const artistId = artists[work.city].id;
    const artwork = await createArtwork(t.db, {
      artistId,
      title: work.title,
      priceCents: work.price,
      isForSale: work.state === "for sale",
      status: work.state === "for sale" ? "available" : "not for sale",
      ownerId: work.state === "sold" ? collector.id : artistId,
      createdAt: new Date(Date.UTC(2026, 0, work.day, 12)),
    });
    byTitle.set(work.title, { ...work, id: artwork.id });
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

/** The orders written again in TypeScript, over the fixtures: what the API must answer. */
function expected(sort: Exclude<SearchSort, "featured">, options: { available?: boolean } = {}) {
  const works = [...byTitle.values()].filter((w) => !options.available || w.state !== "sold");
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const priceOf = (w: Work, none: number) => w.price ?? none;
  works.sort((a, b) => {
    if (sort === "newest") return b.day - a.day || -byId(a, b);
    if (sort === "price_asc") return priceOf(a, Infinity) - priceOf(b, Infinity) || byId(a, b);
    // Without a price last, also from the top.
    const d = priceOf(b, -Infinity) - priceOf(a, -Infinity);
    return (Number.isNaN(d) ? 0 : d) || byId(a, b);
  });
  return works.map((w) => w.title);
}

/** Every page of a search, page by page, as Load More reads them. */
async function allPages(params: Record<string, string | number>, hitsPerPage = 3) {
  const first = await search({ ...params, hitsPerPage, page: 0 });
  const seen = [...titles(first)];
  for (let page = 1; page < first.nbPages; page++) {
    const next = await search({ ...params, hitsPerPage, page });
    expect(next).toMatchObject({ page, nbHits: first.nbHits, nbPages: first.nbPages });
    seen.push(...titles(next));
  }
  expect((await search({ ...params, hitsPerPage, page: first.nbPages })).hits).toEqual([]);
  return { first, seen };
}

describe("sort", () => {
  it.each(["newest", "price_asc", "price_desc"] as const)(
    "%s pages without gaps or repeats, ties ordered by id",
    async (sort) => {
      const { first, seen } = await allPages({ sort });
      expect(first.nbHits).toBe(WORKS.length);
      expect(first.nbPages).toBe(Math.ceil(WORKS.length / 3));
      expect(seen).toEqual(expected(sort));
    },
  );

  it("newest lists the latest first", async () => {
    expect(titles(await search({ sort: "newest", hitsPerPage: 2 }))).toEqual([
      "Iota Study",
      "Epsilon Study",
    ]);
  });

  it("puts works without a price last in both price orders", async () => {
    for (const sort of ["price_asc", "price_desc"]) {
      const last = titles(await search({ sort })).slice(-2);
      expect(last.sort()).toEqual(["Epsilon Study", "Theta Study"]);
    }
    expect(titles(await search({ sort: "price_asc" }))[0]).toBe("Zeta Study");
    expect(titles(await search({ sort: "price_desc" }))[0]).toBe("Iota Study");
  });

  it("featured is the default, the curated order as before", async () => {
    const plain = await search();
    expect(await search({ sort: "featured" })).toEqual(plain);
    expect(await search({ sort: "" })).toEqual(plain);
  });

  it("featured lists what can be bought first: for sale, then offers only, then sold", async () => {
    const stateOf = (title: string) => byTitle.get(title)?.state;
    const rank = { "for sale": 0, "offers only": 1, sold: 2 } as const;
    for (const params of [{}, { q: "study" }] as Record<string, string>[]) {
      const { seen } = await allPages(params, 4);
      const ranks = seen.map((title) => rank[stateOf(title) ?? "sold"]);
      expect(ranks, seen.join(", ")).toEqual([...ranks].sort((a, b) => a - b));
      expect(ranks[0]).toBe(0);
    }
    // A work sold after a page was read moves behind every buyable one on the next read.
    const alpha = byTitle.get("Alpha Study");
    if (!alpha) throw new Error("fixture missing");
    const firstTitles = titles(await search({ hitsPerPage: 20 }));
    const collector = await createUser(t.db);
    await t.db
      .update(artworks)
      .set({ isForSale: false, status: "not for sale", ownerId: collector.id })
      .where(eq(artworks.id, alpha.id));
    try {
      const after = titles(await search({ hitsPerPage: 20 }));
      const soldCount = WORKS.filter((w) => w.state === "sold").length + 1;
      expect(after.slice(-soldCount)).toContain("Alpha Study");
      expect(after).not.toEqual(firstTitles);
    } finally {
      await t.db.execute(
        sql`update artworks set is_for_sale = true, status = 'available', owner_id = artist_id
          where id = ${alpha.id}`,
      );
    }
  });

  it("orders text matches by the chosen order; featured keeps relevance", async () => {
    const study = expected("price_asc").filter((title) => title !== "Lone Harbor");
    const { first, seen } = await allPages({ q: "study", sort: "price_asc" });
    expect(seen).toEqual(study);
    expect(first.nbHits).toBe(WORKS.length - 1);
    expect(titles(await search({ q: "harbor", sort: "newest" }))).toEqual(["Lone Harbor"]);
    expect(await search({ q: "study", sort: "featured" })).toEqual(await search({ q: "study" }));
  });

  it("does not change the counts", async () => {
    const { nbHits, facets } = await search();
    for (const sort of ["newest", "price_asc", "price_desc"]) {
      expect(await search({ sort })).toMatchObject({ nbHits, facets });
    }
  });
});

describe("available only", () => {
  it("hides sold works and keeps offers-only ones, with paging, in every order", async () => {
    for (const sort of ["newest", "price_asc", "price_desc"] as const) {
      const { first, seen } = await allPages({ sort, available: "true" });
      expect(seen).toEqual(expected(sort, { available: true }));
      expect(first.nbHits).toBe(7);
      expect(first.nbPages).toBe(3);
    }
    const { seen } = await allPages({ available: "true" }, 2);
    expect(seen.sort()).toEqual(expected("newest", { available: true }).sort());
    expect(seen).toContain("Theta Study");
    expect(seen).not.toContain("Gamma Study");
  });

  it("counts only available works in nbHits and every facet", async () => {
    const all = await search();
    const available = await search({ available: "true" });
    expect(all.nbHits).toBe(10);
    expect(available.nbHits).toBe(7);
    expect(all.facets.cities).toEqual({ [cityIds.north]: 6, [cityIds.south]: 4 });
    expect(available.facets.cities).toEqual({ [cityIds.north]: 5, [cityIds.south]: 2 });
    // $50 (range 0) is sold out; $100–$500 keeps Alpha, Beta, Delta, Eta and Lone Harbor.
    expect(all.facets.priceRanges).toMatchObject({ "0": 1, "1": 4 });
    expect(available.facets.priceRanges).not.toHaveProperty("0");
    expect(available.facets.priceRanges["1"]).toBe(3);
    // With a filter and text too.
    expect(await search({ available: "true", cities: cityIds.south })).toMatchObject({
      nbHits: 2,
      facets: { cities: { [cityIds.north]: 5, [cityIds.south]: 2 } },
    });
    expect((await search({ available: "true", q: "study" })).nbHits).toBe(6);
  });

  it("takes true or 1, and false, 0 or nothing for all works", async () => {
    const available = await search({ available: "true" });
    expect(await search({ available: "1" })).toEqual(available);
    const all = await search();
    for (const value of ["false", "0", ""]) expect(await search({ available: value })).toEqual(all);
  });
});

describe("bad values", () => {
  it.each([
    [{ sort: "popular" }, /^sort must be one of featured, newest, price_asc, price_desc\.$/],
    [{ sort: "NEWEST" }, /^sort must be one of/],
    // A NUL anywhere in a query is refused before the parameters are read (validate.ts).
    [{ sort: "newest\u0000" }, /NUL character/],
    [{ sort: "x".repeat(10_000) }, /^sort must be one of/],
    [{ available: "yes" }, /^available must be true or false\.$/],
    [{ available: "2" }, /^available must be true or false\.$/],
    [{ available: "true\u0000" }, /NUL character/],
  ])("%o → 400 naming the parameter, and nothing else changes", async (params, message) => {
    const before = await search();
    const response = await t.app.request(`/api/artworks/search?${new URLSearchParams(params)}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.message).toMatch(message);
    expect(await search()).toEqual(before);
  });
});

async function catalogueVersion() {
  const rows = await queryRows<{ version: string }>(
    t.db,
    sql`select version::text as version from catalogue_version`,
  );
  return rows[0]?.version;
}

describe("a sale", () => {
  it("leaves the available-only counts at once, though the catalogue version does not move", async () => {
    // Both counts are asked first, so a count kept under the version would be served again.
    const before = await search({ available: "true" });
    expect((await search()).nbHits).toBe(10);
    const versionBefore = await catalogueVersion();
    const work = byTitle.get("Lone Harbor")!;
    const collector = await createUser(t.db);
    // What the checkout's sale writes (checkout.repository.ts): no version bump.
    await t.db
      .update(artworks)
      .set({ isForSale: false, status: "not for sale", ownerId: collector.id })
      .where(eq(artworks.id, work.id));
    const versionAfter = await catalogueVersion();
    expect(versionAfter).toBe(versionBefore);

    const after = await search({ available: "true" });
    expect(after.nbHits).toBe(before.nbHits - 1);
    expect(after.facets.cities[cityIds.north]).toBe(before.facets.cities[cityIds.north]! - 1);
    expect(titles(after)).not.toContain("Lone Harbor");
    // All works: the sold work is still listed, marked sold.
    const all = await search();
    expect(all.nbHits).toBe(10);
    expect(all.hits.find((h) => h.title === "Lone Harbor")).toMatchObject({
      isForSale: false,
      offersOnly: false,
    });

    // A new listing moves the version: both counts take it in.
    const artistId = (await search({ q: "alpha" })).hits[0]!.artist.id;
    await createArtwork(t.db, { artistId, title: "Kappa Study", priceCents: 30_000 });
    expect(await catalogueVersion()).not.toBe(versionAfter);
    expect((await search()).nbHits).toBe(11);
    const listed = await search({ available: "true" });
    expect(listed.nbHits).toBe(after.nbHits + 1);
    expect(listed.facets.cities[cityIds.north]).toBe(after.facets.cities[cityIds.north]! + 1);
    expect(listed.facets.priceRanges["1"]).toBe((after.facets.priceRanges["1"] ?? 0) + 1);
  });
});
