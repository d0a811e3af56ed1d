import { type SQL, sql } from "drizzle-orm";
import { PRICE_RANGES } from "../../../domain/price-ranges";
import { queryRows } from "../../db/rows";
import { availableSql } from "../artworks/artworks.api";
import { type CardRow, cardColumnsSql, toCard } from "../artworks/artworks.api";
import { artistListedSql, listedSql } from "../artworks/artworks.api";
import { RELEVANCE_LIMIT, prefixTsQuery, searchWords } from "./search-text";
import type { ArtworkCard } from "../../../contracts/artworks.contract";
import {
  type FacetCounts,
  SEARCH_COUNT_LIMIT,
  type SearchSort,
} from "../../../contracts/search.contract";

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
 * word to look for ("!!!"). Alerts save it, so their digest matches in SQL the
 * words a search of the same text matches (without the misspelled-artist part).
 */
export function prefixTsQueryOf(q: string): string | null {
  const words = searchWords(q);
  return words.length ? prefixTsQuery(words) : null;
}

const listed = listedSql("a", "u");

/**
 * The curated order: what can be bought first (sale_rank: for sale, offers only, sold;
 * decision 0044), then the team's curation. It is exactly the key of
 * artworks_curated_order_idx and artworks_curated_walk_idx, so a page reads an index in
 * order and stops after it; `nulls last` is part of that (the index is `is_curated desc
 * nulls last`, and a plain `desc`, nulls first, would sort the whole catalogue instead).
 * Every place that sorts in it (a search's candidates and ranked works as well) takes
 * it from here: the ranked works must be the first candidates.
 */
function curatedOrderOf(alias: "a" | "r" | null): SQL {
  const of = sql.raw(alias ? `${alias}.` : "");
  return sql`${of}sale_rank asc, ${of}is_curated desc nulls last, ${of}random_order asc, ${of}id asc`;
}
const curatedOrder = curatedOrderOf("a");

/**
 * The other orders, each ending in the id so equal dates or prices keep one
 * order from page to page. Works without a price (offers only) come last in both price
 * orders. As with the curated order, `nulls last` is what lets an index serve them
 * (both columns are never null where it matters): newest is artworks_newest_idx
 * exactly (`desc nulls last`; a plain `desc` is nulls first and sorts the whole
 * catalogue instead of an index scan that stops after the page), and
 * price_asc reads artworks_price_idx (`asc nulls last`) in order, sorting only equal
 * prices by id. price_desc is read in two parts, see pricedFirst.
 */
const chosenOrders: Record<Exclude<SearchSort, "featured" | "price_desc">, SQL> = {
  newest: sql`a.created_at desc nulls last, a.id desc nulls last`,
  price_asc: sql`a.price_cents asc nulls last, a.id asc`,
};

/**
 * Price high to low. artworks_price_idx read backwards gives `desc nulls first`, the
 * wrong end for works without a price, and sorting every match instead is slow on a
 * large catalogue. So the priced works are read backwards along the index (no nulls
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
  // read once into a hash table (much faster counts with a category chosen).
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
 * A prefix is asked for as its exact words when at most this many words start with it
 * (decision 0036): "blue" as 'blue' | 'blues' | 'bluebell'. More (a short prefix, "b")
 * and it stays a prefix query, as correct and as slow as before.
 */
export const WORDS_PER_PREFIX = 16;

/**
 * Words that can be expanded: letters a–z and digits only. The search's word is then
 * exactly the lexeme to_tsquery('simple', …) makes of it (one token, lower case), so the
 * words of search_words that start with it are the lexemes its prefix matches, compared
 * bytewise as GIN compares them. Other words (accents, other scripts) stay prefixes.
 */
const EXPANDABLE_WORD = /^[a-z0-9]{1,64}$/;

/**
 * Artists whose name is like the text, misspellings included ("adeymi" ~ "Adeyemi": a word
 * similarity of at least 0.5, the threshold every session starts with, SESSION_SETTINGS in
 * server/db/client.ts).
 * Asked of the few hundred artists first rather than of every artwork: a word
 * similarity computed per artwork row made a common word's counts much slower, and
 * a literal id list (unlike `= any(array(select …))`) lets the planner estimate the
 * match, so a rare word is not looked for by walking the whole curated order.
 * artworks.artist_display_name is a trigger-kept copy of users.display_name, so
 * this matches exactly the artworks a similarity on that copy would.
 *
 * In the same statement, the words of search_words (migration 0024) that start with
 * each expandable word of the text, up to one more than WORDS_PER_PREFIX.
 */
async function artistsAndWords(
  tx: Executor,
  text: TextQuery,
): Promise<{ artistIds: string[]; words: WordsQuery | null }> {
  const words = searchWords(text.text);
  const lookups = words.flatMap((word, i) =>
    EXPANDABLE_WORD.test(word)
      ? [
          sql`select ${i}::int as i, word from (select word from search_words
            where word like ${`${word}%`} order by word limit ${WORDS_PER_PREFIX + 1}) w${sql.raw(String(i))}`,
        ]
      : [],
  );
  const rows = await queryRows<{ i: number; word: string }>(
    tx,
    sql.join(
      [
        sql`select -1 as i, id::text as word from users where ${artistListedSql("users")} and ${text.text} <% display_name`,
        ...lookups,
      ],
      sql` union all `,
    ),
  );
  const found = new Map<number, string[]>();
  for (const row of rows) found.set(row.i, [...(found.get(row.i) ?? []), row.word]);
  const prefixes: string[] = [];
  const exact: string[] = [];
  for (const [i, word] of words.entries()) {
    const expansion = found.get(i) ?? [];
    if (!EXPANDABLE_WORD.test(word) || expansion.length > WORDS_PER_PREFIX) {
      prefixes.push(word);
    } else if (!expansion.length) {
      // No word of any work starts with it: no work matches by its words.
      return { artistIds: found.get(-1) ?? [], words: null };
    } else {
      exact.push(`(${expansion.map(tsqueryLexeme).join(" | ")})`);
    }
  }
  return {
    artistIds: found.get(-1) ?? [],
    words: { exact: exact.join(" & "), prefix: prefixTsQuery(prefixes) },
  };
}

/** A lexeme as tsquery input takes it verbatim: quoted, its quotes and backslashes doubled. */
function tsqueryLexeme(word: string): string {
  return `'${word.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

/**
 * The words of a text as the search asks the index for them: `exact`, tsquery input of
 * the expanded words ("('blue' | 'blues') & 'harbor'"), and `prefix`, the words kept as
 * prefixes for to_tsquery ("b:*"); either may be empty, not both.
 */
export type WordsQuery = { exact: string; prefix: string };

/** A uuid as it is in a key of artworks.search_facets (lower case; checked, as it goes into a query). */
function keyId(id: string): string {
  const uuid = id.toLowerCase();
  if (!/^[0-9a-f-]+$/.test(uuid)) throw new Error(`not a uuid: ${id}`);
  return uuid;
}

/** A compound key is asked for only while the chosen values make at most this many. */
const COMPOUND_KEYS = 16;

/** Every combination of one value from each list, joined: the compound keys' suffixes. */
function combine(lists: string[][]): string[] {
  return lists.reduce<string[]>((acc, list) => acc.flatMap((a) => list.map((b) => a + b)), [""]);
}

/**
 * The filters as a query of the keys each work carries in artworks.search_facets
 * (migrations 0023 and 0025, decisions 0035 and 0036): its artist's city (c), its
 * categories (g), its price range (p), and whether it is available (av), and each
 * combination of two or three of the first three (cg, cp, gp, cgp). The GIN index over
 * the words and the keys together then intersects a common word with selective filters
 * in one scan ("blue" in 300,000 works, with a city, a category and a price range in
 * 800). The most specific keys the filters allow are asked for: one key per combination
 * of the chosen values while there are at most COMPOUND_KEYS, as its posting list is the
 * short one the intersection needs. Only a narrowing: the exact conditions of
 * filterConditions stay beside it and decide. Null when nothing narrows.
 */
function facetKeysMatch(f: SearchFilters): SQL | null {
  const facets = {
    c: f.cities.map(keyId),
    g: f.categories.map(keyId),
    p: f.priceRanges.map((i) => {
      if (!PRICE_RANGES[i]) throw new Error(`price range ${i} out of bounds`);
      return String(i);
    }),
  };
  const any = (keys: string[]) =>
    keys.length === 1 ? `'${keys[0]}'` : `(${keys.map((k) => `'${k}'`).join(" | ")})`;
  const chosen = (["c", "g", "p"] as const).filter((name) => facets[name].length);
  if (!chosen.length) return null;
  // The largest combination that stays small, then the facets left as single keys.
  const combinations = [
    ["c", "g", "p"],
    ["c", "g"],
    ["g", "p"],
    ["c", "p"],
  ] as const;
  const compound = combinations.find(
    (names) =>
      names.every((name) => facets[name].length) &&
      names.reduce((n, name) => n * facets[name].length, 1) <= COMPOUND_KEYS,
  );
  const parts: string[] = [];
  const single = chosen.filter(
    (name) => !(compound as readonly string[] | undefined)?.includes(name),
  );
  if (compound) {
    parts.push(
      any(combine(compound.map((name) => facets[name])).map((k) => compound.join("") + k)),
    );
  }
  for (const name of single) parts.push(any(facets[name].map((k) => name + k)));
  if (f.available) parts.push("'av'");
  return sql`a.search_facets @@ ${parts.join(" & ")}::tsquery`;
}

function textMatch(text: TextQuery, artistIds: string[], expanded?: WordsQuery | null): SQL {
  const words = wordsMatch(text, expanded);
  return artistIds.length ? sql`(${words} or a.artist_id in (${uuidList(artistIds)}))` : words;
}

/**
 * The words' condition: the prefix query of the text, or, once expanded (decision 0036),
 * the exact words beside what stayed a prefix; null when a word starts no word at all.
 */
function wordsMatch(text: TextQuery, expanded: WordsQuery | null | undefined): SQL {
  if (expanded === undefined) return sql`a.search_vector @@ to_tsquery('simple', ${text.tsquery})`;
  if (expanded === null) return sql`false`;
  const exact = expanded.exact ? sql`${expanded.exact}::tsquery` : null;
  const prefix = expanded.prefix ? sql`to_tsquery('simple', ${expanded.prefix})` : null;
  const query = exact && prefix ? sql`(${exact} && ${prefix})` : (exact ?? prefix);
  if (!query) throw new Error("a text with no words");
  return sql`a.search_vector @@ ${query}`;
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
 * A saved search's filters against many works at once (the digest), written here
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

export type SearchPage = { hits: ArtworkCard[] } & SearchCounts;

/**
 * What a search selects, once the artists named like its text are known: plain data,
 * so the service can hand it from one statement to the next.
 */
export type SearchSelection = {
  text: TextQuery | null;
  artistIds: string[];
  filters: SearchFilters;
  /**
   * The text's words expanded into exact words (artistsAndWords); null when one of them
   * starts no word. Absent: the prefix query of the text itself, as the recount oracle
   * (countSearchFacets) asks it, independently of search_words.
   */
  words?: WordsQuery | null;
};

/**
 * The first statement of a search (with text only): the artists named like its text and
 * the words its prefixes expand to. The trigram threshold their `<%` matches at is a
 * setting every session starts with (SESSION_SETTINGS, server/db/client.ts), so a search
 * needs no transaction of its own to set it.
 */
async function selectSearch(
  tx: Executor,
  text: TextQuery | null,
  filters: SearchFilters,
): Promise<SearchSelection> {
  if (!text) return { text, artistIds: [], filters };
  return { text, ...(await artistsAndWords(tx, text)), filters };
}

function matchOf(selection: SearchSelection): SQL {
  return selection.text
    ? textMatch(selection.text, selection.artistIds, selection.words)
    : sql`true`;
}

/** Which page of hits, in which order. */
export type HitsPage = { offset: number; limit: number; sort: SearchSort };

/**
 * One page of hits. Featured without text is the curated order (an index scan that
 * stops after the page). Featured with text: the matches are cut to RELEVANCE_LIMIT in
 * curated order (for a common word an index scan that stops early, for a rare one its
 * few matches from the GIN index) and only those are ranked, so a common word in a
 * large catalogue never ranks and sorts every match (`npm run bench:search --
 * --explain` prints the plans).
 * The other orders need no ranking: the page is read in that order; with text it stops
 * at the RELEVANCE_LIMIT-th match too, so every text search pages the same way and a
 * common word never sorts past it.
 */
async function findSearchHits(
  tx: Executor,
  selection: SearchSelection,
  page: HitsPage,
): Promise<SearchHits> {
  const { city, category, price, availability } = filterConditions(selection.filters);
  const text = selection.text;
  const match = matchOf(selection);
  const keys = (text && facetKeysMatch(selection.filters)) || sql`true`;
  const where = sql`${listed} and ${match} and ${keys} and ${city} and ${category} and ${price} and ${availability}`;
  if (page.sort !== "featured") {
    const limit = text ? Math.min(page.limit, RELEVANCE_LIMIT - page.offset) : page.limit;
    if (limit <= 0) return { hits: [], matched: null, first: null };
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
    return { hits: rows.map(toCard), matched: null, first: null };
  }
  if (!text) {
    const rows = await queryRows<CardRow>(
      tx,
      sql`select ${hitColumns}
        from artworks a join users u on u.id = a.artist_id
        where ${where}
        order by ${curatedOrder}
        offset ${page.offset} limit ${page.limit}`,
    );
    return { hits: rows.map(toCard), matched: null, first: null };
  }
  // One candidate more than are ranked: how many there are is then the capped count of
  // the matches with every filter (COUNT_LIMIT + 1 at most), which countSearch needs and
  // would otherwise look for again. Without a facet filter the candidates are also the
  // first COUNT_LIMIT + 1 matches whose cells countSearch sums: summed here, in the same
  // statement, rather than looked for again.
  const f = selection.filters;
  const unfiltered = !f.cities.length && !f.categories.length && !f.priceRanges.length;
  const cellColumns = unfiltered
    ? sql`, u.city_id, a.price_cents, a.search_category_ids as category_ids`
    : sql``;
  const firstCells = unfiltered
    ? sql`, (select coalesce(json_agg(sums), '[]'::json) from (${sumCellsSql(
        sql`select city_id, case when price_cents is null then null else ${priceRangeCase} end as price_range,
          category_ids, 1 as n from candidates`,
        f,
      )}) sums) as first_cells`
    : sql``;
  const rows = await queryRows<CardRow & { matched: number; first_cells?: CellSumRow[] }>(
    tx,
    sql`with candidates as materialized (
          select a.id, a.sale_rank, a.is_curated, a.random_order, a.search_vector, a.artist_display_name ${cellColumns}
          from artworks a join users u on u.id = a.artist_id
          where ${where}
          order by ${curatedOrder}
          limit ${RELEVANCE_LIMIT + 1}
        ), ranked as (
          select id, sale_rank, is_curated, random_order,
            ${relevance(text)} as score
          from (select * from candidates order by ${curatedOrderOf(null)}
            limit ${RELEVANCE_LIMIT}) first
          order by sale_rank asc, score desc, ${curatedOrderOf(null)}
          offset ${page.offset} limit ${page.limit}
        )
        select ${hitColumns}, (select count(*) from candidates)::int as matched ${firstCells}
        from ranked r join artworks a on a.id = r.id
        order by r.sale_rank asc, r.score desc, ${curatedOrderOf("r")}`,
  );
  const first = rows[0]?.first_cells;
  return {
    hits: rows.map(toCard),
    matched: rows[0]?.matched ?? null,
    first: first ? readCellSums(first) : null,
  };
}

/**
 * A page of hits, and for a featured text search with hits on the page, how many works
 * match the text and every filter, counted up to COUNT_LIMIT + 1, and without a facet
 * filter the sums of the cells of those first matches (null otherwise).
 */
export type SearchHits = { hits: ArtworkCard[]; matched: number | null; first: CellSums | null };

/**
 * Text searches count their matches up to here, and say a larger total as "1,000+" (the
 * contract's exhaustiveNbHits; Algolia's non-exhaustive counts are the precedent): the
 * same bound as the ranking (RELEVANCE_LIMIT), so a count never promises more pages
 * than a text search can page through. Decision 0032.
 */
export const COUNT_LIMIT = SEARCH_COUNT_LIMIT;

/** The counts of a search, and whether they are exact (see COUNT_LIMIT). */
export type SearchCounts = CountedFacets & {
  exhaustiveNbHits: boolean;
  exhaustiveFacetsCount: boolean;
};

/**
 * A whole search: its statements one after another, as the search service runs them.
 * bench/ explains and measures these.
 */
export async function searchArtworks(
  db: Executor,
  input: { text: TextQuery | null; filters: SearchFilters } & HitsPage,
): Promise<SearchPage> {
  const selection = await selectSearch(db, input.text, input.filters);
  const { hits, ...counted } = await findSearchHits(db, selection, input);
  return { hits, ...(await countSearch(db, selection, counted)) };
}

/** The counts of a search: kept ones without text, counted up to COUNT_LIMIT with text. */
async function countSearch(
  tx: Executor,
  selection: SearchSelection,
  counted: Omit<SearchHits, "hits"> = { matched: null, first: null },
): Promise<SearchCounts> {
  if (selection.text) return countTextMatches(tx, selection, counted);
  const kept = await countKeptFacets(tx, selection.filters);
  return { ...kept, exhaustiveNbHits: true, exhaustiveFacetsCount: true };
}

/**
 * Whether a cell's city, categories and price range pass the filters: the columns of
 * search_counts (migration 0020), which the text counts below compute for each match.
 * A set of categories passes when it shares one with the filter; a work without a
 * price is in no price range.
 */
function cellConditions(f: SearchFilters) {
  const ranges = f.priceRanges.map((i) => {
    if (!PRICE_RANGES[i]) throw new Error(`price range ${i} out of bounds`);
    return sql`${i}::smallint`;
  });
  return {
    city: f.cities.length ? sql`city_id in (${uuidList(f.cities)})` : sql`true`,
    category: f.categories.length
      ? sql`category_ids && array[${uuidList(f.categories)}]`
      : sql`true`,
    price: ranges.length ? sql`price_range in (${sql.join(ranges, sql`, `)})` : sql`true`,
  };
}

/**
 * The total and the disjunctive facet counts over `cells`: rows of (city_id,
 * price_range, category_ids, n), n works each. Each facet type is counted with the other
 * types' filters only, so the dialog can offer a second city while one is chosen.
 * `matched` is the number of rows.
 */
type CellSumRow = { facet: string; key: string; n: number };
/** The sums of sumCells: the total and the facet counts, and how many rows (`matched`). */
export type CellSums = CountedFacets & { matched: number };

function sumCellsSql(cells: SQL, filters: SearchFilters): SQL {
  const { city, category, price } = cellConditions(filters);
  return sql`with cell as materialized (
        select city_id, price_range, category_ids, n,
          ${city} as city_ok, ${category} as category_ok, ${price} as price_ok
        from (${cells}) cells
      )
      select 'matched' as facet, '' as key, count(*)::int as n from cell
      union all
      select 'total', '', coalesce(sum(n), 0)::int from cell where city_ok and category_ok and price_ok
      union all
      select 'cities', city_id::text, sum(n)::int from cell
        where category_ok and price_ok and city_id is not null group by city_id
      union all
      select 'categories', c::text, sum(n)::int from (
          -- unnest in the select list (one ProjectSet over the cells), not a function scan
          -- joined to each cell: 23 -> 17 ms for the 5,717 cells of 1,000,000 works (0040).
          select unnest(category_ids) as c, n from cell where city_ok and price_ok
        ) exploded group by c
      union all
      select 'priceRanges', price_range::text, sum(n)::int from cell
        where city_ok and category_ok and price_range is not null group by price_range`;
}

function readCellSums(rows: CellSumRow[]): CellSums {
  const facets: FacetCounts = { cities: {}, categories: {}, priceRanges: {} };
  let nbHits = 0;
  let matched = 0;
  for (const row of rows) {
    if (row.facet === "total") nbHits = row.n;
    else if (row.facet === "matched") matched = row.n;
    // A key counted down to nothing is left out, as a count of the works leaves it.
    else if (
      row.n > 0 &&
      (row.facet === "cities" || row.facet === "categories" || row.facet === "priceRanges")
    ) {
      facets[row.facet][row.key] = row.n;
    }
  }
  return { nbHits, facets, matched };
}

async function sumCells(tx: Executor, cells: SQL, filters: SearchFilters): Promise<CellSums> {
  return readCellSums(await queryRows<CellSumRow>(tx, sumCellsSql(cells, filters)));
}

/**
 * The counts of a search without text, from the counts the catalogue's own transactions
 * keep (search_counts, migration 0020; decision 0032): a sum over a few thousand cells
 * at most, exact, never a recount. "Available only" sums the available cells only.
 */
export async function countKeptFacets(
  tx: Executor,
  filters: SearchFilters,
): Promise<CountedFacets> {
  const available = filters.available ? sql`and available` : sql``;
  const { nbHits, facets } = await sumCells(
    tx,
    sql`select city_id, price_range, category_ids, n from search_counts where n <> 0 ${available}`,
    filters,
  );
  return { nbHits, facets };
}

/**
 * The counts of a text search, counted up to COUNT_LIMIT. The facets are counted over
 * the first COUNT_LIMIT + 1 matches (the text and "Available only", no facet filter): a
 * query that stops early however common the word, with no bitmap of every match. When
 * there are no more, every count is exact; when there are, the facet counts are lower
 * bounds (exhaustiveFacetsCount false, the page shows no number) and the total is
 * counted with the filters, again stopping at COUNT_LIMIT + 1. A featured text search's
 * hits have counted both already (findSearchHits: their candidates are the first matches
 * when no facet filter is chosen), and then nothing is looked for again.
 *
 * A match's categories are its column search_category_ids (migration 0026), not looked
 * up in artwork_categories (an index lookup per match was most of a common word's counts,
 * decision 0036) nor read out of its keys (decision 0040). The trigger that keeps the keys keeps it, and both are
 * compared with the links after random changes (search-counts.integration.test.ts); the
 * curated walk's index carries it, so the first 1,001 matches are read from the index.
 */
async function countTextMatches(
  tx: Executor,
  selection: SearchSelection,
  { matched, first: counted }: Omit<SearchHits, "hits">,
): Promise<SearchCounts> {
  const { availability } = filterConditions(selection.filters);
  const match = matchOf(selection);
  const first =
    counted ??
    (await sumCells(
      tx,
      sql`select u.city_id,
        case when a.price_cents is null then null else ${priceRangeIndexSql("a.price_cents")} end as price_range,
        a.search_category_ids as category_ids,
        1 as n
      from artworks a join users u on u.id = a.artist_id
      where ${listed} and ${match} and ${availability}
      limit ${COUNT_LIMIT + 1}`,
      selection.filters,
    ));
  const { facets } = first;
  if (first.matched <= COUNT_LIMIT) {
    return { nbHits: first.nbHits, facets, exhaustiveNbHits: true, exhaustiveFacetsCount: true };
  }
  const over = {
    nbHits: COUNT_LIMIT,
    facets,
    exhaustiveNbHits: false,
    exhaustiveFacetsCount: false,
  };
  if (first.nbHits > COUNT_LIMIT) return over;
  // The hits have counted them already (findSearchHits).
  if (matched !== null) {
    return matched > COUNT_LIMIT ? over : { ...over, nbHits: matched, exhaustiveNbHits: true };
  }
  const { city, category, price } = filterConditions(selection.filters);
  const keys = facetKeysMatch(selection.filters) ?? sql`true`;
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from (
        select 1 from artworks a join users u on u.id = a.artist_id
        where ${listed} and ${match} and ${keys} and ${availability} and ${city} and ${category} and ${price}
        limit ${COUNT_LIMIT + 1}
      ) capped`,
  );
  const n = row?.n ?? 0;
  return n > COUNT_LIMIT ? over : { ...over, nbHits: n, exhaustiveNbHits: true };
}

/** How many listed artworks the filters select, and the facet counts. */
export type CountedFacets = { nbHits: number; facets: FacetCounts };

/**
 * The same counts recounted over the whole catalogue, every match visited: no search
 * runs this any more (decision 0032). It is the oracle the kept counts are compared with
 * (search-counts.integration.test.ts), written independently of them.
 */
export async function countSearchFacets(
  tx: Executor,
  selection: SearchSelection,
): Promise<CountedFacets> {
  const { city, category, price, availability } = filterConditions(selection.filters);
  const match = matchOf(selection);
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
