import { sql } from "drizzle-orm";
import type { Database } from "../server/db/client";
import { queryRows } from "../server/db/rows";

/**
 * A synthetic catalogue built with set-based SQL (seconds, not minutes): 8 cities,
 * 10 categories, 200 artists with active payouts plus 20 pending ones, and
 * `size` artworks with titles composed from word lists.
 *
 * - "blue" starts about 30% of titles: the common term.
 * - "zephyr" ends one title in 10,000: the rare term (10 titles at 100,000).
 * - Every other title word is in about 5% (adjectives) or 4% (nouns) of titles, or
 *   is one of 1,000 made-up words in 60% of titles (a realistic vocabulary size).
 * - Prices are spread evenly over the six price ranges; 5% are offers only.
 * - 1 or 2 categories per artwork, ~5% curated, random_order 0–999.
 * - ~2% drafts, ~3% sold; 1 artwork in 11 belongs to a pending artist (unlisted).
 *
 * The sequence is seeded, so two runs build the same catalogue on one engine.
 */

export const COMMON_WORD = "blue";
export const RARE_WORD = "zephyr";

const CITIES = ["Austin", "Berlin", "Chicago", "Lagos", "Lisbon", "New York", "Seoul", "Tokyo"];
const CATEGORIES = [
  "painting",
  "photography",
  "sculpture",
  "drawing",
  "printmaking",
  "mixed_media",
  "digital",
  "textile",
  "ceramics",
  "collage",
];
// Chosen so that no word starts with "blue" or "zephyr" and no artist name is
// trigram-similar to either (the search also matches misspelled artist names).
const FIRST_NAMES = [
  "Marisol", "Ruth", "Ivan", "Amara", "Kenji", "Lucia", "Omar", "Sofia", "Tomas", "Noor",
  "Elena", "Dmitri", "Hana", "Pablo", "Ingrid", "Kwame", "Yuki", "Farah", "Mateo", "Greta",
]; // prettier-ignore
const LAST_NAMES = [
  "Vega", "Adeyemi", "Kim", "Okafor", "Tanaka", "Rossi", "Haddad", "Novak", "Silva", "Larsen",
  "Mensah", "Ito",
]; // prettier-ignore
const ADJECTIVES = [
  "Quiet", "Golden", "Silent", "Broken", "Distant", "Morning", "Evening", "Hidden", "Bright",
  "Northern", "Gentle", "Wild", "Still", "Scarlet", "Pale", "Velvet", "Crimson", "Hollow",
  "Amber", "Silver",
]; // prettier-ignore
const NOUNS = [
  "Harbor", "Field", "Garden", "River", "Portrait", "Study", "Window", "Mountain", "Shore",
  "City", "Forest", "Figure", "Bridge", "Orchard", "Dune", "Meadow", "Lantern", "Tide",
  "Horizon", "Courtyard", "Street", "Interior", "Landscape", "Nocturne", "Harvest",
]; // prettier-ignore
/**
 * Three syllables make 1,000 made-up title words ("Kavelu"), each in ~0.06% of
 * titles, as real titles have a large vocabulary. This matters to the planner: with
 * fewer than 100 frequent words in its statistics PostgreSQL guesses 2% for every
 * prefix query ("blue:*"), whatever the real frequency.
 */
const SYLLABLES = ["ka", "mi", "ro", "te", "lu", "sa", "ve", "no", "di", "pa"];

const ACTIVE_ARTISTS = 200;
const PENDING_ARTISTS = 20;

/** A SQL text[] literal of fixed words (no user input here). */
function textArray(words: readonly string[]) {
  return sql.raw(`array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(", ")}]`);
}

export type Catalogue = { cityIds: string[]; categoryIds: string[]; artworks: number };

export async function buildCatalogue(db: Database, size: number): Promise<Catalogue> {
  // A kept database (--keep-database) that has its catalogue already: read it, build nothing.
  const [built] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from cities`);
  if (!built?.n) await insertCatalogue(db, size);
  const cities = await queryRows<{ id: string }>(db, sql`select id from cities order by name`);
  const categories = await queryRows<{ id: string }>(
    db,
    sql`select id from art_categories order by name`,
  );
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from artworks`);
  return {
    cityIds: cities.map((c) => c.id),
    categoryIds: categories.map((c) => c.id),
    artworks: count?.n ?? 0,
  };
}

async function insertCatalogue(db: Database, size: number) {
  await db.transaction(async (tx) => {
    // Seeded per transaction: one connection, so the same sequence every run.
    await tx.execute(sql`select setseed(0.42)`);
    await tx.execute(sql`insert into cities (name) select unnest(${textArray(CITIES)})`);
    await tx.execute(
      sql`insert into art_categories (name) select unnest(${textArray(CATEGORIES)})`,
    );
    await tx.execute(sql`
      insert into users (email, first_name, last_name, display_name, is_artist, city_id,
        payout_status, payout_account_id)
      select 'artist' || n || '@bench.vernissage.local', f, l, f || ' ' || l, true, c.id,
        case when n <= ${ACTIVE_ARTISTS} then 'active' else 'pending' end, 'acct_bench_' || n
      from (
        select n, (${textArray(FIRST_NAMES)})[1 + n % ${FIRST_NAMES.length}] as f,
          (${textArray(LAST_NAMES)})[1 + (n * 7) % ${LAST_NAMES.length}] as l
        from generate_series(1, ${ACTIVE_ARTISTS + PENDING_ARTISTS}) n
      ) names
      join (select id, row_number() over (order by name) as no from cities) c
        on c.no = 1 + names.n % ${CITIES.length}`);
    // The random() columns sit in a subquery so each is drawn once per artwork.
    await tx.execute(sql`
      insert into artworks (title, created_year, materials, description, width, height, depth,
        price_cents, is_for_sale, is_curated, random_order, status, artist_id, owner_id,
        image_original, image_medium, image_thumbnail)
      select
        case when g.r_common < 0.3 then 'Blue ' else '' end
          || (${textArray(ADJECTIVES)})[1 + floor(g.r_adjective * ${ADJECTIVES.length})::int]
          || ' ' || (${textArray(NOUNS)})[1 + floor(g.r_noun * ${NOUNS.length})::int]
          || case when g.r_name < 0.6 then ' ' || initcap(
            (${textArray(SYLLABLES)})[1 + floor(random() * ${SYLLABLES.length})::int]
            || (${textArray(SYLLABLES)})[1 + floor(random() * ${SYLLABLES.length})::int]
            || (${textArray(SYLLABLES)})[1 + floor(random() * ${SYLLABLES.length})::int]) else '' end
          || case when g.n % 10000 = 4321 then ' Zephyr' else '' end,
        1990 + g.n % 35, 'Oil on canvas',
        'An artwork of the benchmark catalogue, number ' || g.n || ', with a description of typical length.',
        10 + g.n % 60, 10 + g.n % 80, 0,
        case when g.r_status >= 0.02 and g.r_status < 0.07 then null
          else (array[0, 10000, 50000, 100000, 500000, 1000000])[1 + g.price_range]
            + floor(g.r_price * (array[10000, 40000, 50000, 400000, 500000, 4000000])[1 + g.price_range])::int
        end,
        g.r_status >= 0.10,
        g.r_curated < 0.05,
        floor(g.r_order * 1000)::int,
        case when g.r_status < 0.02 then 'draft' when g.r_status < 0.07 then 'not for sale'
          else 'available' end,
        ar.id, ar.id,
        '/media/bench/' || g.n || '-original.jpg', '/media/bench/' || g.n || '-medium.webp',
        '/media/bench/' || g.n || '-thumbnail.webp'
      from (
        select n, random() as r_common, random() as r_adjective, random() as r_noun, random() as r_name,
          floor(random() * 6)::int as price_range, random() as r_price, random() as r_status,
          random() as r_curated, random() as r_order,
          1 + floor(random() * ${ACTIVE_ARTISTS + PENDING_ARTISTS})::int as artist_no
        from generate_series(1, ${size}) n
      ) g
      join (select id, row_number() over (order by email) as no from users where is_artist) ar
        on ar.no = g.artist_no`);
    // One category for every artwork, a second (different) one for half of them.
    await tx.execute(sql`
      insert into artwork_categories (artwork_id, category_id)
      select a.id, c.id
      from (
        select id, floor(random() * 10)::int as first,
          case when random() < 0.5 then 1 + floor(random() * 9)::int end as step
        from artworks
      ) a
      join (select id, row_number() over (order by name) - 1 as no from art_categories) c
        on c.no = a.first or c.no = (a.first + a.step) % 10`);
  });
  await db.execute(sql`analyze`);
}
