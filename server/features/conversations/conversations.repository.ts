import { and, eq, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { queryRows } from "../../db/rows";
import {
  conversationMembers,
  conversationReports,
  conversations,
  messageImages,
  messages,
  userBlocks,
} from "../../db/schema";
import { artistListedSql, listedSql } from "../artworks/artworks.api";

/** Conversations, their members, messages, blocks and reports: the only code here that knows SQL. */

type Executor = Queryable & { execute: Parameters<typeof queryRows>[0]["execute"] };

export type WorkToAsk = {
  id: string;
  title: string;
  artistId: string;
  thumbnail: string | null;
};

/** A work the marketplace shows, with its artist: what a buyer may ask about. */
export async function findWorkToAsk(db: Executor, artworkId: string): Promise<WorkToAsk | null> {
  const [row] = await queryRows<{
    id: string;
    title: string;
    artist_id: string;
    image_thumbnail: string | null;
  }>(
    db,
    sql`select a.id, a.title, a.artist_id, a.image_thumbnail
        from artworks a join users u on u.id = a.artist_id
        where a.id = ${artworkId} and ${listedSql("a", "u")}`,
  );
  return row
    ? { id: row.id, title: row.title, artistId: row.artist_id, thumbnail: row.image_thumbnail }
    : null;
}

/** Whether this person is an artist the marketplace shows. */
export async function isArtistToAsk(db: Executor, artistId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select u.id from users u where u.id = ${artistId} and u.is_artist and ${artistListedSql("u")}`,
  );
  return rows.length === 1;
}

export type ConversationRow = typeof conversations.$inferSelect;

export async function findConversationOf(
  db: Queryable,
  buyerId: string,
  about: { artworkId: string } | { artistId: string },
): Promise<ConversationRow | null> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      "artworkId" in about
        ? and(
            eq(conversations.buyerId, buyerId),
            eq(conversations.kind, "artwork"),
            eq(conversations.artworkId, about.artworkId),
          )
        : and(
            eq(conversations.buyerId, buyerId),
            eq(conversations.kind, "artist"),
            eq(conversations.artistId, about.artistId),
          ),
    );
  return row ?? null;
}

/**
 * A new conversation and its two member rows; null when one for this buyer and work (or
 * artist) was made meanwhile (a double submit, a second server): the caller reads that one.
 */
export async function insertConversation(
  db: Queryable,
  row: {
    kind: "artwork" | "artist";
    buyerId: string;
    artistId: string;
    artworkId: string | null;
    artworkTitle: string | null;
    now: Date;
  },
): Promise<ConversationRow | null> {
  const { now, ...values } = row;
  const [inserted] = await db
    .insert(conversations)
    .values({ ...values, createdAt: now, lastMessageAt: now })
    .onConflictDoNothing()
    .returning();
  if (!inserted) return null;
  await db.insert(conversationMembers).values([
    { userId: row.buyerId, conversationId: inserted.id, role: "buyer", lastMessageAt: now },
    { userId: row.artistId, conversationId: inserted.id, role: "artist", lastMessageAt: now },
  ]);
  return inserted;
}

export type Membership = {
  conversation: ConversationRow;
  role: "buyer" | "artist";
  unread: number;
};

/** The conversation if this person is one of its two people; null otherwise. */
export async function findMembership(
  db: Queryable,
  conversationId: string,
  userId: string,
): Promise<Membership | null> {
  const [row] = await db
    .select({
      conversation: conversations,
      role: conversationMembers.role,
      unread: conversationMembers.unread,
    })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(
      and(
        eq(conversationMembers.conversationId, conversationId),
        eq(conversationMembers.userId, userId),
      ),
    );
  return row ?? null;
}

/**
 * Takes the sender's lock for the rest of the transaction: one person's messages are
 * written one after the other, on every server, so the limits are counted right.
 */
export async function lockSender(db: Executor, senderId: string) {
  await queryRows(db, sql`select pg_advisory_xact_lock(hashtext(${`conversations:${senderId}`}))`);
}

/**
 * Locks the conversation's row for one message: two messages of one conversation are
 * written one after the other, so the unread counts and the preview are those of the last.
 */
export async function lockConversation(db: Executor, conversationId: string) {
  await queryRows(db, sql`select id from conversations where id = ${conversationId} for update`);
}

/**
 * A message, and what it changes: the conversation's last message and first reply, the
 * sender's inbox order, and the other person's inbox order and unread count.
 */
export async function insertMessage(
  db: Executor,
  input: {
    conversation: ConversationRow;
    senderId: string;
    recipientId: string;
    body: string;
    preview: string;
    now: Date;
  },
) {
  const { conversation, senderId, recipientId, body, preview, now } = input;
  const [message] = await db
    .insert(messages)
    .values({ conversationId: conversation.id, senderId, body, createdAt: now })
    .returning();
  const isArtistReply = senderId === conversation.artistId;
  await db
    .update(conversations)
    .set({
      lastMessageAt: now,
      lastMessagePreview: preview,
      lastSenderId: senderId,
      // The artist's first reply, whichever of two racing replies commits first.
      ...(isArtistReply
        ? {
            firstReplyAt: sql`coalesce(${conversations.firstReplyAt}, ${now.toISOString()}::timestamptz)`,
          }
        : {}),
    })
    .where(eq(conversations.id, conversation.id));
  await db
    .update(conversationMembers)
    .set({ lastMessageAt: now })
    .where(
      and(
        eq(conversationMembers.conversationId, conversation.id),
        eq(conversationMembers.userId, senderId),
      ),
    );
  await db
    .update(conversationMembers)
    .set({
      lastMessageAt: now,
      unread: sql`${conversationMembers.unread} + 1`,
      unreadSince: sql`coalesce(${conversationMembers.unreadSince}, ${now.toISOString()}::timestamptz)`,
    })
    .where(
      and(
        eq(conversationMembers.conversationId, conversation.id),
        eq(conversationMembers.userId, recipientId),
      ),
    );
  return message!;
}

/** The sender's own unsent pictures among `ids`, attached to the message in that order. */
export async function attachImages(
  db: Queryable,
  uploaderId: string,
  messageId: number,
  ids: string[],
): Promise<number> {
  let attached = 0;
  for (const [position, id] of ids.entries()) {
    const rows = await db
      .update(messageImages)
      .set({ messageId, position })
      .where(
        and(
          eq(messageImages.id, id),
          eq(messageImages.uploaderId, uploaderId),
          isNull(messageImages.messageId),
        ),
      )
      .returning({ id: messageImages.id });
    attached += rows.length;
  }
  return attached;
}

export async function countUnsentImages(db: Executor, uploaderId: string): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from message_images where uploader_id = ${uploaderId}
        and message_id is null and created_at > now() - interval '1 day'`,
  );
  return Number(row?.n ?? 0);
}

export async function insertMessageImage(db: Queryable, row: typeof messageImages.$inferInsert) {
  const [inserted] = await db.insert(messageImages).values(row).returning();
  return inserted!;
}

export type MessageRow = typeof messages.$inferSelect;
export type MessageImageRow = typeof messageImages.$inferSelect;

/** The conversation's messages, oldest first (the latest `limit`), with their pictures. */
export async function listMessages(db: Queryable, conversationId: string, limit = 500) {
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(sql`${messages.id} desc`)
    .limit(limit);
  rows.reverse();
  const images = rows.length
    ? await db
        .select()
        .from(messageImages)
        .where(
          sql`${messageImages.messageId} in (${sql.join(
            rows.map((r) => sql`${r.id}`),
            sql`, `,
          )})`,
        )
        .orderBy(messageImages.messageId, messageImages.position)
    : [];
  return { messages: rows, images };
}

/**
 * Marks the conversation read for this person up to the last message they were shown:
 * one that arrived after it stays unread (and in the header count and the e-mail).
 */
export async function markRead(
  db: Queryable,
  conversationId: string,
  userId: string,
  lastShownId: number,
) {
  await db
    .update(conversationMembers)
    .set({ unread: 0, unreadSince: null })
    .where(
      and(
        eq(conversationMembers.conversationId, conversationId),
        eq(conversationMembers.userId, userId),
        sql`${conversationMembers.unread} > 0`,
        sql`not exists (select 1 from messages newer where newer.conversation_id = ${conversationId}
          and newer.id > ${lastShownId} and newer.sender_id <> ${userId})`,
      ),
    );
}

export type InboxRow = {
  id: string;
  kind: "artwork" | "artist";
  role: "buyer" | "artist";
  member_last_message_at: string;
  last_message_at: Date | string;
  last_message_preview: string;
  last_sender_id: string | null;
  unread: number;
  closed_at: Date | string | null;
  artwork_id: string | null;
  artwork_title: string | null;
  artwork_thumbnail: string | null;
  other_id: string;
  other_name: string;
  other_photo: string | null;
};

/**
 * One page of the person's inbox, newest first, read from the members' index; `after` is
 * the last row of the previous page (its time as the database wrote it, and its id).
 */
export async function listInbox(
  db: Executor,
  userId: string,
  after: { createdAt: string; id: string } | null,
  limit: number,
  onlyConversationId?: string,
): Promise<InboxRow[]> {
  return queryRows<InboxRow>(
    db,
    sql`select c.id, c.kind, m.role, m.last_message_at::text as member_last_message_at,
          c.last_message_at, c.last_message_preview, c.last_sender_id, m.unread, c.closed_at,
          c.artwork_id, coalesce(a.title, c.artwork_title) as artwork_title,
          a.image_thumbnail as artwork_thumbnail,
          o.id as other_id, o.display_name as other_name, o.profile_photo as other_photo
        from conversation_members m
        join conversations c on c.id = m.conversation_id
        join users o on o.id = case when m.role = 'buyer' then c.artist_id else c.buyer_id end
        left join artworks a on a.id = c.artwork_id
        where m.user_id = ${userId}
          ${after ? sql`and (m.last_message_at, m.conversation_id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
          ${onlyConversationId ? sql`and m.conversation_id = ${onlyConversationId}` : sql``}
        order by m.last_message_at desc, m.conversation_id desc
        limit ${limit}`,
  );
}

/** The person's unread messages in all, read from the partial index of unread member rows alone. */
export async function unreadTotal(db: Executor, userId: string): Promise<number> {
  const [row] = await queryRows<{ total: string | number | null }>(
    db,
    sql`select coalesce(sum(unread), 0) as total from conversation_members
        where user_id = ${userId} and unread > 0`,
  );
  return Number(row?.total ?? 0);
}

export async function countConversationsStartedSince(
  db: Executor,
  buyerId: string,
  since: Date,
): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from conversations
        where buyer_id = ${buyerId} and created_at > ${since.toISOString()}::timestamptz`,
  );
  return Number(row?.n ?? 0);
}

export async function countMessagesSentSince(
  db: Executor,
  senderId: string,
  since: Date,
): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from messages
        where sender_id = ${senderId} and created_at > ${since.toISOString()}::timestamptz`,
  );
  return Number(row?.n ?? 0);
}

/** Who of the two blocked the other: both, one, or neither. */
export async function blocksBetween(db: Queryable, me: string, other: string) {
  const rows = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(
      sql`(${userBlocks.blockerId} = ${me} and ${userBlocks.blockedId} = ${other})
        or (${userBlocks.blockerId} = ${other} and ${userBlocks.blockedId} = ${me})`,
    );
  return {
    byMe: rows.some((r) => r.blockerId === me),
    byOther: rows.some((r) => r.blockerId === other),
  };
}

export async function insertBlock(db: Queryable, blockerId: string, blockedId: string) {
  await db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function deleteBlock(db: Queryable, blockerId: string, blockedId: string) {
  await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}

export async function hasOpenReportBy(db: Queryable, conversationId: string, reporterId: string) {
  const rows = await db
    .select({ id: conversationReports.id })
    .from(conversationReports)
    .where(
      and(
        eq(conversationReports.conversationId, conversationId),
        eq(conversationReports.reporterId, reporterId),
        eq(conversationReports.status, "open"),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertReport(
  db: Queryable,
  row: { conversationId: string; reporterId: string; reason: string },
) {
  const [inserted] = await db
    .insert(conversationReports)
    .values(row)
    .onConflictDoNothing()
    .returning();
  return inserted ?? null;
}

/** Which of these people are suspended: their conversations are closed. */
export async function suspendedAmong(db: Executor, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from users where suspended_at is not null
        and id in (${sql.join(
          [...new Set(userIds)].map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return rows.map((row) => row.id);
}

/**
 * How fast an artist answers: how many conversations they answered, and the median hours
 * from a conversation's first message to their first reply.
 */
export async function replyStatsOf(db: Executor, artistId: string) {
  const [row] = await queryRows<{ answered: string | number; median_hours: number | null }>(
    db,
    sql`select count(*) as answered,
          percentile_cont(0.5) within group (
            order by extract(epoch from first_reply_at - created_at) / 3600
          ) as median_hours
        from conversations
        where artist_id = ${artistId} and first_reply_at is not null`,
  );
  return {
    answered: Number(row?.answered ?? 0),
    medianHours:
      row?.median_hours === null || row?.median_hours === undefined
        ? null
        : Number(row.median_hours),
  };
}
