import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { sitePages } from "../../db/schema";

/** The site pages the operator has written (a page without a row shows its default). */

export type SitePageRow = typeof sitePages.$inferSelect;

export async function findSitePage(
  db: Queryable,
  slug: string,
  lock = false,
): Promise<SitePageRow | undefined> {
  const query = db.select().from(sitePages).where(eq(sitePages.slug, slug));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

export async function listSitePages(db: Queryable): Promise<SitePageRow[]> {
  return db.select().from(sitePages);
}

export async function saveSitePage(tx: Queryable, slug: string, markdown: string) {
  const [row] = await tx
    .insert(sitePages)
    .values({ slug, markdown })
    .onConflictDoUpdate({ target: sitePages.slug, set: { markdown, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error("site page upsert returned nothing");
  return row;
}

export async function deleteSitePage(tx: Queryable, slug: string): Promise<void> {
  await tx.delete(sitePages).where(eq(sitePages.slug, slug));
}
