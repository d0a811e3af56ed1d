import { sql } from "drizzle-orm";
import {
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { artworks } from "./artworks";
import { users } from "./auth";
import { orders } from "./commerce";

/**
 * A buyer's review of the artist after a completed order (decision 0056): one per order
 * (the unique index stops a second by double submit or by another server), the artist's
 * one reply, and the team's hiding. The work's title and thumbnail are kept as they were
 * at the sale, as the order keeps them.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    artistId: uuid("artist_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    artworkId: uuid("artwork_id").references(() => artworks.id, { onDelete: "set null" }),
    artworkTitle: text("artwork_title").notNull(),
    artworkThumbnail: text("artwork_thumbnail"),
    rating: smallint("rating").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenBy: uuid("hidden_by").references(() => users.id, { onDelete: "set null" }),
    hiddenReason: text("hidden_reason"),
  },
  (t) => [
    uniqueIndex("reviews_order_idx").on(t.orderId),
    index("reviews_artist_visible_idx")
      .on(t.artistId, t.createdAt.desc())
      .where(sql`${t.hiddenAt} is null`),
    index("reviews_buyer_idx").on(t.buyerId),
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
    check("reviews_reply_check", sql`(${t.reply} is null) = (${t.repliedAt} is null)`),
  ],
);

export type ReviewReportStatus = "open" | "dismissed" | "hidden";

/** A person's report of a review: one per person and review, decided by the team. */
export const reviewReports = pgTable(
  "review_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    reporterId: uuid("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    status: text("status").$type<ReviewReportStatus>().notNull().default("open"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("review_reports_once_idx").on(t.reviewId, t.reporterId),
    index("review_reports_status_idx").on(t.status, t.createdAt),
    check("review_reports_status_check", sql`${t.status} in ('open', 'dismissed', 'hidden')`),
  ],
);
