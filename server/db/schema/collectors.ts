import { index, pgTable, primaryKey, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { artworks } from "./artworks";

/**
 * What brings collectors back (issue 16): the works a person saved and the artists they
 * follow. Private to that person; artists only ever see counts.
 */
export const savedWorks = pgTable(
  "saved_works",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    artworkId: uuid("artwork_id")
      .notNull()
      .references(() => artworks.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.artworkId] }),
    index("saved_works_user_idx").on(t.userId, t.createdAt.desc()),
    index("saved_works_artwork_idx").on(t.artworkId),
  ],
);

export const follows = pgTable(
  "follows",
  {
    followerId: uuid("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    artistId: uuid("artist_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.artistId] }),
    index("follows_follower_idx").on(t.followerId, t.createdAt.desc()),
    index("follows_artist_idx").on(t.artistId),
  ],
);
