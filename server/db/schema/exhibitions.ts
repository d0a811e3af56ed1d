import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { artworks } from "./artworks";

export const exhibitions = pgTable(
  "exhibitions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    address: text("address").notNull().default(""),
    bannerUrl: text("banner_url"),
    isActive: boolean("is_active").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Calendar days, "2026-11-12": the exhibition's run wherever it is read. */
    startsOn: date("starts_on", { mode: "string" }),
    endsOn: date("ends_on", { mode: "string" }),
    /** Free text: "Tue–Sat 11:00–18:00". */
    openingHours: text("opening_hours").notNull().default(""),
  },
  (t) => [
    index("exhibitions_active_idx").on(t.isActive),
    check(
      "exhibitions_dates_order_chk",
      sql`${t.startsOn} IS NULL OR ${t.endsOn} IS NULL OR ${t.endsOn} >= ${t.startsOn}`,
    ),
  ],
);

export const exhibitionArtworks = pgTable(
  "exhibition_artworks",
  {
    exhibitionId: uuid("exhibition_id")
      .notNull()
      .references(() => exhibitions.id, { onDelete: "cascade" }),
    artworkId: uuid("artwork_id")
      .notNull()
      .references(() => artworks.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.exhibitionId, t.artworkId] }),
    index("exhibition_artworks_artwork_idx").on(t.artworkId),
  ],
);
