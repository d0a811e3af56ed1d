import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { artworks } from "./artworks";
import { users } from "./auth";
import { storedImageColumns } from "./uploads";

/**
 * A conversation between a buyer and an artist: about one work (one per buyer and work)
 * or about the artist (one per buyer and artist). `artworkTitle` keeps what it was about
 * if the work is deleted. The last message's time and first words are kept here so the
 * inbox reads one row per conversation. `firstReplyAt` (the artist's first answer) gives
 * the artwork page's "Usually replies within N hours". Owned by server/features/conversations.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").$type<"artwork" | "artist">().notNull(),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    artistId: uuid("artist_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    artworkId: uuid("artwork_id").references(() => artworks.id, { onDelete: "set null" }),
    artworkTitle: text("artwork_title"),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    lastMessagePreview: text("last_message_preview").notNull().default(""),
    lastSenderId: uuid("last_sender_id"),
    firstReplyAt: timestamp("first_reply_at", { withTimezone: true }),
    /** When the team closed it (a party suspended): kept, read-only. */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("conversations_buyer_artwork_idx")
      .on(t.buyerId, t.artworkId)
      .where(sql`${t.kind} = 'artwork'`),
    uniqueIndex("conversations_buyer_artist_idx")
      .on(t.buyerId, t.artistId)
      .where(sql`${t.kind} = 'artist'`),
    index("conversations_buyer_created_idx").on(t.buyerId, t.createdAt),
    index("conversations_artist_reply_idx").on(t.artistId, t.firstReplyAt),
    check("conversations_kind_check", sql`${t.kind} in ('artwork', 'artist')`),
    check("conversations_two_people_check", sql`${t.buyerId} <> ${t.artistId}`),
  ],
);

/**
 * One row per person in a conversation: their inbox entry (newest first by
 * `lastMessageAt`, copied from the conversation on every message), their unread count
 * and since when it is unread, and when they were last e-mailed about it.
 */
export const conversationMembers = pgTable(
  "conversation_members",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    role: text("role").$type<"buyer" | "artist">().notNull(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    unread: integer("unread").notNull().default(0),
    unreadSince: timestamp("unread_since", { withTimezone: true }),
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.conversationId] }),
    index("conversation_members_inbox_idx").on(t.userId, t.lastMessageAt.desc()),
    // `unread` in the index: the unread count is an index-only scan (migration 0035).
    index("conversation_members_unread_idx")
      .on(t.userId, t.unread)
      .where(sql`${t.unread} > 0`),
    index("conversation_members_mail_due_idx")
      .on(t.unreadSince)
      .where(sql`${t.unread} > 0`),
    index("conversation_members_conversation_idx").on(t.conversationId),
    check("conversation_members_role_check", sql`${t.role} in ('buyer', 'artist')`),
  ],
);

/** A message: plain text, shown as text. */
export const messages = pgTable(
  "messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: uuid("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("messages_conversation_idx").on(t.conversationId, t.id),
    index("messages_sender_idx").on(t.senderId, t.createdAt),
  ],
);

/** A person who blocked another: no messages either way while it stands. */
export const userBlocks = pgTable(
  "user_blocks",
  {
    blockerId: uuid("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: uuid("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("user_blocks_blocked_idx").on(t.blockedId),
  ],
);

export const CONVERSATION_REPORT_STATUSES = ["open", "dismissed", "warned", "suspended"] as const;
export type ConversationReportStatus = (typeof CONVERSATION_REPORT_STATUSES)[number];

/** A conversation reported to the team: the only conversations the team may read. */
export const conversationReports = pgTable(
  "conversation_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    reporterId: uuid("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    status: text("status").$type<ConversationReportStatus>().notNull().default("open"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("conversation_reports_status_idx").on(t.status, t.createdAt),
    index("conversation_reports_conversation_idx").on(t.conversationId),
    uniqueIndex("conversation_reports_one_open_idx")
      .on(t.conversationId, t.reporterId)
      .where(sql`${t.status} = 'open'`),
    check(
      "conversation_reports_status_check",
      sql`${t.status} in ('open', 'dismissed', 'warned', 'suspended')`,
    ),
  ],
);

/**
 * A picture for a message, through the image pipeline (the three files of every upload).
 * Uploaded before the message is sent; `messageId` is null until then, and an unsent
 * picture is deleted after a day. At most six per message.
 */
export const messageImages = pgTable(
  "message_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    uploaderId: uuid("uploader_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    messageId: bigint("message_id", { mode: "number" }).references(() => messages.id, {
      onDelete: "cascade",
    }),
    position: integer("position").notNull().default(0),
    ...storedImageColumns(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("message_images_message_idx").on(t.messageId, t.position),
    index("message_images_unsent_idx")
      .on(t.createdAt)
      .where(sql`${t.messageId} is null`),
    index("message_images_uploader_idx").on(t.uploaderId, t.createdAt),
  ],
);
