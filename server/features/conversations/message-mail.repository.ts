import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { queryRows } from "../../db/rows";

/**
 * The SQL of the new-message e-mails and of the unsent-picture sweep
 * (message-mail.timers.ts); the rules (how long to wait, how often to mail) are the
 * timer's, passed in as times.
 */

export type MailTx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type ClaimedMember = {
  user_id: string;
  conversation_id: string;
  unread: number;
  unread_since: Date | string;
  /** When this person was last mailed about this conversation, before this claim. */
  previous_mailed_at: Date | string | null;
};

/**
 * Claims up to `limit` members due an e-mail and marks them mailed (`mailed_at = now`),
 * in the caller's transaction, which also queues their e-mails: a crash before the
 * commit leaves neither, and another process skips rows this one holds (`skip locked`).
 * Under `for update`, PostgreSQL re-checks the conditions on a row another process has
 * just committed, so a member it mailed meanwhile is no longer due here.
 *
 * Due: unread messages since before `unreadBefore`, not mailed since `mailedBefore`, the
 * e-mails not turned off (no preferences row means on), a message from the other person
 * since the last e-mail (never the same messages twice), the conversation open and
 * neither person suspended.
 */
export async function claimDueMembers(
  tx: MailTx,
  input: { now: Date; unreadBefore: Date; mailedBefore: Date; limit: number },
): Promise<ClaimedMember[]> {
  return queryRows<ClaimedMember>(
    tx,
    sql`with due as (
        select m.user_id, m.conversation_id, m.mailed_at from conversation_members m
        join conversations c on c.id = m.conversation_id
        where m.unread > 0
          and m.unread_since <= ${input.unreadBefore.toISOString()}::timestamptz
          and (m.mailed_at is null or m.mailed_at <= ${input.mailedBefore.toISOString()}::timestamptz)
          and c.closed_at is null
          and not exists (select 1 from mail_preferences p
            where p.user_id = m.user_id and not p.message_emails)
          and not exists (select 1 from users s
            where s.id in (c.buyer_id, c.artist_id) and s.suspended_at is not null)
          and exists (select 1 from messages x
            where x.conversation_id = m.conversation_id and x.sender_id <> m.user_id
              and x.created_at >= m.unread_since
              and (m.mailed_at is null or x.created_at > m.mailed_at))
        order by m.unread_since
        limit ${input.limit}
        for update of m skip locked
      )
      update conversation_members m set mailed_at = ${input.now.toISOString()}::timestamptz
      from due
      where m.user_id = due.user_id and m.conversation_id = due.conversation_id
      returning m.user_id, m.conversation_id, m.unread, m.unread_since,
        due.mailed_at as previous_mailed_at`,
  );
}

export type MailFacts = {
  recipient_email: string;
  recipient_name: string;
  other_name: string;
  kind: "artwork" | "artist";
  artwork_title: string | null;
  artwork_thumbnail: string | null;
};

/** What the e-mail says of its people and work: the other person by display name only. */
export async function findMailFacts(
  tx: MailTx,
  userId: string,
  conversationId: string,
): Promise<MailFacts | null> {
  const [row] = await queryRows<MailFacts>(
    tx,
    sql`select r.email as recipient_email, r.first_name as recipient_name,
          o.display_name as other_name, c.kind,
          coalesce(a.title, c.artwork_title) as artwork_title,
          a.image_thumbnail as artwork_thumbnail
        from conversations c
        join users r on r.id = ${userId}
        join users o on o.id = case when c.buyer_id = ${userId} then c.artist_id else c.buyer_id end
        left join artworks a on a.id = c.artwork_id
        where c.id = ${conversationId}`,
  );
  return row ?? null;
}

export type NewMessage = { id: number; body: string; pictures: number };

/**
 * The other person's messages since `since` (and after `after`, the last e-mail), the
 * newest `limit` oldest first, with each one's picture count, and how many there are in all.
 */
export async function newMessagesFor(
  tx: MailTx,
  input: {
    userId: string;
    conversationId: string;
    since: Date | string;
    after: Date | string | null;
    limit: number;
  },
): Promise<{ messages: NewMessage[]; total: number; pictures: number }> {
  const since = new Date(input.since).toISOString();
  const after = input.after
    ? sql`and x.created_at > ${new Date(input.after).toISOString()}::timestamptz`
    : sql``;
  const rows = await queryRows<{
    id: string | number;
    body: string;
    pictures: string | number;
    total: string | number;
    total_pictures: string | number;
  }>(
    tx,
    sql`with new as (
        select x.id, x.body,
          (select count(*) from message_images i where i.message_id = x.id) as pictures
        from messages x
        where x.conversation_id = ${input.conversationId} and x.sender_id <> ${input.userId}
          and x.created_at >= ${since}::timestamptz ${after}
      )
      select id, body, pictures, count(*) over () as total,
        sum(pictures) over () as total_pictures
      from new order by id desc limit ${input.limit}`,
  );
  rows.reverse();
  return {
    messages: rows.map((r) => ({ id: Number(r.id), body: r.body, pictures: Number(r.pictures) })),
    total: Number(rows[0]?.total ?? 0),
    pictures: Number(rows[0]?.total_pictures ?? 0),
  };
}

/**
 * Deletes up to `limit` pictures never sent with a message, uploaded before `before`,
 * and answers their ids and file keys (the files are deleted after). A picture a message is taking at
 * this moment is locked by that message's transaction and skipped; once taken it is no
 * longer unsent, which the lock's re-check sees.
 */
export async function deleteUnsentImages(
  db: Database,
  input: { before: Date; limit: number },
): Promise<{ id: string; keys: string[] }[]> {
  const rows = await queryRows<{
    id: string;
    original_key: string;
    medium_key: string;
    thumbnail_key: string;
  }>(
    db,
    sql`delete from message_images where id in (
        select id from message_images
        where message_id is null and created_at < ${input.before.toISOString()}::timestamptz
        order by created_at limit ${input.limit}
        for update skip locked
      ) and message_id is null
      returning id, original_key, medium_key, thumbnail_key`,
  );
  return rows.map((r) => ({ id: r.id, keys: [r.original_key, r.medium_key, r.thumbnail_key] }));
}
