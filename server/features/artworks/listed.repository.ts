import { type SQL, sql } from "drizzle-orm";

/**
 * SPEC §6: only artworks whose artist has an active payout account are listed in the
 * marketplace, and never a draft; nor a work the team hid, nor the works of a person
 * the team suspended (decision 0027). This is the one definition of "listed": search, the
 * sitemap and every checkout step use it, so a work that left search cannot be bought
 * either. The search's kept counts write it once more in SQL
 * (search_work_listed, migration 0020; decision 0032): change both, and
 * search-counts.integration.test.ts will tell if they part. The arguments are the SQL
 * names of the rows in the query (a
 * table or an alias): `a` the artwork, `u` its artist. SQL fragments for the other
 * repositories, so it is a repository module too (only repositories know Drizzle).
 */
export function artistListedSql(u: string): SQL {
  return sql`(${sql.identifier(u)}.payout_status = 'active' and ${sql.identifier(u)}.suspended_at is null)`;
}

/** The artwork's own part of the rule: not a draft, not hidden. */
function listedWorkSql(a: string): SQL {
  return sql`${sql.identifier(a)}.status <> 'draft' and ${sql.identifier(a)}.hidden_at is null`;
}

/** For a query that has the artwork and its artist's users row at hand. */
export function listedSql(a: string, u: string): SQL {
  return sql`${artistListedSql(u)} and ${listedWorkSql(a)}`;
}

/** For a query that has only the artwork, such as a conditional UPDATE of it. */
export function listedArtworkSql(a: string): SQL {
  return sql`(${listedWorkSql(a)} and exists (select 1 from users listed_artist
    where listed_artist.id = ${sql.identifier(a)}.artist_id and ${artistListedSql("listed_artist")}))`;
}
