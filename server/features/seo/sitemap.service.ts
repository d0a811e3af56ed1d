import type { Database } from "../../db/client";
import { type SitemapEntry, listSitemapEntries } from "./sitemap.repository";

/** The sitemap's pages (public, listed, active). */
export type SitemapDeps = { db: Database };

export function getSitemapEntries(deps: SitemapDeps): Promise<SitemapEntry[]> {
  return listSitemapEntries(deps.db);
}
