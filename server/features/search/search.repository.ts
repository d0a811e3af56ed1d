import { type SQL, sql } from "drizzle-orm";
import { PRICE_RANGES } from "../../../domain/price-ranges";
import type { Database } from "../../db/client";
import { queryRows } from "../../db/rows";
import { availableSql } from "../artworks/availability.repository";
import { type CardRow, cardColumnsSql, toCard } from "../artworks/card-row.repository";
import { artistListedSql, listedSql } from "../artworks/listed.repository";
import type { CountedFacets } from "./facet-cache";
import { RELEVANCE_LIMIT, prefixTsQuery, searchWords } from "./search-text";
import type { ArtworkCard } from "../../../contracts/artworks.contract";
import type { FacetCounts, SearchSort } from "../../../contracts/search.contract";

/**
 * What narrows a search. `available` hides sold works: what the cards show as SOLD is
 * exactly what availableSql (the one definition, availability.repository.ts) leaves out,
 * so an offers-only work, which a buyer can still acquire, stays.
 */
export type SearchFilters = {
  cities: string[];
  categories: string[];
  priceRanges: number[];
  available: boolean;
};
type Executor = { execute(query: SQL): PromiseLike<unknown> };
/** The text part of a search: a prefix tsquery over title and artist, and the raw text for trigrams. */
export type TextQuery = { tsquery: string; text: string };

/**
 * The prefix tsquery of a text, built as search builds it, or null when the text has no
 * word to look for ("!!!"). Alerts save it (issue 16), so their digest matches in SQL the
 * words a search of the same text matches (without the misspelled-artist part).
 */
export function prefixTsQueryOf(q: string): string | null {
  const words = searchWords(q);
  return words.length ? prefixTsQuery(words) : null;
}

/** Word similarity at which a misspelled artist name still matches ("adeymi" ~ "Adeyemi"). */
const ARTIST_NAME_SIMILARITY = 0.5;

const listed = listedSql("a", "u");

/**
 * The curated order. `nulls last` is not decoration: artworks_curated_order_idx is
 * `is_curated desc nulls last`, and a plain `desc` (nulls first) does not match it,
 * so every page sorted the whole catalogue instead of reading the index and
 * stopping after one page (bench/: 300 ms → 10 ms for the home page on PGlite at
 * 100,000 artworks).
 */
const curatedOrder = sql`a.is_curated desc nulls last, a.random_order asc, a.id asc`;

/**
 * The other orders (issue 16), each ending in the id so equal dates or prices keep one
 * order from page to page. Works without a price (offers only) come last in both price
 * orders. As with the curated order, `nulls last` is what lets an index serve them
 * (both columns are never null where it matters): newest is artworks_newest_idx
 * exactly (`desc nulls last`; a plain `desc` is nulls first and sorted the whole
 * catalogue, 800 ms against an index scan that stops after the page, bench/), and
 * price_asc reads artworks_price_idx (`asc nulls last`) in order, sorting only equal
 * prices by id. price_desc is read in two parts, see pricedFirst.
 */
const chosenOrders: Record<Exclude<SearchSort, "featured" | "price_desc">, SQL> = {
  newest: sql`a.created_at desc nulls last, a.id desc nulls last`,
  price_asc: sql`a.price_cents asc nulls last, a.id asc`,
};

/**
 * Price high to low. artworks_price_idx read backwards gives `desc nulls first`, the
 * wrong end for works without a price, and a sort of every match took 400 ms at 100,000
 * artworks (bench/). So the priced works are read backwards along the index (no nulls
 * among them, so `nulls first` is the same order and matches the index) and the works
 * without a price after them by id, each part stopping at the end of the page.
 */
function pricedFirst(where: SQL, page: { offset: number; limit: number }): SQL {
  const upTo = page.offset + page.limit;
  return sql`select * from (
      (select ${hitColumns}, 0 as part
        from artworks a join users u on u.id = a.artist_id
        where ${where} and a.price_cents is not null
        order by a.price_cents desc nulls first, a.id asc
        limit ${upTo})
      union all
      (select ${hitColumns}, 1 as part
        from artworks a join users u on u.id = a.artist_id
        where ${where} and a.price_cents is null
        order by a.id asc
        limit ${upTo})
    ) hits
    order by part, price_cents desc, id asc
    offset ${page.offset} limit ${page.limit}`;
}

function uuidList(ids: string[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
}

function filterConditions(f: SearchFilters) {
  const city = f.cities.length ? sql`u.city_id in (${uuidList(f.cities)})` : sql`true`;
  // `in (uncorrelated subquery)` rather than a correlated `exists`: in the select
  // list of the counts, PostgreSQL runs an `exists` once per artwork, while this is
  // read once into a hash table (4× faster counts with a category chosen, bench/).
  const category = f.categories.length
    ? sql`a.id in (select ac.artwork_id from artwork_categories ac where ac.category_id in (${uuidList(f.categories)}))`
    : sql`true`;
  const ranges = f.priceRanges.map((i) => {
    const r = PRICE_RANGES[i];
    if (!r) throw new Error(`price range ${i} out of bounds`);
    return r.maxCents === null
      ? sql`a.price_cents >= ${r.minCents}`
      : sql`(a.price_cents >= ${r.minCents} and a.price_cents < ${r.maxCents})`;
  });
  const price = ranges.length ? sql`(${sql.join(ranges, sql` or `)})` : sql`true`;
  // Not disjunctive like the three facets: an available-only search counts available works only.
  const availability = f.available ? availableSql("a") : sql`true`;
  return { city, category, price, availability };
}

/**
 * Artists whose name is like the text, misspellings included ("adeymi" ~ "Adeyemi").
 * Asked of the few hundred artists first rather than of every artwork: a word
 * similarity computed per artwork row made a common word's counts 2.5× slower, and
 * a literal id list (unlike `= any(array(select …))`) lets the planner estimate the
 * match, so a rare word is not looked for by walking the whole curated order.
 * artworks.artist_display_name is a trigger-kept copy of users.display_name, so
 * this matches exactly the artworks a similarity on that copy would.
 */
async function artistsNamedLike(tx: Executor, text: TextQuery): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select id from users where ${artistListedSql("users")} and ${text.text} <% display_name`,
  );
  return rows.map((r) => r.id);
}

function textMatch(text: TextQuery, artistIds: string[]): SQL {
  const words = sql`a.search_vector @@ to_tsquery('simple', ${text.tsquery})`;
  return artistIds.length ? sql`(${words} or a.artist_id in (${uuidList(artistIds)}))` : words;
}

/**
 * Title words (weight A) outrank artist-name words (B); a name that only matches
 * by trigrams (a misspelling) comes last. ts_rank is about 0.06 for an A match and
 * 0.024 for B, hence the factor 10 against a word similarity of at most 1 × 0.1.
 */
function relevance(text: TextQuery): SQL {
  return sql`ts_rank(search_vector, to_tsquery('simple', ${text.tsquery})) * 10 + word_similarity(${text.text}, artist_display_name) * 0.1`;
}

/** The index of the price range a price falls in; `column` must not be null (check first). */
function priceRangeIndexSql(column: string): SQL {
  return sql.raw(
    `case ${PRICE_RANGES.map((r) => (r.maxCents === null ? `else ${r.index}` : `when ${column} < ${r.maxCents} then ${r.index}`)).join(" ")} end`,
  );
}

const priceRangeCase = priceRangeIndexSql("price_cents");

/**
 * A saved search's filters against many works at once (the digest, issue 16), written here
 * beside filterConditions and textMatch so the two keep one meaning: the same prefix text
 * query (without the misspelled-artist part), an empty list does not filter, a work
 * without a price is in no price range. Each side is prepared once per row, not once per
 * pair: `savedSearchWorkSql` is the select list of a work `a` with its artist `u`, and
 * `savedSearchQuerySql` the parsed text query of an alerts row `s`; `savedSearchMatchSql`
 * then compares a prepared work `w` with a prepared search `q` (its alert's lists as
 * city_ids, category_ids, price_ranges, and the parsed text as ts).
 */
export function savedSearchWorkSql(a: string, u: string): SQL {
  const [A, U] = [sql.identifier(a), sql.identifier(u)];
  return sql`${A}.search_vector, ${U}.city_id,
    array(select ac.category_id from artwork_categories ac where ac.artwork_id = ${A}.id) as category_ids,
    case when ${A}.price_cents is null then null else ${priceRangeIndexSql(`"${a}".price_cents`)} end as price_range`;
}

export function savedSearchQuerySql(s: string): SQL {
  const S = sql.identifier(s);
  return sql`case when ${S}.tsquery is null then null else to_tsquery('simple', ${S}.tsquery) end`;
}

export function savedSearchMatchSql(w: string, q: string): SQL {
  const [W, Q] = [sql.identifier(w), sql.identifier(q)];
  return sql`(cardinality(${Q}.city_ids) = 0 or ${W}.city_id = any(${Q}.city_ids))
    and (cardinality(${Q}.price_ranges) = 0 or ${W}.price_range = any(${Q}.price_ranges))
    and (cardinality(${Q}.category_ids) = 0 or ${W}.category_ids && ${Q}.category_ids)
    and (${Q}.ts is null or ${W}.search_vector @@ ${Q}.ts)`;
}

const hitColumns = cardColumnsSql("a");

export type SearchPage = { hits: ArtworkCard[]; nbHits: number; facets: FacetCounts };

/**
 * What a search selects, once the artists named like its text are known: plain data,
 * so the service can hand it from one statement to the next.
 */
export type SearchSelection = {
  text: TextQuery | null;
  artistIds: string[];
  filters: SearchFilters;
};

/**
 * The first statements of a search (with text only): the trigram threshold for this
 * transaction, then the artists named like the text.
 */
export async function selectSearch(
  tx: Executor,
  text: TextQuery | null,
  filters: SearchFilters,
): Promise<SearchSelection> {
  if (!text) return { text, artistIds: [], filters };
  await tx.execute(
    sql`select set_config('pg_trgm.word_similarity_threshold', ${String(ARTIST_NAME_SIMILARITY)}, true)`,
  );
  return { text, artistIds: await artistsNamedLike(tx, text), filters };
}

function matchOf(selection: SearchSelection): SQL {
  return selection.text ? textMatch(selection.text, selection.artistIds) : sql`true`;
}

/** Which page of hits, in which order. */
export type HitsPage = { offset: number; limit: number; sort: SearchSort };

/**
 * One page of hits. Featured without text is the curated order (an index scan that
 * stops after the page). Featured with text: the matches are cut to RELEVANCE_LIMIT in
 * curated order (for a common word an index scan that stops early, for a rare one its
 * few matches from the GIN index) and only those are ranked, so a common word in a
 * large catalogue never ranks and sorts every match. docs/performance.md has the plans.
 * The other orders need no ranking: the page is read in that order; with text it stops
 * at the RELEVANCE_LIMIT-th match too, so every text search pages the same way and a
 * common word never sorts past it.
 */
export async function findSearchHits(
  tx: Executor,
  selection: SearchSelection,
  page: HitsPage,
): Promise<ArtworkCard[]> {
  const { city, category, price, availability } = filterConditions(selection.filters);
  const text = selection.text;
  const match = matchOf(selection);
  const where = sql`${listed} and ${match} and ${city} and ${category} and ${price} and ${availability}`;
  if (page.sort !== "featured") {
    const limit = text ? Math.min(page.limit, RELEVANCE_LIMIT - page.offset) : page.limit;
    if (limit <= 0) return [];
    const rows = await queryRows<CardRow>(
      tx,
      page.sort === "price_desc"
        ? pricedFirst(where, { offset: page.offset, limit })
        : sql`select ${hitColumns}
        from artworks a join users u on u.id = a.artist_id
        where ${where}
        order by ${chosenOrders[page.sort]}
        offset ${page.offset} limit ${limit}`,
    );
    return rows.map(toCard);
  }
  const hitsQuery = text
    ? sql`with candidates as (
          select a.id, a.is_curated, a.random_order, a.search_vector, a.artist_display_name
          from artworks a join users u on u.id = a.artist_id
          where ${where}
          order by ${curatedOrder}
          limit ${RELEVANCE_LIMIT}
        ), ranked as (
          select id, is_curated, random_order,
            ${relevance(text)} as score
          from candidates
          order by score desc, is_curated desc, random_order asc, id asc
          offset ${page.offset} limit ${page.limit}
        )
        select ${hitColumns} from ranked r join artworks a on a.id = r.id
        order by r.score desc, r.is_curated desc, r.random_order asc, r.id asc`
    : sql`select ${hitColumns}
        from artworks a join users u on u.id = a.artist_id
        where ${where}
        order by ${curatedOrder}
        offset ${page.offset} limit ${page.limit}`;
  return (await queryRows<CardRow>(tx, hitsQuery)).map(toCard);
}

/**
 * The catalogue version (migration 0004). Read before the counts, in the same
 * transaction: a version is never newer than the data counted under it.
 */
export async function readCatalogueVersion(tx: Executor): Promise<string> {
  const [row] = await queryRows<{ version: string }>(
    tx,
    sql`select version::text as version from catalogue_version`,
  );
  return row?.version ?? "none";
}

/**
 * A whole search in one transaction, the counts always counted: the statements the
 * search service runs on a count it does not keep. bench/ explains and measures these.
 */
export async function searchArtworks(
  db: Database,
  input: { text: TextQuery | null; filters: SearchFilters } & HitsPage,
): Promise<SearchPage> {
  return db.transaction(async (tx) => {
    const selection = await selectSearch(tx, input.text, input.filters);
    const hits = await findSearchHits(tx, selection, input);
    return { hits, ...(await countSearchFacets(tx, selection)) };
  });
}

/** How many listed artworks the filters select, and the facet counts. */
export function countSearchFacets(
  tx: Executor,
  selection: SearchSelection,
): Promise<CountedFacets> {
  return countFacets(tx, selection, filterConditions(selection.filters).availability);
}

/**
 * The same counts over the works that are not available (sold), whatever `available`
 * says: an available-only search subtracts them from the kept counts of every work
 * (search.service.ts). Few works, but found by reading every listed one (no index
 * holds them: about one plain scan of the catalogue).
 */
export function countUnavailableFacets(
  tx: Executor,
  selection: SearchSelection,
): Promise<CountedFacets> {
  return countFacets(tx, selection, sql`not ${availableSql("a")}`);
}

async function countFacets(
  tx: Executor,
  selection: SearchSelection,
  availability: SQL,
): Promise<CountedFacets> {
  const { city, category, price } = filterConditions(selection.filters);
  const match = matchOf(selection);
  // Facets are disjunctive: each type is counted with the other types' filters
  // only, so the dialog can offer a second city while one is chosen.
  const facetRows = await queryRows<{ facet: string; key: string; n: number }>(
    tx,
    sql`with base as materialized (
        select a.id, u.city_id, a.price_cents,
          ${city} as city_ok, ${category} as category_ok, ${price} as price_ok
        from artworks a join users u on u.id = a.artist_id
        where ${listed} and ${match} and ${availability}
      )
      select 'total' as facet, '' as key, count(*)::int as n from base where city_ok and category_ok and price_ok
      union all
      select 'cities', city_id::text, count(*)::int from base
        where category_ok and price_ok and city_id is not null group by city_id
      union all
      select 'categories', ac.category_id::text, count(*)::int from base
        join artwork_categories ac on ac.artwork_id = base.id
        where city_ok and price_ok group by ac.category_id
      union all
      select 'priceRanges', (${priceRangeCase})::text, count(*)::int from base
        where city_ok and category_ok and price_cents is not null group by 2`,
  );
  const facets: FacetCounts = { cities: {}, categories: {}, priceRanges: {} };
  let nbHits = 0;
  for (const row of facetRows) {
    if (row.facet === "total") nbHits = row.n;
    else if (row.facet === "cities" || row.facet === "categories" || row.facet === "priceRanges") {
      facets[row.facet][row.key] = row.n;
    }
  }
  return { nbHits, facets };
}
