/**
 * `npm run bench`: the search endpoint on a 100,000-artwork catalogue, next to the
 * same SQL run directly, on PGlite and (when DATABASE_URL is set) on PostgreSQL.
 * Not a test: it reports latencies and ratios measured in this run, and asserts
 * nothing about time. See docs/performance.md.
 *
 *   npm run bench                       PGlite only
 *   BENCH_DATABASE_URL=postgres://… npm run bench:search   PGlite, then a fresh database on that server
 *   npm run bench:search -- --postgres-only --size 1000000 --no-http   the run of docs/performance.md
 *   npm run bench -- --size 20000 --iterations 50 --no-http --explain --postgres-only
 *
 * --keep-database NAME (PostgreSQL) builds the catalogue once into the database NAME and
 * reuses it on the next run (same --size); drop it by hand when done.
 * --explain prints the condensed plans of every scenario (by default: the common
 * term and the home page); --no-http leaves out the loopback HTTP column.
 */
import { parseArgs } from "node:util";
import type { DatabaseHandle } from "../server/db/client";
import { openFreshPglite, openFreshPostgres, openKeptPostgres } from "./databases";
import { machineLines, resultTable } from "./report";
import { runSearchBench } from "./search-runner";

const { values: args } = parseArgs({
  options: {
    size: { type: "string", default: "100000" },
    iterations: { type: "string", default: "200" },
    "no-http": { type: "boolean", default: false },
    explain: { type: "boolean", default: false },
    "postgres-only": { type: "boolean", default: false },
    // A database of this name on the server, kept: its catalogue is built once and
    // reused by the next run with the same name and size (migrations applied first).
    "keep-database": { type: "string" },
  },
});

const size = Number(args.size);
const iterations = Number(args.iterations);
if (!Number.isInteger(size) || size < 10_000 || !Number.isInteger(iterations) || iterations < 1) {
  // Below 10,000 artworks the rare word (one title in 10,000) is missing.
  throw new Error("--size must be a whole number ≥ 10000 and --iterations ≥ 1");
}

// A script, not the server: it reads the one variable it needs itself (BENCH_DATABASE_URL
// as the other benches; DATABASE_URL as this one always did).
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;

type Target = { label: string; open: () => Promise<DatabaseHandle> };
const targets: Target[] = [];
if (!args["postgres-only"]) targets.push({ label: "PGlite", open: openFreshPglite });
const kept = args["keep-database"];
if (serverUrl) {
  targets.push({
    label: "PostgreSQL",
    open: () => (kept ? openKeptPostgres(serverUrl, kept) : openFreshPostgres(serverUrl)),
  });
}

console.log("# Search benchmark\n");
for (const line of machineLines()) console.log(`- ${line}`);

const tables: string[] = [];
for (const target of targets) {
  console.log(`\n## ${target.label}\n`);
  const start = performance.now();
  const result = await runSearchBench(target.open, {
    size,
    iterations,
    http: !args["no-http"],
    explainAll: args.explain,
  });
  // The target: every search within 20 ms at p95 (the change itself is no search).
  const table = resultTable(result.scenarios, 20);
  tables.push(`### ${target.label} (${result.version})\n\n${result.setup}\n\n${table}`);
  console.log(`\n${table}`);
  console.log(`\n${target.label}: ${((performance.now() - start) / 1000).toFixed(0)} s in all`);
}

console.log("\n# Summary\n");
console.log(tables.join("\n\n"));
