import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../../test/test-app";
import { createArtist, createCategory, createCity } from "../../test/factories";
import { expectContract } from "../../test/contract";
import { searchResultSchema } from "../../../contracts/search.contract";

/**
 * Text searches count up to 1,000 matches (decision 0032): past that the total is said to
 * be a lower bound ("1,000+" on the page) and the facet counts are not exact; up to it,
 * everything is exact, filters included.
 */
let t: TestApp;
const ids = { north: "", south: "", painting: "", north_artist: "", south_artist: "" };

async function addWorks(title: string, n: number, artistId: string, priceCents: number) {
  await t.db.execute(sql`
    insert into artworks (title, artist_id, owner_id, status, is_for_sale, price_cents)
    select ${title} || ' ' || g, ${artistId}, ${artistId}, 'available', true, ${priceCents}
    from generate_series(1, ${n}) g`);
}

beforeAll(async () => {
  t = await createTestApp();
  ids.north = (await createCity(t.db, "North")).id;
  ids.south = (await createCity(t.db, "South")).id;
  ids.painting = (await createCategory(t.db, "painting")).id;
  ids.north_artist = (await createArtist(t.db, { cityId: ids.north })).id;
  ids.south_artist = (await createArtist(t.db, { cityId: ids.south })).id;
  await addWorks("Cobalt Study", 1100, ids.north_artist, 20_000);
  await addWorks("Cobalt Field", 5, ids.south_artist, 700_000);
  await addWorks("Umber Study", 1000, ids.north_artist, 20_000);
  // Five of the south's cobalt works are paintings.
  await t.db.execute(sql`
    insert into artwork_categories (artwork_id, category_id)
    select id, ${ids.painting} from artworks where title like 'Cobalt Field %'`);
});
afterAll(() => t.close());

async function search(params: Record<string, string>) {
  const response = await t.app.request(`/api/artworks/search?${new URLSearchParams(params)}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return expectContract(searchResultSchema, await response.json());
}

describe("text counts up to 1,000", () => {
  it("say a larger total as a lower bound, and the facets as not exact", async () => {
    const result = await search({ q: "cobalt" });
    expect(result).toMatchObject({
      nbHits: 1000,
      exhaustiveNbHits: false,
      exhaustiveFacetsCount: false,
      nbPages: 34,
    });
    expect(result.hits).toHaveLength(30);
    // Counted over some of the 1,105 matches: never more than the truth.
    expect(result.facets.cities[ids.north] ?? 0).toBeLessThanOrEqual(1100);
    expect(result.facets.cities[ids.south] ?? 0).toBeLessThanOrEqual(5);
    const total = Object.values(result.facets.cities).reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(1001);
    // Relevance still pages to the 1,000th hit and no further.
    expect((await search({ q: "cobalt", page: "33" })).hits).toHaveLength(10);
    expect((await search({ q: "cobalt", page: "34" })).hits).toHaveLength(0);
  });

  it("count exactly when the filters leave fewer, though the word alone has more", async () => {
    expect(await search({ q: "cobalt", cities: ids.south })).toMatchObject({
      nbHits: 5,
      exhaustiveNbHits: true,
      exhaustiveFacetsCount: false,
    });
    expect(await search({ q: "cobalt", categories: ids.painting, priceRanges: "4" })).toMatchObject(
      {
        nbHits: 5,
        exhaustiveNbHits: true,
      },
    );
    expect(await search({ q: "cobalt", cities: ids.north })).toMatchObject({
      nbHits: 1000,
      exhaustiveNbHits: false,
    });
  });

  it("are exact at 1,000 matches, and a lower bound from 1,001", async () => {
    expect(await search({ q: "umber" })).toMatchObject({
      nbHits: 1000,
      exhaustiveNbHits: true,
      exhaustiveFacetsCount: true,
      facets: { cities: { [ids.north]: 1000 }, priceRanges: { "1": 1000 } },
    });
    await addWorks("Umber Night", 1, ids.south_artist, 20_000);
    expect(await search({ q: "umber" })).toMatchObject({
      nbHits: 1000,
      exhaustiveNbHits: false,
      exhaustiveFacetsCount: false,
    });
  });

  it("are exact for a rare word, facets and all", async () => {
    expect(await search({ q: "field" })).toMatchObject({
      nbHits: 5,
      exhaustiveNbHits: true,
      exhaustiveFacetsCount: true,
      facets: {
        cities: { [ids.south]: 5 },
        categories: { [ids.painting]: 5 },
        priceRanges: { "4": 5 },
      },
    });
  });

  it("searches without text are always exact", async () => {
    expect(await search({})).toMatchObject({
      nbHits: 2106,
      exhaustiveNbHits: true,
      exhaustiveFacetsCount: true,
      facets: { cities: { [ids.north]: 2100, [ids.south]: 6 } },
    });
  });
});
