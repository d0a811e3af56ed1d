/**
 * `npm run bench:throughput`: requests per second of the artwork page and of
 * `GET /api/artworks/:id` under autocannon at 16 connections, against two baselines in
 * the same run: a bare node:http server that reads the same artwork row by primary key
 * from the same database, and a minimal React Router app whose page does that read and
 * renders its fields (bench/minimal-page.ts, the framework's floor; measured in rounds
 * interleaved with the uncached artwork page). Each is measured without the page cache
 * (what a signed-in person costs), without it or the kept rails (a work's first visit),
 * and with it (visitors), on PGlite and, when
 * BENCH_DATABASE_URL is set, on a fresh database of that PostgreSQL server with 1 and 2
 * server processes. Needs the built app (`npm run build`). Not a test: it reports ratios
 * measured in this run and asserts nothing about time. See docs/performance.md "Server
 * throughput".
 *
 *   npm run build && npm run bench:throughput
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:throughput
 *   npm run bench:throughput -- --duration 5 --postgres-only --workers 1,2
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { parseArgs } from "node:util";
import { projectRoot } from "../server/paths";
import { adminQuery } from "./databases";
import { buildMinimalPage } from "./minimal-page";
import { machineLines } from "./report";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    connections: { type: "string", default: "16" },
    size: { type: "string", default: "10000" },
    workers: { type: "string", default: "1,2" },
    rounds: { type: "string", default: "3" },
    "pglite-only": { type: "boolean", default: false },
    "postgres-only": { type: "boolean", default: false },
  },
});
const duration = Number(args.duration);
const warmup = Number(args.warmup);
const connections = Number(args.connections);
const workerCounts = args.workers.split(",").map(Number);
const rounds = Number(args.rounds);
if (
  ![duration, warmup, connections, rounds, Number(args.size)].every(
    (n) => Number.isInteger(n) && n > 0,
  )
) {
  throw new Error(
    "--duration, --warmup, --connections, --rounds and --size must be whole numbers above 0",
  );
}
if (!workerCounts.every((n) => Number.isInteger(n) && n >= 1 && n <= 16)) {
  throw new Error("--workers must be a comma-separated list of process counts (1 to 16)");
}
// A script, not the server: it reads the one variable it needs itself.
const serverUrl = process.env.BENCH_DATABASE_URL;
if (!existsSync(path.join(projectRoot, "build/server/index.js"))) {
  console.error("The app is not built: run `npm run build` first.");
  process.exit(1);
}

const run = promisify(execFile);
const AUTOCANNON = path.join(projectRoot, "node_modules/autocannon/autocannon.js");

type Ready = {
  bare: number;
  cached: number;
  uncached: number;
  first: number;
  minimal: number;
  artworkId: string;
  seconds: string;
  workers: number;
};
type Load = { rps: number; p50: number; p99: number; non2xx: number; errors: number };

/**
 * A person's browser: since the page cache keeps a crawler's page apart from a person's
 * (server/http/page-cache.ts), every request of the bench says it is one, or fetch's own
 * "node" would be a crawler and look for a page the load (autocannon sends no agent)
 * never kept.
 */
const BROWSER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** One autocannon run in a process of its own; its JSON report, condensed. */
async function load(url: string, seconds: number, headers: string[] = []): Promise<Load> {
  const flags = ["-c", String(connections), "-d", String(seconds), "-j"];
  for (const header of [`User-Agent: ${BROWSER_AGENT}`, ...headers]) flags.push("-H", header);
  const { stdout } = await run(process.execPath, [AUTOCANNON, ...flags, url], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const report = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  return {
    rps: report.requests.average,
    p50: report.latency.p50,
    p99: report.latency.p99,
    non2xx: report.non2xx,
    errors: report.errors + report.timeouts,
  };
}

function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/throughput-server.ts"], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      BENCH_THROUGHPUT_SIZE: args.size,
      BENCH_THROUGHPUT_MINIMAL_BUILD: minimal.buildDir,
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (data: Buffer) => {
      output += data.toString();
      const line = /^READY (.+)$/m.exec(output)?.[1];
      if (line) resolve({ child, ready: JSON.parse(line) as Ready });
    });
    child.once("exit", (code) => reject(new Error(`the bench server exited with ${code}`)));
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

/** What an answer of a scenario must be: a 200 and, for the cached ones, a kept page. */
async function check(url: string, cache: "HIT" | null) {
  const response = await fetch(url, { headers: { "User-Agent": BROWSER_AGENT } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  const state = response.headers.get("x-cache");
  if (cache === "HIT" ? state !== "HIT" : state === "HIT") {
    throw new Error(`${url}: X-Cache ${state}, expected ${cache ?? "no HIT"}`);
  }
}

type Row = {
  scenario: string;
  load: Load;
  ratio: number | undefined;
  target?: number;
  /** Against the minimal React Router page of the same run. */
  minimalRatio?: number;
  minimalTarget?: number;
};

/** The median of each figure over several runs of one scenario. */
function median(loads: Load[]): Load {
  const mid = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const half = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2;
  };
  return {
    rps: mid(loads.map((l) => l.rps)),
    p50: mid(loads.map((l) => l.p50)),
    p99: mid(loads.map((l) => l.p99)),
    non2xx: loads.reduce((sum, l) => sum + l.non2xx, 0),
    errors: loads.reduce((sum, l) => sum + l.errors, 0),
  };
}

async function measure(
  label: string,
  ready: Ready,
  baseline: Load | undefined,
): Promise<{ rows: Row[]; baseline: Load }> {
  const at = (port: number, p: string) => `http://127.0.0.1:${port}${p}`;
  const page = `/artwork/${ready.artworkId}`;
  const api = `/api/artworks/${ready.artworkId}`;
  let base = baseline;
  const rows: Row[] = [];
  if (!base) {
    const bareUrl = at(ready.bare, `/artworks/${ready.artworkId}`);
    await load(bareUrl, warmup);
    base = await load(bareUrl, duration);
    rows.push({ scenario: "bare primary-key read (baseline)", load: base, ratio: 1 });
  }

  // The framework's floor and the uncached page in alternate rounds, so a change in the
  // machine's load falls on both; the ratio is of the medians.
  const minimalUrl = at(ready.minimal, `/artworks/${ready.artworkId}`);
  const uncachedUrl = at(ready.uncached, page);
  for (const url of [minimalUrl, uncachedUrl]) {
    await load(url, warmup);
    await check(url, null);
  }
  const minimalRuns: Load[] = [];
  const uncachedRuns: Load[] = [];
  for (let round = 0; round < rounds; round++) {
    minimalRuns.push(await load(minimalUrl, duration));
    uncachedRuns.push(await load(uncachedUrl, duration));
  }
  const floor = median(minimalRuns);
  const uncached = median(uncachedRuns);
  console.log(
    `  ${label}: minimal page ${minimalRuns.map((l) => Math.round(l.rps)).join(", ")} req/s; ` +
      `uncached artwork page ${uncachedRuns.map((l) => Math.round(l.rps)).join(", ")} req/s`,
  );
  rows.push({
    scenario: "minimal React Router page, same read (floor)",
    load: floor,
    ratio: floor.rps / base.rps,
    minimalRatio: 1,
  });
  rows.push({
    scenario: "artwork page, uncached",
    load: uncached,
    ratio: uncached.rps / base.rps,
    minimalRatio: uncached.rps / floor.rps,
    minimalTarget: 0.5,
  });

  const scenarios: { name: string; url: string; cache: "HIT" | null; target?: number }[] = [
    { name: "artwork page, first visit (rails read)", url: at(ready.first, page), cache: null },
    {
      name: "artwork page, cached (visitor)",
      url: at(ready.cached, page),
      cache: "HIT",
      target: 0.5,
    },
    { name: "GET /api/artworks/:id, uncached", url: at(ready.uncached, api), cache: null },
    { name: "GET /api/artworks/:id, cached (visitor)", url: at(ready.cached, api), cache: "HIT" },
  ];
  for (const scenario of scenarios) {
    await load(scenario.url, warmup);
    await check(scenario.url, scenario.cache);
    const result = await load(scenario.url, duration);
    rows.push({
      scenario: scenario.name,
      load: result,
      ratio: result.rps / base.rps,
      target: scenario.target,
      minimalRatio: scenario.url.includes(page) ? result.rps / floor.rps : undefined,
    });
  }
  console.log(`\n## ${label}\n`);
  console.log(table(rows));
  return { rows, baseline: base };
}

function verdict(ratio: number | undefined, target: number | undefined, of: string): string {
  if (target === undefined || ratio === undefined) return "";
  return `≥ ${target}× ${of} ${ratio >= target ? "met" : "NOT met"}`;
}

function table(rows: Row[]): string {
  const lines = [
    "| scenario | req/s | p50 ms | p99 ms | non-2xx | errors | × bare | × minimal | target |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---|",
  ];
  for (const row of rows) {
    const { scenario, load: l, ratio, minimalRatio } = row;
    const target = [
      verdict(ratio, row.target, "bare"),
      verdict(minimalRatio, row.minimalTarget, "minimal"),
    ]
      .filter(Boolean)
      .join("; ");
    lines.push(
      `| ${scenario} | ${Math.round(l.rps).toLocaleString("en-US")} | ${l.p50} | ${l.p99} | ${l.non2xx} | ${l.errors} | ${ratio === undefined ? "" : ratio.toFixed(2)} | ${minimalRatio === undefined ? "" : minimalRatio.toFixed(2)} | ${target} |`,
    );
  }
  return lines.join("\n");
}

console.log("# Server throughput\n");
const minimal = await buildMinimalPage(projectRoot);
try {
  for (const line of machineLines()) console.log(`- ${line}`);
  console.log(
    `- autocannon ${connections} connections, ${warmup} s warm-up then ${duration} s per scenario (${rounds} interleaved rounds of the minimal and the uncached page); catalogue of ${args.size} artworks`,
  );

  if (!args["postgres-only"]) {
    const { child, ready } = await startServer({});
    try {
      await measure("PGlite (one process)", ready, undefined);
    } finally {
      await stop(child);
    }
  }

  if (serverUrl && !args["pglite-only"]) {
    let baseline: Load | undefined;
    for (const workers of workerCounts) {
      const name = `vernissage_bench_${randomBytes(6).toString("hex")}`;
      await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      try {
        const { child, ready } = await startServer({
          BENCH_THROUGHPUT_DATABASE_URL: url.toString(),
          BENCH_THROUGHPUT_WORKERS: String(workers),
        });
        try {
          const label = `PostgreSQL, ${workers} server process${workers > 1 ? "es" : ""}`;
          // The baseline is the bare server's (one process) of the first PostgreSQL run.
          baseline = (await measure(label, ready, baseline)).baseline;
        } finally {
          await stop(child);
        }
      } finally {
        await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    }
  } else if (!serverUrl) {
    console.log("\nBENCH_DATABASE_URL is not set: PostgreSQL skipped.");
  }
} finally {
  await minimal.remove();
}
