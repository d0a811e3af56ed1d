import { type SQL, sql } from "drizzle-orm";

/**
 * Offers only and sold (decision 0030): two different states that the SPEC's
 * `isForSale` alone cannot tell apart, written once for every query that needs them (the
 * cards, the artist's tabs, search). The argument is the SQL name of the artwork's row
 * in the query (a table or an alias). The search's kept counts write "available" once
 * more in SQL (search_work_available, migration 0020; decision 0032): change both.
 */

/** Not for sale and still its artist's (SPEC §3 status 'not for sale'): open to offers only. */
export function offersOnlySql(a: string): SQL {
  return sql`(${sql.identifier(a)}.status = 'not for sale' and ${sql.identifier(a)}.owner_id = ${sql.identifier(a)}.artist_id)`;
}

/** Not for sale and someone else's: sold. */
export function soldSql(a: string): SQL {
  return sql`(${sql.identifier(a)}.is_for_sale = false and ${sql.identifier(a)}.owner_id <> ${sql.identifier(a)}.artist_id)`;
}

/** What a buyer can still acquire from the artist: for sale at a price, or offers only. */
export function availableSql(a: string): SQL {
  return sql`(${sql.identifier(a)}.is_for_sale = true or ${offersOnlySql(a)})`;
}

/**
 * The work's own part of "a buyer may make an offer now": offers only, or for sale with
 * offers allowed. With `listedSql` (listed.repository.ts) it is the detail's `acceptsOffers`.
 */
export function takesOffersSql(a: string): SQL {
  return sql`(${offersOnlySql(a)} or (${sql.identifier(a)}.is_for_sale = true and ${sql.identifier(a)}.accepts_offers = true))`;
}
