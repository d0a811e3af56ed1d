import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { queryRows } from "../../db/rows";
import { artistListedSql, listedSql } from "../artworks/artworks.api";

/** A sitemap file holds at most 50,000 addresses. */
export const SITEMAP_LIMIT = 50_000;

export type SitemapEntry = { path: string; lastModified: Date | null };

/** The public pages worth indexing: listed artworks, their artists, active exhibitions. */
export async function listSitemapEntries(db: Database): Promise<SitemapEntry[]> {
  const rows = await queryRows<{ path: string; last_modified: Date | string | null }>(
    db,
    sql`(select '/exhibition/' || e.id as path, e.created_at as last_modified
           from exhibitions e where e.is_active)
        union all
        (select '/artist/' || u.id, u.last_modified
           from users u where u.is_artist and ${artistListedSql("u")})
        union all
        (select '/artwork/' || a.id, a.updated_at
           from artworks a join users u on u.id = a.artist_id
          where ${listedSql("a", "u")}
          order by a.updated_at desc)
        limit ${SITEMAP_LIMIT - 2}`,
  );
  return rows.map((r) => ({
    path: r.path,
    lastModified: r.last_modified ? new Date(r.last_modified) : null,
  }));
}
