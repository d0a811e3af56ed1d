import { sql } from "drizzle-orm";
import { check, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The site's own pages as the operator wrote them in Markdown (domain/site-pages.ts names
 * them); a page without a row shows its default text.
 */
export const sitePages = pgTable(
  "site_pages",
  {
    slug: text("slug").primaryKey(),
    markdown: text("markdown").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "site_pages_slug_chk",
      sql`${t.slug} IN ('about', 'contact', 'faq', 'shipping-returns', 'terms', 'privacy')`,
    ),
  ],
);
