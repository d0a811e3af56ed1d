import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/rows";
import { artworks, users } from "../../db/schema";
import { type TestApp, createTestApp } from "../../test/test-app";
import { createArtist, createArtwork } from "../../test/factories";
import { expectContract } from "../../test/contract";
import { searchResultSchema } from "../../../contracts/search.contract";
import { WORDS_PER_PREFIX } from "./search.repository";

/**
 * A search asks for the exact words of search_words that start with each of its prefixes
 * (migration 0024, decision 0036), so a word of a work missing from search_words would
 * hide that work from every search for it. Each change that gives a work new words is
 * made here, then the table must hold every lexeme of every work, and a search for a
 * prefix of the new word must find the work.
 */
let t: TestApp;
let artistId = "";

beforeAll(async () => {
  t = await createTestApp();
  artistId = (await createArtist(t.db, { displayName: "Ines Moreau" })).id;
});
afterAll(() => t.close());

/** The lexemes of the works' search documents that search_words lacks. */
async function missingWords(): Promise<string[]> {
  const rows = await queryRows<{ word: string }>(
    t.db,
    sql`select distinct unnest(tsvector_to_array(search_vector)) as word from artworks
      except select word from search_words order by 1`,
  );
  return rows.map((r) => r.word);
}

async function searchIds(q: string): Promise<string[]> {
  const response = await t.app.request(
    `/api/artworks/search?${new URLSearchParams({ q, hitsPerPage: "100" })}`,
  );
  expect(response.status, await response.clone().text()).toBe(200);
  const result = expectContract(searchResultSchema, await response.json());
  expect(result.nbHits).toBe(result.hits.length);
  return result.hits.map((h) => h.id).sort();
}

/** The works a prefix query matches, by the prefix itself (no search_words). */
async function prefixMatches(tsquery: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    t.db,
    sql`select id from artworks where search_vector @@ to_tsquery('simple', ${tsquery}) order by id`,
  );
  return rows.map((r) => r.id).sort();
}

describe("search_words keeps every word of every work", () => {
  it("after a new work, a new title, a renamed artist, a moved work and a bulk insert", async () => {
    const work = await createArtwork(t.db, { artistId, title: "Vermilion Quay" });
    expect(await missingWords()).toEqual([]);
    expect(await searchIds("vermil")).toEqual([work.id]);

    await t.db.update(artworks).set({ title: "Ochreous Quay" }).where(eq(artworks.id, work.id));
    expect(await missingWords()).toEqual([]);
    expect(await searchIds("ochreo")).toEqual([work.id]);
    // The old word stays in search_words and matches nothing: a superset is harmless.
    expect(await searchIds("vermil")).toEqual([]);

    await t.db.update(users).set({ displayName: "Ines Castellanos" }).where(eq(users.id, artistId));
    expect(await missingWords()).toEqual([]);
    expect(await searchIds("castell")).toEqual([work.id]);

    const other = (await createArtist(t.db, { displayName: "Wendeline Arkwright" })).id;
    await t.db.update(artworks).set({ artistId: other }).where(eq(artworks.id, work.id));
    expect(await missingWords()).toEqual([]);
    expect(await searchIds("arkwr")).toEqual([work.id]);

    await t.db.execute(sql`
      insert into artworks (title, artist_id, owner_id, status, is_for_sale, price_cents)
      select 'Glaucous ' || g, ${artistId}, ${artistId}, 'available', true, 10000
      from generate_series(1, 3) g`);
    expect(await missingWords()).toEqual([]);
    expect(await searchIds("glauc")).toHaveLength(3);
  });

  it("finds what the prefix query finds, with few words per prefix and with many", async () => {
    // 25 words start with "tessel": more than WORDS_PER_PREFIX, so "tessel" stays a
    // prefix; "tessel1" starts 11 of them and is expanded.
    expect(WORDS_PER_PREFIX).toBeLessThan(25);
    await t.db.execute(sql`
      insert into artworks (title, artist_id, owner_id, status, is_for_sale, price_cents)
      select 'Tessel' || g || ' Nocturne', ${artistId}, ${artistId}, 'available', true, 10000
      from generate_series(0, 24) g`);
    for (const [q, tsquery] of [
      ["tessel", "tessel:*"],
      ["tessel1", "tessel1:*"],
      ["tessel1 noct", "tessel1:* & noct:*"],
      ["noct tessel2", "noct:* & tessel2:*"],
      ["tessel99", "tessel99:*"],
    ] as const) {
      const expected = await prefixMatches(tsquery);
      expect(await searchIds(q), q).toEqual(expected);
    }
    expect(await prefixMatches("tessel1:*")).toHaveLength(11);
    // A word with letters outside a–z stays a prefix query (not expanded), and still finds.
    const creme = await createArtwork(t.db, { artistId, title: "Crème Brûlée" });
    expect(await searchIds("crè")).toEqual([creme.id]);
    expect(await searchIds("crè brû")).toEqual([creme.id]);
    expect(await searchIds("tessel99")).toEqual([]);
  });
});
