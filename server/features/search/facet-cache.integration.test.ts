import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { artworkCategories, artworks, users } from "../../db/schema";
import { queryRows } from "../../db/rows";
import { createArtist, createArtwork, createCategory, createCity } from "../../test/factories";
import { type TestApp, createTestApp } from "../../test/test-app";
import type { SearchResult } from "../../../contracts/search.contract";

/**
 * The counts of searches without text were kept under the catalogue version (migration
 * 0004); now they are kept by the catalogue's own transactions (migration
 * 0020, decision 0032). Each change below must show in the next search's counts. The
 * version still tells caches that the catalogue changed; the checkout's own updates must
 * not move it.
 */
let t: TestApp;
let cityA: string;
let cityB: string;
let painting: string;
let sculpture: string;
let artistId: string;
let workId: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  cityA = (await createCity(db, "Alpha")).id;
  cityB = (await createCity(db, "Beta")).id;
  painting = (await createCategory(db, "painting")).id;
  sculpture = (await createCategory(db, "sculpture")).id;
  artistId = (await createArtist(db, { cityId: cityA })).id;
  workId = (await createArtwork(db, { artistId, categoryIds: [painting], priceCents: 5_000 })).id;
  await createArtwork(db, { artistId, categoryIds: [painting], priceCents: 50_000 });
});
afterAll(() => t.close());

async function home(): Promise<SearchResult> {
  const response = await t.app.request("/api/artworks/search");
  expect(response.status).toBe(200);
  return (await response.json()) as SearchResult;
}

async function version(): Promise<string> {
  const [row] = await queryRows<{ v: string }>(
    t.db,
    sql`select version::text as v from catalogue_version`,
  );
  return row!.v;
}

describe("facet counts kept between catalogue changes", () => {
  it("are recounted after each change they depend on", async () => {
    const db = t.db;
    expect((await home()).facets.priceRanges).toEqual({ "0": 1, "2": 1 });
    expect((await home()).nbHits).toBe(2);

    await db.update(artworks).set({ priceCents: 150_000 }).where(eq(artworks.id, workId));
    expect((await home()).facets.priceRanges).toEqual({ "2": 1, "3": 1 });

    await db.insert(artworkCategories).values({ artworkId: workId, categoryId: sculpture });
    expect((await home()).facets.categories).toEqual({ [painting]: 2, [sculpture]: 1 });

    await db.update(users).set({ cityId: cityB }).where(eq(users.id, artistId));
    expect((await home()).facets.cities).toEqual({ [cityB]: 2 });

    await db.update(artworks).set({ status: "draft" }).where(eq(artworks.id, workId));
    expect((await home()).nbHits).toBe(1);

    await createArtwork(db, { artistId, categoryIds: [sculpture], priceCents: 900 });
    expect((await home()).nbHits).toBe(2);

    await db.delete(artworks).where(eq(artworks.id, workId));
    expect((await home()).facets.categories).toEqual({ [painting]: 1, [sculpture]: 1 });

    await db.update(users).set({ payoutStatus: "pending" }).where(eq(users.id, artistId));
    expect((await home()).nbHits).toBe(0);
  });

  it("are kept through a reservation, a sale and an unchanged save", async () => {
    const db = t.db;
    await db.update(users).set({ payoutStatus: "active" }).where(eq(users.id, artistId));
    const before = await version();
    const [work] = await db.select().from(artworks).where(eq(artworks.artistId, artistId));
    await db
      .update(artworks)
      .set({ reservedUntil: new Date(Date.now() + 60_000), reservedByPaymentId: null })
      .where(eq(artworks.id, work!.id));
    // What the checkout's claim writes when the work is sold.
    await db
      .update(artworks)
      .set({ isForSale: false, status: "not for sale", ownerId: artistId, reservedUntil: null })
      .where(eq(artworks.id, work!.id));
    await db
      .update(artworks)
      .set({ priceCents: work!.priceCents, status: work!.status })
      .where(eq(artworks.id, work!.id));
    expect(await version()).toBe(before);
  });
});
