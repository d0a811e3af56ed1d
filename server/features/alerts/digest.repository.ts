import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { queryRows } from "../../db/rows";
import { availableSql } from "../artworks/artworks.api";
import { listedSql } from "../artworks/artworks.api";
import { savedSearchMatchSql, savedSearchQuerySql, savedSearchWorkSql } from "../search/search.api";

/**
 * The digest's SQL (decision 0031): claim a batch of due people, find every
 * match of the whole batch in one statement, and record the batch as checked. All three
 * run in one transaction per batch (digest.timers.ts).
 */

export type DigestTx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DuePerson = {
  userId: string;
  email: string;
  firstName: string;
  followEmails: boolean;
  suspended: boolean;
};

/**
 * Up to `limit` people due a digest, locked for this transaction; rows another process
 * holds are skipped (it is doing them). Due: the digest is not off, the last one was sent
 * at least a day (a week) ago, and part of the window is still unchecked. Under `for
 * update` PostgreSQL checks these conditions again on the row as another process just
 * committed it, so a person that process has mailed meanwhile is no longer due here.
 */
export async function claimDuePeople(
  tx: DigestTx,
  input: { now: Date; windowEnd: Date; limit: number; after: string | null },
): Promise<DuePerson[]> {
  const now = input.now.toISOString();
  // Batches of one run walk the people in id order from where the last one stopped: from
  // the start each time, every batch re-read all the people checked before it (a run
  // grew with the square of the people: 226 s for 100,000 in bench/digest.bench.ts).
  const after = input.after ? sql`and p.user_id > ${input.after}::uuid` : sql``;
  return queryRows<DuePerson>(
    tx,
    sql`with due as (
        select p.user_id, p.follow_emails from mail_preferences p
        where p.digest_frequency <> 'off'
          and p.checked_through < ${input.windowEnd.toISOString()}::timestamptz
          and (p.last_sent_at is null
            or p.last_sent_at <= ${now}::timestamptz - case p.digest_frequency
              when 'weekly' then interval '7 days' else interval '1 day' end)
          ${after}
        order by p.user_id
        limit ${input.limit}
        for update of p skip locked
      )
      select u.id as "userId", u.email, u.first_name as "firstName",
        due.follow_emails as "followEmails",
        u.suspended_at is not null as suspended
      from due join users u on u.id = due.user_id`,
  );
}

export type DigestMatch = {
  userId: string;
  /** The alert the work is listed under, or null for "From artists you follow". */
  alertId: string | null;
  alertName: string | null;
  artworkId: string;
  title: string;
  priceCents: number | null;
  isForSale: boolean;
  artistName: string;
  /** The work's thumbnail (a media path or an absolute address), for the e-mail's picture. */
  thumbnail: string | null;
  /** How many works this person's group holds in all (more than are listed past the cap). */
  groupTotal: number;
};

/**
 * Every match of the batch, in one statement: works created in each person's window
 * (after their checked_through, up to `windowEnd`), listed and not sold, not their own,
 * that match one of their enabled alerts made before the work, or (with follow e-mails
 * on) are by an artist they followed before the work. Each work once per person, under
 * its first group (alerts oldest first, then follows); at most `cap` works per person,
 * with each group's full count.
 */
export async function findDigestMatches(
  tx: DigestTx,
  input: { userIds: string[]; windowEnd: Date; cap: number },
): Promise<DigestMatch[]> {
  if (input.userIds.length === 0) return [];
  const ids = sql.join(
    input.userIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  // What the e-mail shows of a work travels with each hit: a join back to new_works after
  // the window functions was planned as a nested loop (rows misestimated), 0.7 s a batch.
  const workColumns = sql`w.id as artwork_id, w.listed_at, w.title, w.price_cents, w.is_for_sale,
    w.artist_display_name, w.image_thumbnail`;
  return queryRows<DigestMatch>(
    tx,
    sql`with people as materialized (
        select p.user_id, p.checked_through, p.follow_emails
        from mail_preferences p where p.user_id in (${ids})
      ), new_works as materialized (
        select a.id, a.title, a.price_cents, a.is_for_sale, a.artist_id, a.artist_display_name,
          a.image_thumbnail, a.listed_at, ${savedSearchWorkSql("a", "u")}
        from artworks a join users u on u.id = a.artist_id
        where a.listed_at > (select min(checked_through) from people)
          and a.listed_at <= ${input.windowEnd.toISOString()}::timestamptz
          and ${listedSql("a", "u")} and ${availableSql("a")}
      ), searches as materialized (
        select p.user_id, p.checked_through, al.id, al.name, al.created_at, al.city_ids,
          al.category_ids, al.price_ranges, ${savedSearchQuerySql("al")} as ts
        from people p join alerts al on al.user_id = p.user_id and al.enabled
      ), hits as (
        select q.user_id, q.id as alert_id, q.name as alert_name, q.created_at as group_at,
          ${workColumns}
        from searches q
        join new_works w on w.listed_at > q.checked_through and w.listed_at > q.created_at
          and w.artist_id <> q.user_id
        where ${savedSearchMatchSql("w", "q")}
        union all
        select p.user_id, null, null, 'infinity'::timestamptz, ${workColumns}
        from people p
        join follows f on f.follower_id = p.user_id
        join new_works w on w.artist_id = f.artist_id and w.listed_at > p.checked_through
          and w.listed_at > f.created_at
        where p.follow_emails and w.artist_id <> p.user_id
      ), once as (
        select distinct on (user_id, artwork_id) *
        from hits order by user_id, artwork_id, group_at, alert_id
      ), counted as (
        select once.*,
          count(*) over (partition by user_id, alert_id) as group_total,
          row_number() over (partition by user_id
            order by group_at, alert_id, listed_at desc, artwork_id) as n
        from once
      )
      select c.user_id as "userId", c.alert_id as "alertId", c.alert_name as "alertName",
        c.artwork_id as "artworkId", c.title, c.price_cents as "priceCents",
        c.is_for_sale as "isForSale", c.artist_display_name as "artistName",
        c.image_thumbnail as "thumbnail", c.group_total::int as "groupTotal"
      from counted c
      where c.n <= ${input.cap}
      order by c.user_id, c.n`,
  );
}

/** The alerts' searches behind "and N more", by id. */
export async function findAlertSearches(tx: DigestTx, alertIds: string[]) {
  if (alertIds.length === 0) return [];
  return queryRows<{
    id: string;
    queryText: string;
    cityIds: string[];
    categoryIds: string[];
    priceRanges: number[];
  }>(
    tx,
    sql`select id, query_text as "queryText", city_ids as "cityIds",
        category_ids as "categoryIds", price_ranges as "priceRanges"
      from alerts where id in (${sql.join(
        alertIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
  );
}

/**
 * The batch is checked up to the window's end; those mailed have their digest sent now.
 * Never moves a window back (a run with a slower clock than the last).
 */
export async function markChecked(
  tx: DigestTx,
  input: { userIds: string[]; mailedIds: string[]; windowEnd: Date; now: Date },
): Promise<void> {
  if (input.userIds.length === 0) return;
  const ids = sql.join(
    input.userIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const mailed = input.mailedIds.length
    ? sql`user_id in (${sql.join(
        input.mailedIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql`false`;
  await tx.execute(
    sql`update mail_preferences set
        checked_through = greatest(checked_through, ${input.windowEnd.toISOString()}::timestamptz),
        last_sent_at = case when ${mailed} then ${input.now.toISOString()}::timestamptz else last_sent_at end,
        updated_at = now()
      where user_id in (${ids})`,
  );
}
