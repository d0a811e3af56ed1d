import { sql } from "drizzle-orm";
import type { Database } from "../server/db/client";
import { queryRows } from "../server/db/rows";

/**
 * Conversations between buyers and artists built with set-based SQL for
 * `npm run bench:messages`: `conversations` conversations and about `messages` messages.
 *
 * - One artist per 50 conversations; 20 of them hold 10 % of all conversations (about
 *   5,000 each at 1,000,000), the others a few dozen each.
 * - Buyers, three for every ten conversations: 20 of them hold 2 % of all conversations
 *   (about 1,000 each at 1,000,000), the others one to a few.
 * - Five works per artist (fifty for the 20 busy ones); 5 % of conversations are about
 *   the artist rather than a work. One conversation per buyer and work (or artist).
 * - Messages per conversation: 1 plus an exponential draw (mean `messages / conversations`),
 *   buyer and artist in turn, spread from the conversation's start (within the last year)
 *   to an hour ago, so that nobody has sent anything within the hour (the sending limit).
 * - 30 % of conversations are unread by whoever did not write the last message (1 to 3).
 *
 * The indexes of the three tables are dropped during the load and built again after it
 * (a sort each, much faster than 20,000,000 index insertions), and the foreign keys are
 * not checked row by row (`session_replication_role = replica`): the rows are made to
 * satisfy them. Artists, buyers and works are inserted with everything on.
 */

const HEAVY_PEOPLE = 20;

const BODIES = [
  "Hello! Is this work still available? I would love to see it in person if possible.",
  "Thank you for your question. Yes, it is available, and I can ship it within a week.",
  "Could you tell me more about the framing? I am not sure it would fit above my desk.",
  "It comes unframed, rolled in a tube; a local framer can stretch it in a day or two.",
  "What a beautiful piece. How long did it take you to paint it?",
  "About three months, in the early mornings, when the light in the studio is best.",
  "Great, thanks. I will think about it over the weekend and come back to you.",
  "Of course. Take your time, and let me know if you would like more pictures.",
];

function textArray(words: readonly string[]) {
  return sql.raw(`array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(", ")}]`);
}

type MessagesData = { conversations: number; messages: number; members: number };

export async function messagesDataOf(db: Database): Promise<MessagesData> {
  const [row] = await queryRows<MessagesData>(
    db,
    sql`select (select count(*)::int from conversations) as conversations,
          (select count(*)::int from messages) as messages,
          (select count(*)::int from conversation_members) as members`,
  );
  return row!;
}

/** Builds the data (see above); `now` is the time the newest message is an hour before. */
export async function buildMessagesData(
  db: Database,
  size: { conversations: number; messages: number },
  now: Date,
  log: (line: string) => void,
) {
  const n = size.conversations;
  const artists = Math.max(HEAVY_PEOPLE * 2, Math.round(n / 50));
  const buyers = Math.max(HEAVY_PEOPLE * 2, Math.round(n * 0.3));
  const meanMessages = Math.max(1, size.messages / n);
  const until = sql`${now.toISOString()}::timestamptz - interval '1 hour'`;
  const step = async (label: string, query: ReturnType<typeof sql>) => {
    const start = performance.now();
    await db.execute(query);
    log(`  ${label}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  };

  await step(
    `${artists.toLocaleString("en-US")} artists`,
    sql`insert into users (email, first_name, last_name, display_name, is_artist, payout_status,
          payout_account_id)
        select 'artist' || g || '@bench.vernissage.local', 'Artist', g::text, 'Artist ' || g,
          true, 'active', 'acct_bench_' || g
        from generate_series(1, ${artists}) g`,
  );
  await step(
    `${buyers.toLocaleString("en-US")} buyers`,
    sql`insert into users (email, first_name, last_name, display_name)
        select 'buyer' || g || '@bench.vernissage.local', 'Buyer', g::text, 'Buyer ' || g
        from generate_series(1, ${buyers}) g`,
  );
  await step(
    "works",
    sql`insert into artworks (title, artist_id, owner_id, artist_display_name, status, is_for_sale,
          price_cents, width, height, image_original, image_medium, image_thumbnail)
        select 'Work ' || u.last_name || '.' || k, u.id, u.id, u.display_name, 'available', true,
          100000 + k * 1000, 40, 50, '/media/bench/' || u.last_name || '-' || k || '-original.jpg',
          '/media/bench/' || u.last_name || '-' || k || '-medium.webp',
          '/media/bench/' || u.last_name || '-' || k || '-thumbnail.webp'
        from users u
        cross join lateral generate_series(1, case when u.last_name::int <= ${HEAVY_PEOPLE}
          then 50 else 5 end) k
        where u.is_artist`,
  );

  await db.transaction(async (tx) => {
    const run = async (label: string, query: ReturnType<typeof sql>) => {
      const start = performance.now();
      await tx.execute(query);
      log(`  ${label}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
    };
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`set local maintenance_work_mem = '1GB'`);
    await tx.execute(sql`set local work_mem = '256MB'`);
    const indexes = await queryRows<{ name: string; definition: string }>(
      tx,
      sql`select indexname as name, indexdef as definition from pg_indexes
          where tablename in ('conversations', 'conversation_members', 'messages')
            and indexname not in (select conname from pg_constraint)`,
    );
    for (const index of indexes) await tx.execute(sql.raw(`drop index "${index.name}"`));

    // Numbered as they were made (their last name is their number), to draw from.
    for (const statement of [
      `create temp table bench_artists on commit drop as
         select last_name::int as no, id from users where is_artist`,
      `alter table bench_artists add primary key (no)`,
      `create temp table bench_buyers on commit drop as
         select last_name::int as no, id from users where not is_artist`,
      `alter table bench_buyers add primary key (no)`,
      `create temp table bench_works on commit drop as
         select artist_id, split_part(title, '.', 2)::int as k, id, title from artworks`,
      `alter table bench_works add primary key (artist_id, k)`,
    ]) {
      await tx.execute(sql.raw(statement));
    }
    // Drawn with some to spare, one per buyer and work (or artist), then cut to the size.
    await run(
      `${n.toLocaleString("en-US")} conversations drawn`,
      sql`create temp table bench_conversations on commit drop as
          with drawn as (
            select g,
              case when random() < 0.02 then 1 + floor(random() * ${HEAVY_PEOPLE})::int
                else ${HEAVY_PEOPLE + 1} + floor(random() * ${buyers - HEAVY_PEOPLE})::int
              end as buyer_no,
              case when random() < 0.10 then 1 + floor(random() * ${HEAVY_PEOPLE})::int
                else ${HEAVY_PEOPLE + 1} + floor(random() * ${artists - HEAVY_PEOPLE})::int
              end as artist_no,
              random() as r_kind, random() as r_work, random() as r_length, random() as r_age,
              random() as r_pace, random() as r_unread
            from generate_series(1, ${Math.ceil(n * 1.05) + 100}) g
          ), keyed as (
            select *, case when r_kind < 0.05 then 0
                else 1 + floor(r_work * case when artist_no <= ${HEAVY_PEOPLE} then 50 else 5 end)::int
              end as work_k
            from drawn
          ), unique_pairs as (
            select distinct on (buyer_no, artist_no, work_k) * from keyed
            order by buyer_no, artist_no, work_k, g
          ), cut as (
            select * from unique_pairs order by g limit ${n}
          ), timed as (
            select cut.*,
              1 + floor(-ln(1 - r_length) * ${meanMessages - 1})::int as msgs,
              ${until} - r_age * interval '365 days' as started
            from cut
          )
          select row_number() over (order by g) as no, gen_random_uuid() as id,
            b.id as buyer_id, a.id as artist_id, w.id as artwork_id, w.title as artwork_title,
            case when work_k = 0 then 'artist' else 'artwork' end as kind,
            msgs, started, (${until} - started) * (0.2 + 0.8 * r_pace) / msgs as gap,
            case when r_unread < 0.3 then least(msgs, 1 + floor(r_unread * 10)::int) else 0 end
              as unread
          from timed
          join bench_buyers b on b.no = buyer_no
          join bench_artists a on a.no = artist_no
          left join bench_works w on w.artist_id = a.id and w.k = work_k`,
    );
    await run(
      "conversations",
      sql`insert into conversations (id, kind, buyer_id, artist_id, artwork_id, artwork_title,
            last_message_at, last_message_preview, last_sender_id, first_reply_at, created_at)
          select id, kind, buyer_id, artist_id, artwork_id, artwork_title,
            started + gap * (msgs - 1),
            left((${textArray(BODIES)})[1 + (msgs + no) % ${BODIES.length}], 140),
            case when msgs % 2 = 1 then buyer_id else artist_id end,
            case when msgs >= 2 then started + gap end, started
          from bench_conversations`,
    );
    // The one who did not write the last message has the unread ones.
    await run(
      "members",
      sql`insert into conversation_members (user_id, conversation_id, role, last_message_at,
            unread, unread_since)
          select user_id, id, role, started + gap * (msgs - 1), unread_count,
            case when unread_count > 0 then started + gap * (msgs - 1) end
          from (
            select buyer_id as user_id, id, 'buyer' as role, started, gap, msgs,
              case when msgs % 2 = 0 then unread else 0 end as unread_count
            from bench_conversations
            union all
            select artist_id, id, 'artist', started, gap, msgs,
              case when msgs % 2 = 1 then unread else 0 end
            from bench_conversations
          ) m`,
    );
    await run(
      "messages",
      sql`insert into messages (conversation_id, sender_id, body, created_at)
          select c.id, case when k % 2 = 1 then c.buyer_id else c.artist_id end,
            (${textArray(BODIES)})[1 + (k + c.no) % ${BODIES.length}], c.started + c.gap * (k - 1)
          from bench_conversations c cross join lateral generate_series(1, c.msgs) k`,
    );
    for (const index of indexes) {
      await run(`index ${index.name}`, sql.raw(index.definition));
    }
  });
  for (const table of ["users", "artworks", "conversations", "conversation_members", "messages"]) {
    await step(`vacuum analyze ${table}`, sql.raw(`vacuum analyze ${table}`));
  }
}
