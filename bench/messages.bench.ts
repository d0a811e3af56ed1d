/**
 * `npm run bench:messages`: conversations between buyers and artists on PostgreSQL
 * (BENCH_DATABASE_URL, by default postgres://postgres@127.0.0.1:5432/postgres; a new
 * database per run, dropped at the end, Ctrl-C included). Not a test: it reports latencies
 * and ratios measured in this run, and asserts nothing about time. See docs/performance.md.
 *
 * Builds `--conversations` conversations and about `--messages` messages (defaults
 * 1,000,000 and 20,000,000; bench/messages-data.ts), then measures through the service,
 * interleaved with a baseline (one conversation read by primary key; for sending, also one
 * row inserted and committed, the floor of a durable write): the inbox page of
 * the busiest artist (its first and second page), the busiest buyer, typical buyers and
 * typical artists; the header's unread count of the busiest artist and of typical buyers;
 * and sending a message into an existing conversation, checks included (membership,
 * closed, blocks, the hourly limit, off-platform details), to the busiest artist and in a
 * typical conversation. Prints the plans (EXPLAIN ANALYZE, BUFFERS) of the inbox and the
 * count once. Last, `--streams` push streams (200) of one person against a real HTTP
 * server on the database, and the database connections counted with none, one and all open.
 *
 *   npm run bench:messages
 *   npm run bench:messages -- --conversations 100000 --messages 2000000
 *   npm run bench:messages -- --keep-database bench_messages   build once, measure again
 */
import { sql } from "drizzle-orm";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../server/config";
import type { Database, DatabaseHandle } from "../server/db/client";
import { queryRows } from "../server/db/rows";
import { listInbox, unreadTotal } from "../server/features/conversations/conversations.repository";
import { createLogger } from "../server/logger";
import { createServices } from "../server/services";
import { openFreshPostgres, openKeptPostgres } from "./databases";
import { type Stats, measureInterleaved } from "./measure";
import { buildMessagesData, messagesDataOf } from "./messages-data";
import { measureStreams } from "./message-streams";
import { machineLines } from "./report";

const { values: args } = parseArgs({
  options: {
    conversations: { type: "string", default: "1000000" },
    messages: { type: "string", default: "20000000" },
    iterations: { type: "string", default: "300" },
    streams: { type: "string", default: "200" },
    "keep-database": { type: "string" },
  },
});
const size = { conversations: Number(args.conversations), messages: Number(args.messages) };
const iterations = Number(args.iterations);
const streams = Number(args.streams);
if (
  !Number.isInteger(size.conversations) ||
  size.conversations < 1000 ||
  !Number.isInteger(size.messages) ||
  size.messages < size.conversations ||
  !Number.isInteger(iterations) ||
  iterations < 1 ||
  !Number.isInteger(streams) ||
  streams < 1
) {
  throw new Error(
    "--conversations must be ≥ 1000, --messages ≥ --conversations, --iterations and --streams ≥ 1",
  );
}
// A script, not the server: it reads the one variable it needs itself.
const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ORIGIN = "http://localhost:3000";
const TARGETS = { inbox: 20, count: 20, send: 30 } as const;
const BODY = "Thank you! Could you tell me how the work would be packed for shipping?";

type Subjects = {
  busiestArtist: { id: string; conversations: number };
  busiestBuyer: { id: string; conversations: number };
  typicalBuyers: { id: string; conversations: number }[];
  typicalArtists: { id: string; conversations: number }[];
  /** Conversations a buyer writes in to the busiest artist, and typical ones. */
  toBusiest: { id: string; buyerId: string }[];
  typical: { id: string; buyerId: string }[];
  anyConversation: string[];
};

async function subjectsOf(db: Database): Promise<Subjects> {
  const busiest = (role: string) =>
    queryRows<{ id: string; conversations: number }>(
      db,
      sql`select user_id as id, count(*)::int as conversations from conversation_members
          where role = ${role} group by user_id order by 2 desc limit 1`,
    );
  // A hundred people at random among the builder's (numbered in their e-mail), not one of
  // the 20 busiest (numbered 1 to 20).
  const sample = (role: string, artist: boolean) =>
    queryRows<{ id: string; conversations: number }>(
      db,
      sql`select m.user_id as id, count(*)::int as conversations
          from (select id from users where is_artist = ${artist}
                and email like '%@bench.vernissage.local'
                and split_part(email, '@', 1) ~ '[0-9]$'
                and substring(split_part(email, '@', 1) from '[0-9]+$')::int > 20
                order by random() limit 100) u
          join conversation_members m on m.user_id = u.id and m.role = ${role}
          group by m.user_id`,
    );
  const [[busiestArtist], [busiestBuyer], typicalBuyers, typicalArtists] = await Promise.all([
    busiest("artist"),
    busiest("buyer"),
    sample("buyer", false),
    sample("artist", true),
  ]);
  const conversationsOf = (where: ReturnType<typeof sql>) =>
    queryRows<{ id: string; buyerId: string }>(
      db,
      sql`select id, buyer_id as "buyerId" from conversations where ${where}
          order by random() limit 400`,
    );
  const toBusiest = await conversationsOf(sql`artist_id = ${busiestArtist!.id}`);
  const inTypical = await conversationsOf(
    sql`buyer_id in (${sql.join(
      typicalBuyers.map((b) => sql`${b.id}`),
      sql`, `,
    )})`,
  );
  const any = await queryRows<{ id: string }>(
    db,
    sql`select id from conversations tablesample system (1) limit 400`,
  );
  return {
    busiestArtist: busiestArtist!,
    busiestBuyer: busiestBuyer!,
    typicalBuyers,
    typicalArtists,
    toBusiest,
    typical: inTypical,
    anyConversation: any.map((row) => row.id),
  };
}

function rotating<T>(items: T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length]!;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** EXPLAIN (ANALYZE, BUFFERS) of what the repository runs, printed, then the statement itself. */
async function explained(db: Database, label: string, run: (db: Database) => Promise<unknown>) {
  const explaining = {
    async execute(query: ReturnType<typeof sql>) {
      const rows = await queryRows<{ "QUERY PLAN": string }>(
        db,
        sql`explain (analyze, buffers) ${query}`,
      );
      console.log(`\n${label}:\n`);
      console.log(rows.map((r) => `    ${r["QUERY PLAN"]}`).join("\n"));
      return db.execute(query);
    },
  } as unknown as Database;
  await run(explaining);
}

async function measure(handle: DatabaseHandle) {
  const { db } = handle;
  const dataDir = await mkdtemp(path.join(tmpdir(), "vernissage-bench-messages-"));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, PUBLIC_URL: ORIGIN });
  const services = createServices(config, handle, createLogger({ json: false, silent: true }));
  const conversations = services.conversations;
  try {
    const s = await subjectsOf(db);
    const describe = (xs: { conversations: number }[]) =>
      `${xs.length} people, median ${median(xs.map((x) => x.conversations))} conversations`;
    console.log(`\nbusiest artist: ${s.busiestArtist.conversations} conversations`);
    console.log(`busiest buyer: ${s.busiestBuyer.conversations} conversations`);
    console.log(`typical buyers: ${describe(s.typicalBuyers)}`);
    console.log(`typical artists: ${describe(s.typicalArtists)}`);
    const [unread] = await queryRows<{ rows: number; total: number }>(
      db,
      sql`select count(*)::int as rows, coalesce(sum(unread), 0)::int as total
          from conversation_members where user_id = ${s.busiestArtist.id} and unread > 0`,
    );
    console.log(`busiest artist's unread: ${unread!.total} in ${unread!.rows} conversations`);

    await explained(db, "EXPLAIN inbox, busiest artist (first page)", (x) =>
      listInbox(x, s.busiestArtist.id, null, 31),
    );
    await explained(db, "EXPLAIN unread count, busiest artist", (x) =>
      unreadTotal(x, s.busiestArtist.id),
    );

    const firstPage = await conversations.inbox(s.busiestArtist.id);
    const secondCursor = firstPage.nextCursor ?? undefined;
    const pk = rotating(s.anyConversation);
    const typicalBuyer = rotating(s.typicalBuyers);
    const typicalArtist = rotating(s.typicalArtists);
    const toBusiest = rotating(s.toBusiest);
    const typical = rotating(s.typical);
    const send = (c: { id: string; buyerId: string }) =>
      conversations.send(c.buyerId, c.id, { body: BODY, imageIds: [] });

    // The floor of any write that is kept: one row committed (a flush of the WAL).
    await db.execute(
      sql`create table if not exists bench_commit (id bigserial primary key, at timestamptz default now())`,
    );
    const sides = {
      baseline: () => queryRows(db, sql`select * from conversations where id = ${pk()}`),
      "one-row commit": () => db.execute(sql`insert into bench_commit default values`),
      "inbox, busiest artist": () => conversations.inbox(s.busiestArtist.id),
      "inbox, busiest artist, page 2": () => conversations.inbox(s.busiestArtist.id, secondCursor),
      "inbox, busiest buyer": () => conversations.inbox(s.busiestBuyer.id),
      "inbox, typical buyer": () => conversations.inbox(typicalBuyer().id),
      "inbox, typical artist": () => conversations.inbox(typicalArtist().id),
      "unread count, busiest artist": () => conversations.unread(s.busiestArtist.id),
      "unread count, typical buyer": () => conversations.unread(typicalBuyer().id),
      "send, to the busiest artist": () => send(toBusiest()),
      "send, typical conversation": () => send(typical()),
    };
    const stats = await measureInterleaved(sides, {
      warmup: 20,
      iterations,
      budgetMs: 10 * 60_000,
      minIterations: iterations,
    });
    report(stats);

    console.log(`\n## ${streams} push streams of one person (GET /api/me/conversations/stream)\n`);
    const result = await measureStreams(services, db, ORIGIN, streams);
    console.log(`connections to the bench database, client backends:`);
    const line = (label: string, x: { all: number; listening: number }) =>
      console.log(`  ${label.padEnd(32)} ${x.all} (LISTEN: ${x.listening})`);
    line("no stream open:", result.before);
    line("1 stream open:", result.withOne);
    line(`${result.streams} streams open:`, result.withAll);
    line(`${result.streams} streams, idle ${result.idleMs / 1000} s:`, result.afterIdle);
    console.log(
      `one event published: reached ${result.delivered} of ${result.streams} streams in ${result.pushMs.toFixed(0)} ms`,
    );
    console.log(`listeners left after the streams closed: ${result.listenersAfterClose}`);
  } finally {
    await services.conversations.bus.close();
    await services.outbox.stop();
    services.mailTransport.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function report(stats: Record<string, Stats>) {
  const base = stats.baseline!;
  const commit = stats["one-row commit"]!;
  const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1));
  console.log(
    `\n| operation | n | p50 / p95 ms | ÷ baseline p50 | ÷ baseline p95 | ÷ commit p50 | target p95 | within |`,
  );
  console.log(`| --- | --- | --- | --- | --- | --- | --- | --- |`);
  for (const [name, s] of Object.entries(stats)) {
    const target = name.startsWith("send")
      ? TARGETS.send
      : name.startsWith("inbox")
        ? TARGETS.inbox
        : name.startsWith("unread")
          ? TARGETS.count
          : null;
    console.log(
      `| ${name} | ${s.n} | ${ms(s.p50)} / ${ms(s.p95)} | ${(s.p50 / base.p50).toFixed(2)}× | ` +
        `${(s.p95 / base.p95).toFixed(2)}× | ` +
        `${name.startsWith("send") ? `${(s.p50 / commit.p50).toFixed(2)}×` : "—"} | ` +
        `${target ? `≤ ${target} ms` : "—"} | ` +
        `${target ? (s.p95 <= target ? "yes" : "**no**") : "—"} |`,
    );
  }
}

async function main() {
  console.log("# Messages benchmark (PostgreSQL)\n");
  for (const line of machineLines()) console.log(`- ${line}`);
  const started = performance.now();
  const kept = args["keep-database"];
  const handle = kept
    ? await openKeptPostgres(serverUrl, kept)
    : await openFreshPostgres(serverUrl);
  try {
    const [version] = await queryRows<{ server_version: string }>(
      handle.db,
      sql`show server_version`,
    );
    console.log(`- PostgreSQL ${version?.server_version}`);
    let data = await messagesDataOf(handle.db);
    if (data.conversations === 0) {
      console.log(
        `\nbuilding ${size.conversations.toLocaleString("en-US")} conversations, ` +
          `about ${size.messages.toLocaleString("en-US")} messages:`,
      );
      const buildStart = performance.now();
      await buildMessagesData(handle.db, size, new Date(), (line) => console.log(line));
      console.log(`  built in ${((performance.now() - buildStart) / 1000).toFixed(0)} s`);
      data = await messagesDataOf(handle.db);
    }
    const [bytes] = await queryRows<{ size: string }>(
      handle.db,
      sql`select pg_size_pretty(pg_database_size(current_database())) as size`,
    );
    console.log(
      `\ndata: ${data.conversations.toLocaleString("en-US")} conversations, ` +
        `${data.members.toLocaleString("en-US")} member rows, ` +
        `${data.messages.toLocaleString("en-US")} messages; database ${bytes?.size}`,
    );
    await measure(handle);
  } finally {
    await handle.close();
  }
  console.log(`\n(${((performance.now() - started) / 1000).toFixed(0)} s in all)`);
}

await main();
