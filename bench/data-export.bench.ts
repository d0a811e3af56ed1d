/**
 * `npm run bench:export`: "Download my data" for a person with `--works` works (1,000),
 * each with one original image of `--image-kb` KiB (256) in local storage, and
 * `--messages` messages (10,000) in 100 conversations. Not a test: it reports times and
 * memory measured in this run, and asserts nothing about time. See docs/performance.md.
 *
 * Measured, in rounds alternating with the baseline: one whole export run
 * (`runDataExports`: every section read a page at a time and written, each image
 * streamed from storage, into a ZIP streamed to storage), and as the baseline the bare
 * read of the same rows (the same section readers) and of the same image files, with no
 * ZIP and nothing written. Each with the process's peak RSS and heap above where it began
 * (process.memoryUsage sampled every 20 ms). The ZIP is then opened with yauzl and its
 * entries counted.
 *
 *   npm run bench:export
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:export
 *   npm run bench:export -- --works 200 --messages 2000 --rounds 1
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { queryRows } from "../server/db/rows";
import yauzl from "yauzl";
import { loadConfig } from "../server/config";
import { openPglite, type DatabaseHandle } from "../server/db/client";
import { dataExports } from "../server/db/schema";
import {
  EXPORT_PAGE_SIZE,
  EXPORT_SECTIONS,
} from "../server/features/data-rights/data-export.sections";
import { runDataExports } from "../server/features/data-rights/data-export.service";
import { createLogger } from "../server/logger";
import { createServices } from "../server/services";
import { openFreshPostgres } from "./databases";
import { machineLines } from "./report";

const { values: args } = parseArgs({
  options: {
    works: { type: "string", default: "1000" },
    messages: { type: "string", default: "10000" },
    "image-kb": { type: "string", default: "256" },
    rounds: { type: "string", default: "3" },
  },
});
const WORKS = Number(args.works);
const MESSAGES = Number(args.messages);
const IMAGE_BYTES = Number(args["image-kb"]) * 1024;
const ROUNDS = Number(args.rounds);
const CONVERSATIONS = 100;
const serverUrl = process.env.BENCH_DATABASE_URL;

type Run = { ms: number; peakRssMiB: number; peakHeapMiB: number; rssMiB: number };

async function measured(work: () => Promise<unknown>): Promise<Run> {
  if (global.gc) global.gc();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 20);
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  clearInterval(sampler);
  const mib = (bytes: number) => Math.max(0, bytes) / 1024 ** 2;
  return {
    ms,
    peakRssMiB: mib(peakRss - base.rss),
    peakHeapMiB: mib(peakHeap - base.heapUsed),
    rssMiB: mib(peakRss),
  };
}

function zipEntries(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, zip) => {
      if (error) return reject(error);
      resolve(zip.entryCount);
      zip.close();
    });
  });
}

async function main() {
  console.log(machineLines().join("\n"));
  const dataDir = await mkdtemp(path.join(tmpdir(), "vernissage-bench-export-"));
  const database: DatabaseHandle = serverUrl
    ? await openFreshPostgres(serverUrl)
    : await openPglite(path.join(dataDir, "db"));
  if (!serverUrl) await database.migrate();
  const config = loadConfig({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://localhost:3000",
  });
  const logger = createLogger({ json: false, silent: true });
  const services = createServices(config, database, logger);
  const { db } = database;
  try {
    console.log(
      `database: ${database.kind}; seeding ${WORKS} works with ${IMAGE_BYTES / 1024} KiB images and ${MESSAGES} messages…`,
    );
    const [artist] = await queryRows<{ id: string }>(
      db,
      sql`
      insert into users (email, display_name, first_name, last_name, is_artist, payout_status)
      values ('artist@example.com', 'Ada Export', 'Ada', 'Export', true, 'active') returning id`,
    );
    const artistId = artist!.id;
    await db.execute(sql`
      insert into users (email, display_name)
      select 'buyer' || n || '@example.com', 'Buyer ' || n from generate_series(1, ${CONVERSATIONS}) n`);
    await db.execute(sql`
      insert into artworks (title, artist_id, owner_id, status, is_for_sale, price_cents, description)
      select 'Work ' || n, ${artistId}, ${artistId}, 'available', true, 10000 + n, 'A work for the bench.'
      from generate_series(1, ${WORKS}) n`);
    const works = await queryRows<{ id: string }>(
      db,
      sql`select id from artworks where artist_id = ${artistId} order by id`,
    );
    for (const work of works) {
      const key = `artworks/bench-${randomBytes(8).toString("hex")}-original.jpg`;
      const { url } = await services.storage.put(key, randomBytes(IMAGE_BYTES), "image/jpeg");
      await db.execute(sql`
        insert into artwork_images (artwork_id, position, original, medium, thumbnail)
        values (${work.id}, 0, ${url}, ${url}, ${url})`);
    }
    await db.execute(sql`
      insert into conversations (kind, buyer_id, artist_id)
      select 'artist', u.id, ${artistId} from users u where u.email like 'buyer%'`);
    await db.execute(sql`
      insert into conversation_members (user_id, conversation_id, role)
      select c.buyer_id, c.id, 'buyer' from conversations c where c.artist_id = ${artistId}
      union all
      select c.artist_id, c.id, 'artist' from conversations c where c.artist_id = ${artistId}`);
    await db.execute(sql`
      insert into messages (conversation_id, sender_id, body)
      select c.id, case when n % 2 = 0 then c.buyer_id else c.artist_id end,
             'Message ' || n || ': is this work still available, and could you ship it to Albany?'
      from (select id, buyer_id, artist_id, row_number() over (order by id) as k
            from conversations where artist_id = ${artistId}) c
      join generate_series(1, ${MESSAGES}) n on n % ${CONVERSATIONS} = c.k - 1`);

    const deps = {
      db,
      storage: services.storage,
      logger,
      now: () => new Date(),
      publicUrl: config.publicUrl,
      kickOutbox: () => undefined,
    };

    async function bareRead() {
      for (const section of EXPORT_SECTIONS) {
        if ("read" in section) {
          await section.read(db, artistId);
          continue;
        }
        let after: string | number | null = null;
        for (;;) {
          const rows = await section.pages(db, artistId, after, EXPORT_PAGE_SIZE);
          const last = rows.at(-1);
          if (!last || rows.length < EXPORT_PAGE_SIZE) break;
          after = last.id;
        }
      }
      const images = await queryRows<{ original: string }>(
        db,
        sql`
        select i.original from artwork_images i join artworks a on a.id = i.artwork_id
        where a.artist_id = ${artistId}`,
      );
      for (const image of images) {
        const stream = await services.storage.read(services.storage.keyOf(image.original)!);
        for await (const chunk of stream) void chunk;
      }
    }

    async function exportRun() {
      await db.delete(dataExports);
      await db.insert(dataExports).values({ userId: artistId });
      const result = await runDataExports(deps);
      if (result.built !== 1) throw new Error("the export was not built");
    }

    const bare: Run[] = [];
    const zipped: Run[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      bare.push(await measured(bareRead));
      zipped.push(await measured(exportRun));
    }
    const [row] = await db.select().from(dataExports);
    if (row?.status !== "ready")
      throw new Error(`the export ended ${row?.status}: ${row?.failure}`);
    const entries = await zipEntries(path.join(config.mediaDir, row.storageKey!));

    const median = (runs: Run[], pick: (r: Run) => number) => {
      const sorted = runs.map(pick).sort((a, b) => a - b);
      return sorted[Math.floor(sorted.length / 2)]!;
    };
    const line = (name: string, runs: Run[]) => {
      const seconds = `${(median(runs, (r) => r.ms) / 1000).toFixed(1)} s`;
      const above = `${median(runs, (r) => r.peakRssMiB).toFixed(0)} / ${median(runs, (r) => r.peakHeapMiB).toFixed(0)} MiB`;
      const peak = `${median(runs, (r) => r.rssMiB).toFixed(0)} MiB`;
      return `| ${name} | ${seconds} | ${above} | ${peak} |`;
    };
    console.log(`\nrounds: ${ROUNDS} (medians)`);
    console.log("| run | time | peak RSS / heap above start | peak RSS |");
    console.log("| --- | ---: | --- | ---: |");
    console.log(line("bare read (baseline)", bare));
    console.log(line("export (ZIP to storage)", zipped));
    console.log(
      `\nexport / baseline time: ${(median(zipped, (r) => r.ms) / median(bare, (r) => r.ms)).toFixed(2)}×`,
    );
    console.log(
      `ZIP: ${(row.sizeBytes! / 1024 ** 2).toFixed(1)} MiB, ${entries} entries (${WORKS} images expected)`,
    );
  } finally {
    await services.outbox.stop();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
