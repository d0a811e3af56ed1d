/**
 * `npm run bench:durability`: what a commit of the embedded database costs now that
 * it waits for the disk (fsync of the write-ahead log, see server/db/durable-fs.ts),
 * next to PGlite as it comes (fsync off: a commit is in the page cache only), both
 * on disk in the same folder and interleaved in the same run. Not a test: it
 * reports commits per second and their ratio. See docs/performance.md.
 *
 *   npm run bench:durability -- --iterations 300 --dir /var/tmp
 */
import { PGlite } from "@electric-sql/pglite";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { DURABLE_START_PARAMS, DurableNodeFS } from "../server/db/durable-fs";
import { measureInterleaved, type Stats } from "./measure";
import { machineLines } from "./report";

const { values: args } = parseArgs({
  options: {
    iterations: { type: "string", default: "300" },
    dir: { type: "string", default: os.tmpdir() },
  },
});
const iterations = Number(args.iterations);
if (!Number.isInteger(iterations) || iterations < 1) throw new Error("--iterations must be ≥ 1");

const root = mkdtempSync(path.join(args.dir, "vernissage-bench-durability-"));
process.on("exit", () => rmSync(root, { recursive: true, force: true }));

const asItComes = await PGlite.create({ dataDir: path.join(root, "as-it-comes") });
const durable = await PGlite.create({
  fs: new DurableNodeFS(path.join(root, "durable")),
  startParams: DURABLE_START_PARAMS,
});
for (const db of [asItComes, durable]) {
  await db.exec("create table bench_write (id serial primary key, body text not null)");
}

const body = "x".repeat(200);
/** One commit of one row: a sign-up, a listing edit, an order. */
const oneRow = (db: PGlite) => () => db.query("insert into bench_write (body) values ($1)", [body]);
/** One commit of 100 rows: the cost of waiting for the disk is paid once. */
const hundredRows = (db: PGlite) => () =>
  db.transaction(async (tx) => {
    for (let i = 0; i < 100; i++)
      await tx.query("insert into bench_write (body) values ($1)", [body]);
  });

const options = { warmup: 10, iterations, budgetMs: 60_000, minIterations: 30 };
const single = await measureInterleaved(
  { asItComes: oneRow(asItComes), durable: oneRow(durable) },
  options,
);
const batch = await measureInterleaved(
  { asItComes: hundredRows(asItComes), durable: hundredRows(durable) },
  { ...options, iterations: Math.ceil(iterations / 10) },
);
await asItComes.close();
await durable.close();

const perSecond = (s: Stats, rowsPerCommit: number) => (s.rps * rowsPerCommit).toFixed(0);
const line = (name: string, s: Record<"asItComes" | "durable", Stats>, rows: number) =>
  `| ${name} | ${s.asItComes.n} | ${perSecond(s.asItComes, rows)} | ${perSecond(s.durable, rows)} | ` +
  `${(s.durable.rps / s.asItComes.rps).toFixed(2)} | ${s.durable.p50.toFixed(2)} ms |`;

console.log(
  [
    ...machineLines(),
    `folder: ${args.dir}`,
    "",
    "| commit of | n | rows/s, fsync off (as before) | rows/s, durable | ratio durable / before | durable p50 per commit |",
    "|---|---|---|---|---|---|",
    line("1 row", single, 1),
    line("100 rows", batch, 100),
  ].join("\n"),
);
