import { sql } from "drizzle-orm";
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
import { users } from "./auth";
import { artworks } from "./artworks";

/**
 * What brings collectors back: the works a person saved and the artists they
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

/** How often a person's alert digest may be e-mailed; `off` sends none. */
export const DIGEST_FREQUENCIES = ["daily", "weekly", "off"] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

/**
 * A saved marketplace search: the search text and filters of the URL as they
 * were when the alert was made. `tsquery` is the prefix query built from the text when the
 * alert is saved (null without text), so the digest matches in SQL as search does.
 */
export const alerts = pgTable(
  "alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    queryText: text("query_text").notNull().default(""),
    tsquery: text("tsquery"),
    cityIds: uuid("city_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    categoryIds: uuid("category_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    priceRanges: integer("price_ranges")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("alerts_user_idx").on(t.userId, t.createdAt.desc())],
);

/**
 * A person's e-mail preferences and digest state, one row per person who has
 * made an alert, followed an artist or saved settings. `checkedThrough` is the end of the
 * window the last digest run looked at: the next run looks at works listed after it.
 * `lastSentAt` is when a digest was last e-mailed: at most one per day (or week).
 */
export const mailPreferences = pgTable(
  "mail_preferences",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    digestFrequency: text("digest_frequency").$type<DigestFrequency>().notNull().default("daily"),
    followEmails: boolean("follow_emails").notNull().default(true),
    /** E-mails of unread messages (server/features/conversations). */
    messageEmails: boolean("message_emails").notNull().default(true),
    checkedThrough: timestamp("checked_through", { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mail_preferences_due_idx").on(t.digestFrequency, t.lastSentAt)],
);
