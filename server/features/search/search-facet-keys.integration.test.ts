import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRICE_RANGES } from "../../../domain/price-ranges";
import { type TestApp, createTestApp } from "../../test/test-app";
import { createArtist, createCategory, createCity } from "../../test/factories";
import { expectContract } from "../../test/contract";
import { searchResultSchema } from "../../../contracts/search.contract";
import { countSearchFacets } from "./search.repository";

/**
 * A text search with filters asks the index for the filters' keys (migrations 0023 and
 * 0025): one compound key per combination of the chosen cities, categories and price
 * ranges while they are few, pairs or single keys when they are many (decision 0036).
 * Whichever it asks for, its total must be the one the exact conditions alone give
 * (countSearchFacets, which uses no key and no search_words).
 */
let t: TestApp;
const cities: string[] = [];
const categories: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 5; i++) cities.push((await createCity(t.db)).id);
  for (let i = 0; i < 5; i++) categories.push((await createCategory(t.db)).id);
  // 150 works, each artist in one city; one or two categories; every price range and none.
  for (const [i, cityId] of cities.entries()) {
    const artistId = (await createArtist(t.db, { cityId })).id;
    await t.db.execute(sql`
      insert into artworks (title, artist_id, owner_id, status, is_for_sale, price_cents)
      select case when g % 3 = 0 then 'Cinnabar ' else 'Umber ' end || g, ${artistId}, ${artistId},
        'available', g % 7 <> 0, case when g % 7 = 0 then null else (g * 7919 + ${i}) % 2000000 end
      from generate_series(1, 30) g`);
  }
  await t.db.execute(sql`
    insert into artwork_categories (artwork_id, category_id)
    select a.id, c.id from artworks a
    join (select id, row_number() over (order by id) as no from art_categories) c
      on c.no = 1 + abs(hashtext(a.title || a.artist_id::text)) % 5
        or c.no = 1 + abs(hashtext(a.artist_id::text || a.title)) % 5`);
});
afterAll(() => t.close());

async function nbHits(params: Record<string, string>) {
  const response = await t.app.request(`/api/artworks/search?${new URLSearchParams(params)}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return expectContract(searchResultSchema, await response.json()).nbHits;
}

const ranges = PRICE_RANGES.map((r) => r.index);

describe("a text search with filters", () => {
  it("finds what the conditions alone find, with compound, pair and single keys", async () => {
    const combos = [
      {
        cities: cities.slice(0, 1),
        categories: categories.slice(0, 1),
        priceRanges: ranges.slice(0, 1),
      },
      {
        cities: cities.slice(0, 2),
        categories: categories.slice(0, 2),
        priceRanges: ranges.slice(1, 3),
      },
      {
        cities: cities.slice(0, 3),
        categories: categories.slice(0, 3),
        priceRanges: ranges.slice(0, 2),
      },
      { cities: cities, categories: categories, priceRanges: ranges },
      { cities: cities.slice(1, 2), categories: categories.slice(2, 4), priceRanges: [] },
      { cities: [], categories: categories.slice(0, 1), priceRanges: ranges.slice(2, 3) },
      { cities: cities.slice(0, 4), categories: [], priceRanges: ranges.slice(0, 5) },
      { cities: cities.slice(3, 4), categories: [], priceRanges: [] },
      { cities: cities.slice(2, 4), categories: [], priceRanges: ranges.slice(3, 5) },
    ];
    let found = 0;
    for (const filters of combos) {
      for (const available of [false, true]) {
        const expected = await countSearchFacets(t.db, {
          text: { tsquery: "cinna:*", text: "cinna" },
          artistIds: [],
          filters: { ...filters, available },
        });
        const params = {
          q: "cinna",
          ...(filters.cities.length ? { cities: filters.cities.join(",") } : {}),
          ...(filters.categories.length ? { categories: filters.categories.join(",") } : {}),
          ...(filters.priceRanges.length ? { priceRanges: filters.priceRanges.join(",") } : {}),
          ...(available ? { available: "true" } : {}),
        };
        expect(await nbHits(params), JSON.stringify(params)).toBe(expected.nbHits);
        found += expected.nbHits;
      }
    }
    // The combinations are not all empty: the comparison means something.
    expect(found).toBeGreaterThan(20);
  });
});
