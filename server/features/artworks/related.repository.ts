import { type SQL, sql } from "drizzle-orm";
import { queryRows } from "../../db/rows";
import { RAIL_LIMIT } from "../../../contracts/artwork-rails.contract";
import type { ArtworkCard } from "../../../contracts/artworks.contract";
import { availableSql } from "./availability.repository";
import { type CardRow, cardColumnsSql, toCard } from "./card-row.repository";
import { listedArtworkSql, listedSql } from "./listed.repository";

/**
 * The works around a work: "More by {artist}" and "Related works". Both take
 * only the work's id, so the artwork page reads them at the same time as the work itself.
 */

/** The database or a transaction (or, in bench/, one that explains each statement). */
type Executor = { execute(query: SQL): PromiseLike<unknown> };

/**
 * A category of the work with at least this many works is walked in price order from the
 * work's price (artworks_price_idx), and stops after RAIL_LIMIT matches each way; a
 * smaller one is read whole through artwork_categories_category_idx and sorted (at most
 * this many rows). Either way no statement sorts a common category's every work.
 */
export const LARGE_CATEGORY = 500;

const cardColumns = cardColumnsSql("a");

/** One side of "More by": the artist's other listed works in one availability, newest first. */
function moreByBranch(artworkId: string, availability: SQL, bucket: number): SQL {
  // The artist as a scalar subquery (one value, known before the scan) rather than a
  // join, so that each side walks artworks_artist_idx newest first and stops at the limit.
  return sql`(select ${cardColumns}, ${bucket}::int as bucket, a.created_at
    from artworks a
    join users u on u.id = a.artist_id
    where a.artist_id = (select w.artist_id from artworks w where w.id = ${artworkId})
      and a.id <> ${artworkId} and ${listedSql("a", "u")} and ${availability}
    order by a.created_at desc, a.id asc
    limit ${RAIL_LIMIT})`;
}

/**
 * "More by {artist}": up to RAIL_LIMIT other listed works by the work's artist, those a
 * buyer can still acquire (for sale, or offers only) first, then the rest (sold); newest
 * first, then by id. Each side stops after RAIL_LIMIT rows of artworks_artist_idx, so a
 * prolific artist costs no more than any other.
 */
export async function findMoreByArtist(db: Executor, artworkId: string): Promise<ArtworkCard[]> {
  const rows = await queryRows<CardRow>(
    db,
    sql`select * from (
      ${moreByBranch(artworkId, availableSql("a"), 0)}
      union all
      ${moreByBranch(artworkId, sql`not ${availableSql("a")}`, 1)}
    ) around
    order by bucket, created_at desc, id asc
    limit ${RAIL_LIMIT}`,
  );
  return rows.map(toCard);
}

type WorkCategory = { artist_id: string; price: number | null; category_id: string; size: number };

/**
 * The work's artist and price with each of its categories and the category's size, counted
 * only up to LARGE_CATEGORY (an index-only walk of artwork_categories_category_idx; the
 * order by its columns keeps the planner on the index for a rare category).
 */
function workCategories(db: Executor, artworkId: string) {
  return queryRows<WorkCategory>(
    db,
    sql`select w.artist_id, w.price_cents as price, ac.category_id,
      (select count(*)::int from (select 1 from artwork_categories s
        where s.category_id = ac.category_id order by s.category_id, s.artwork_id
        limit ${LARGE_CATEGORY}) sized) as size
    from artworks w join artwork_categories ac on ac.artwork_id = w.id
    where w.id = ${artworkId}`,
  );
}

/**
 * The candidates of one category: SQL branches of a union, each with its own limit. The
 * values are the work's, so each statement is planned for this work's categories.
 */
function candidateBranches(c: WorkCategory): SQL[] {
  const forSale = sql`a.is_for_sale = true and a.artist_id <> ${c.artist_id}
    and ${listedArtworkSql("a")}`;
  const inCategory = sql`exists (select 1 from artwork_categories x
    where x.artwork_id = a.id and x.category_id = ${c.category_id})`;
  if (c.size < LARGE_CATEGORY || c.price === null) {
    // Read whole: at most LARGE_CATEGORY rows, each found by its primary key. A work without
    // a price has nothing to be near to: it takes the first LARGE_CATEGORY of a large
    // category in id order (a fixed, arbitrary sample) rather than have the planner join
    // the whole category to find, say, the newest.
    const distance =
      c.price === null ? sql`a.id` : sql`abs(a.price_cents - ${c.price}) asc nulls last, a.id`;
    return [
      sql`(select a.id from (select x.artwork_id from artwork_categories x
          where x.category_id = ${c.category_id} order by x.category_id, x.artwork_id
          limit ${LARGE_CATEGORY}) x
        join artworks a on a.id = x.artwork_id
        where ${forSale}
        order by ${distance} limit ${RAIL_LIMIT * 2})`,
    ];
  }
  const walk = (where: SQL, order: SQL) =>
    sql`(select a.id from artworks a where ${where} and ${forSale} and ${inCategory}
      order by ${order} limit ${RAIL_LIMIT})`;
  // Outwards from the work's price along artworks_price_idx, RAIL_LIMIT each way. A work
  // for sale always has a price (domain/listing.ts), so none is missed here; one without
  // (older data) is a candidate only in a small category, and ranks last.
  return [
    walk(sql`a.price_cents >= ${c.price}`, sql`a.price_cents asc`),
    walk(sql`a.price_cents <= ${c.price}`, sql`a.price_cents desc`),
  ];
}

/**
 * "Related works": up to RAIL_LIMIT listed works for sale by other artists that share at
 * least one category with the work, those sharing more categories first, then the nearest
 * in price (works without a price last), then by id. A work without categories has none:
 * a price alone does not make two works related.
 *
 * Two statements. The first reads the work's categories and how large each is. The second
 * gathers candidates per category: a large category (LARGE_CATEGORY works or more) gives
 * the RAIL_LIMIT nearest priced works above and below the work's price, walking the price
 * index outwards; a small one is read whole and gives its 2 × RAIL_LIMIT nearest. A work
 * without a price reads at most LARGE_CATEGORY works of each category, in id order. The
 * candidates are then ranked by their shared categories, counted exactly. So the order is
 * exact among the candidates; a work sharing two large categories but far in price can lose
 * its place to nearer ones sharing one, which is the price of never sorting a whole category.
 */
export async function findRelatedWorks(db: Executor, artworkId: string): Promise<ArtworkCard[]> {
  const categories = await workCategories(db, artworkId);
  const first = categories[0];
  if (!first) return [];
  const categoryIds = sql.join(
    categories.map((c) => sql`${c.category_id}::uuid`),
    sql`, `,
  );
  const distance = first.price === null ? sql`null::int` : sql`abs(a.price_cents - ${first.price})`;
  const rows = await queryRows<CardRow>(
    db,
    sql`select ${cardColumns},
      (select count(*) from artwork_categories s
        where s.artwork_id = a.id and s.category_id in (${categoryIds})) as shared,
      ${distance} as distance
    from (select distinct id from (${sql.join(categories.flatMap(candidateBranches), sql` union all `)}) candidates) c
    join artworks a on a.id = c.id
    order by shared desc, distance asc nulls last, a.id asc
    limit ${RAIL_LIMIT}`,
  );
  return rows.map(toCard);
}
