import {
  boolean,
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
  },
  (t) => [index("exhibitions_active_idx").on(t.isActive)],
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
