import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const cities = pgTable(
  "cities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull().unique(),
  },
  // "Paris" and "paris" are one city, also when two admins add them at once.
  (t) => [uniqueIndex("cities_lower_name_idx").on(sql`lower(${t.name})`)],
);

/** Names are stored with underscores ("mixed_media") and shown as "Mixed Media". */
export const artCategories = pgTable(
  "art_categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull().unique(),
  },
  (t) => [uniqueIndex("art_categories_lower_name_idx").on(sql`lower(${t.name})`)],
);

export const banners = pgTable(
  "banners",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    imageUrl: text("image_url").notNull(),
    /** What the banner says (its drawn text), as the image's text alternative. */
    altText: text("alt_text").notNull().default(""),
    isActive: boolean("is_active").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("banners_active_idx").on(t.isActive, t.createdAt),
    // SPEC §3 reads one active banner; the database keeps it at most one (decision 0027).
    uniqueIndex("banners_one_active_idx")
      .on(t.isActive)
      .where(sql`${t.isActive}`),
  ],
);
