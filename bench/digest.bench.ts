/**
 * Alert digest benchmark (`npm run bench:digest`): one whole digest run for
 * 10,000 and then 100,000 people, each with one or two alerts (text, cities, categories,
 * price ranges in varied mixes) and some follows, over 100,000 listed works of which a
 * day's worth (1,000) are new since the last run; every person is due. On PostgreSQL
 * (BENCH_DATABASE_URL or TEST_DATABASE_URL; a fresh database per size, dropped after).
 * Reports the run's time, the time per batch of 500 people, the e-mails queued, and the
 * process's peak RSS and heap (process.memoryUsage sampled every 20 ms) above what it was
 * before the run; 10× the people should cost about 10× the time and no more memory.
 * Seeding is SQL (generate_series), a few seconds.
 */
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../server/db/client";
import { createDigest } from "../server/features/alerts/digest.timers";
import { createLogger } from "../server/logger";
import { openFreshPostgres } from "./databases";
import { machineLines } from "./report";

/** `DIGEST_BENCH_PEOPLE=1000,5000` for a quick look; the figures kept are 10,000 and 100,000. */
const SIZES = (process.env.DIGEST_BENCH_PEOPLE ?? "10000,100000").split(",").map(Number);
const WORKS = 100_000;
const NEW_WORKS = 1_000;
const ARTISTS = 1_000;
const CITIES = 20;
const CATEGORIES = 10;
const WORDS = [
  "harbour",
  "lighthouse",
  "meadow",
  "forest",
  "river",
  "mountain",
  "portrait",
  "still",
  "life",
  "abstract",
  "blue",
  "red",
  "golden",
  "evening",
  "morning",
  "city",
  "street",
  "garden",
  "flowers",
  "sea",
  "storm",
  "winter",
  "summer",
  "bridge",
  "boat",
  "window",
  "figure",
  "nude",
  "horse",
  "bird",
  "cloud",
  "sun",
  "moon",
  "night",
  "study",
  "composition",
  "landscape",
  "interior",
  "market",
  "dance",
];

async function seed({ db }: DatabaseHandle, people: number, now: Date) {
  const at = now.toISOString();
  const words = `array[${WORDS.map((w) => `'${w}'`).join(",")}]`;
  const statements = [
    `insert into cities (name) select 'City ' || g from generate_series(1, ${CITIES}) g`,
    `insert into art_categories (name) select 'category ' || g from generate_series(1, ${CATEGORIES}) g`,
    `create temp table bench_cities as select row_number() over (order by id) as n, id from cities`,
    `create temp table bench_categories as select row_number() over (order by id) as n, id from art_categories`,
    // Artists, listed, spread over the cities.
    `insert into users (email, first_name, last_name, display_name, is_artist, payout_status, payout_account_id, city_id)
       select 'artist' || g || '@bench.test', 'Artist', g::text, 'Artist ' || g, true, 'active', 'acct_' || g,
         (select id from bench_cities where n = 1 + g % ${CITIES})
       from generate_series(1, ${ARTISTS}) g`,
    `create temp table bench_artists as select row_number() over (order by email) as n, id from users where is_artist`,
    // The people with alerts.
    `insert into users (email, first_name, last_name, display_name)
       select 'person' || g || '@bench.test', 'Person', g::text, 'Person ' || g from generate_series(1, ${people}) g`,
    `create temp table bench_people as select row_number() over (order by email) as n, id from users where not is_artist`,
    // Works: all but NEW_WORKS listed long ago; the new ones within the last day. One in 50 sold.
    `insert into artworks (title, artist_id, owner_id, status, is_for_sale, price_cents, width, height, created_at)
       select (${words})[1 + g % ${WORDS.length}] || ' ' || (${words})[1 + (g * 7) % ${WORDS.length}] || ' ' || g,
         a.id, case when g % 50 = 0 then p.id else a.id end,
         case when g % 50 = 0 then 'not for sale' else 'available' end, g % 50 <> 0,
         1000 + (g * 7919) % 1500000, 20, 30,
         case when g <= ${NEW_WORKS}
           then '${at}'::timestamptz - interval '2 minutes' - (g % 1380) * interval '1 minute'
           else '${at}'::timestamptz - interval '30 days' - (g % 10000) * interval '1 minute' end
       from generate_series(1, ${WORKS}) g
       join bench_artists a on a.n = 1 + g % ${ARTISTS}
       join bench_people p on p.n = 1 + g % ${people}`,
    `insert into artwork_categories (artwork_id, category_id)
       select w.id, c.id from (select id, row_number() over (order by id) as n from artworks) w
       join bench_categories c on c.n = 1 + w.n % ${CATEGORIES}`,
    // Every person: one alert with text and some filters; every other person a second,
    // filters only. Made two days ago, like their preferences.
    `insert into alerts (user_id, name, query_text, tsquery, city_ids, category_ids, price_ranges, created_at)
       select p.id, 'Alert ' || p.n, (${words})[1 + p.n % ${WORDS.length}],
         left((${words})[1 + p.n % ${WORDS.length}], 3 + (p.n % 4)::int) || ':*',
         case when p.n % 3 = 0 then array[(select id from bench_cities where n = 1 + p.n % ${CITIES})] else '{}' end,
         case when p.n % 4 = 0 then array[(select id from bench_categories where n = 1 + p.n % ${CATEGORIES})] else '{}' end,
         case when p.n % 5 = 0 then array[(p.n % 6)::int] else '{}' end,
         '${at}'::timestamptz - interval '2 days'
       from bench_people p`,
    `insert into alerts (user_id, name, city_ids, category_ids, price_ranges, created_at)
       select p.id, 'Filters ' || p.n,
         array[(select id from bench_cities where n = 1 + (p.n * 3) % ${CITIES})],
         array[(select id from bench_categories where n = 1 + (p.n * 7) % ${CATEGORIES})],
         array[((p.n * 5) % 6)::int], '${at}'::timestamptz - interval '2 days'
       from bench_people p where p.n % 2 = 0`,
    // A third of the people follow two artists.
    `insert into follows (follower_id, artist_id, created_at)
       select p.id, a.id, '${at}'::timestamptz - interval '2 days'
       from bench_people p join bench_artists a
         on a.n in (1 + p.n % ${ARTISTS}, 1 + (p.n * 13 + 7) % ${ARTISTS})
       where p.n % 3 = 0`,
    // Everyone was last mailed two days ago and checked up to a day ago: all are due.
    `insert into mail_preferences (user_id, checked_through, last_sent_at)
       select id, '${at}'::timestamptz - interval '1 day', '${at}'::timestamptz - interval '2 days'
       from bench_people`,
    `analyze`,
  ];
  for (const statement of statements) await db.execute(sql.raw(statement));
}

type Result = {
  people: number;
  ms: number;
  batches: number;
  mailed: number;
  batchMs: { p50: number; max: number };
  peakRssMiB: number;
  peakHeapMiB: number;
};

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0;
}

async function measure(serverUrl: string, people: number): Promise<Result> {
  const database = await openFreshPostgres(serverUrl);
  try {
    const now = new Date();
    const seeding = performance.now();
    await seed(database, people, now);
    console.error(`seeded ${people} people in ${Math.round(performance.now() - seeding)} ms`);
    const batchTimes: number[] = [];
    const digest = createDigest({
      db: database.db,
      logger: createLogger({ json: false, silent: true }),
      now: () => now,
      publicUrl: "https://vernissage.example",
      secret: "bench-secret-that-is-long-enough-for-hmac",
      kickOutbox: () => {},
      onBatch: (batch) => batchTimes.push(batch.ms),
    });
    global.gc?.();
    const base = process.memoryUsage();
    let peakRss = base.rss;
    let peakHeap = base.heapUsed;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 20);
    const started = performance.now();
    const report = await digest.run();
    const ms = performance.now() - started;
    clearInterval(sampler);
    const mib = (bytes: number) => bytes / 1024 ** 2;
    return {
      people,
      ms,
      batches: report.batches,
      mailed: report.mailed,
      batchMs: { p50: percentile(batchTimes, 0.5), max: Math.max(...batchTimes) },
      peakRssMiB: mib(peakRss - base.rss),
      peakHeapMiB: mib(peakHeap - base.heapUsed),
    };
  } finally {
    await database.close();
  }
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.error(
      "bench:digest runs on PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL), e.g.\n" +
        "  BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:digest",
    );
    process.exit(2);
  }
  console.log(`# Alert digest: one whole run (PostgreSQL)\n`);
  for (const line of machineLines()) console.log(`- ${line}`);
  console.log(
    `- ${WORKS.toLocaleString("en")} works, ${NEW_WORKS.toLocaleString("en")} new since the last run; ${ARTISTS} artists; 1.5 alerts per person; a third follow 2 artists\n`,
  );
  const results: Result[] = [];
  for (const people of SIZES) results.push(await measure(url, people));
  console.log(
    "| people | run | per 1,000 people | batches | batch p50 | batch max | e-mails | peak RSS above start | peak heap above start |",
  );
  console.log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of results) {
    console.log(
      `| ${r.people.toLocaleString("en")} | ${(r.ms / 1000).toFixed(1)} s | ${((r.ms / r.people) * 1000).toFixed(0)} ms | ${r.batches} | ${r.batchMs.p50.toFixed(0)} ms | ${r.batchMs.max.toFixed(0)} ms | ${r.mailed.toLocaleString("en")} | ${r.peakRssMiB.toFixed(0)} MiB | ${r.peakHeapMiB.toFixed(0)} MiB |`,
    );
  }
  const [small, large] = results;
  if (small && large) {
    console.log(
      `\n${(large.people / small.people).toFixed(0)}× the people took ${(large.ms / small.ms).toFixed(1)}× the time.`,
    );
  }
}

await main();
