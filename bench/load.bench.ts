/**
 * `npm run bench:load`: the built server on PGlite with the demo data, under a mixed load
 * of visitors (the home page, searches, artwork pages) from autocannon: 60 s at 32
 * connections by default. Prints the latency (p50, p99), requests per second, and the
 * server process's resident memory: idle after start, and the peak under load (read from
 * /proc/<pid>/status, VmRSS and VmHWM) after a restart on the demo's folder (the first
 * start loads the demo), with where it is by mapping (/proc/<pid>/smaps):
 * the WebAssembly memory PGlite's Postgres runs in, the rest of the anonymous memory
 * (V8's heap, malloc: sharp/libvips, zlib/brotli), and code. Linux only. Needs the
 * built app (`npm run build`). Not a test: it asserts nothing. See docs/performance.md
 * "Server memory".
 *
 *   npm run build && npm run bench:load
 *   npm run bench:load -- --duration 10 --connections 8
 *   npm run bench:load -- --env SHARP_CONCURRENCY=1   (extra server environment)
 */
import autocannon from "autocannon";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { projectRoot } from "../server/paths";
import { startBuiltServer } from "./built-server";
import { freePort } from "./free-port";
import { machineLines } from "./report";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "60" },
    connections: { type: "string", default: "32" },
    idle: { type: "string", default: "10" },
    env: { type: "string", multiple: true, default: [] },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const idleSeconds = Number(args.idle);
if (![duration, connections, idleSeconds].every((n) => Number.isInteger(n) && n > 0)) {
  throw new Error("--duration, --connections and --idle must be whole numbers above 0");
}
const extraEnv = Object.fromEntries(
  args.env.map((pair) => {
    const at = pair.indexOf("=");
    if (at < 1) throw new Error(`--env takes NAME=value, not ${pair}`);
    return [pair.slice(0, at), pair.slice(at + 1)];
  }),
);
if (!existsSync(path.join(projectRoot, "build/server/main.js"))) {
  console.error("The app is not built: run `npm run build` first.");
  process.exit(1);
}

/** A person's browser: the page cache keeps a crawler's pages apart (server/http/page-cache.ts). */
const BROWSER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SEARCHES = ["blue", "landscape", "portrait", "abstract", "sea", "city", "oil", "print"];

const MIB = 1024 * 1024;
const mib = (bytes: number) => `${(bytes / MIB).toFixed(0)} MB`;

function statusKb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
}

/**
 * Resident memory by kind of mapping. V8 reserves a WebAssembly memory with gigabytes of
 * guard space behind it: the readable part is the anonymous mapping directly followed
 * by an inaccessible one of 1 GiB or more. That is PGlite's Postgres (its shared
 * buffers, caches, work memory); the rest of the anonymous memory is V8's heap and
 * malloc's (sharp/libvips, compression, Node's own).
 */
function breakdown(pid: number) {
  type Mapping = { start: bigint; end: bigint; perms: string; file: boolean; rss: number };
  const mappings: Mapping[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (header) {
      mappings.push({
        start: BigInt(`0x${header[1]}`),
        end: BigInt(`0x${header[2]}`),
        perms: header[3] ?? "",
        file: (header[4] ?? "").startsWith("/"),
        rss: 0,
      });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    const last = mappings.at(-1);
    if (rss && last) last.rss = Number(rss[1]) * 1024;
  }
  const parts = { wasm: 0, anonymous: 0, files: 0 };
  mappings.forEach((m, i) => {
    const next = mappings[i + 1];
    const guarded =
      next !== undefined &&
      next.start === m.end &&
      next.perms.startsWith("---") &&
      next.end - next.start >= 1n << 30n;
    if (m.file) parts.files += m.rss;
    else if (m.perms.startsWith("rw") && guarded) parts.wasm += m.rss;
    else parts.anonymous += m.rss;
  });
  return parts;
}

function describeMemory(pid: number) {
  const parts = breakdown(pid);
  return (
    `RSS ${mib(statusKb(pid, "VmRSS"))}: PGlite's WebAssembly memory ${mib(parts.wasm)}, ` +
    `other anonymous (V8 heap, malloc) ${mib(parts.anonymous)}, code and files ${mib(parts.files)}`
  );
}

async function artworkPaths(base: string): Promise<string[]> {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/\/artwork\/[0-9a-f-]{36}/g)].map((m) => m[0]);
  if (paths.length === 0) throw new Error("the sitemap lists no artworks");
  return [...new Set(paths)];
}

/**
 * The live JavaScript heap: the server writes a heap snapshot on SIGUSR2 (started with
 * --heapsnapshot-signal); the sum of its objects' own sizes is what V8 keeps alive. The
 * snapshot's "native" nodes are memory outside the heap that objects hold (array
 * buffers' stores: PGlite's WebAssembly memory among them), reported apart.
 */
async function liveHeap(pid: number, dir: string): Promise<{ js: number; native: number }> {
  process.kill(pid, "SIGUSR2");
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const file = readdirSync(dir).find((name) => name.endsWith(".heapsnapshot"));
    if (!file) continue;
    let snapshot: {
      snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
      nodes: number[];
    };
    try {
      snapshot = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as typeof snapshot;
    } catch {
      continue; // Still being written.
    }
    const { node_fields: fields, node_types: types } = snapshot.snapshot.meta;
    const sizeAt = fields.indexOf("self_size");
    const typeAt = fields.indexOf("type");
    const native = types[0].indexOf("native");
    const heap = { js: 0, native: 0 };
    for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
      const size = snapshot.nodes[i + sizeAt]!;
      if (snapshot.nodes[i + typeAt] === native) heap.native += size;
      else heap.js += size;
    }
    return heap;
  }
  throw new Error("no heap snapshot within 120 s");
}

const dataDir = mkdtempSync(path.join(tmpdir(), "vernissage-load-"));
const snapshotDir = mkdtempSync(path.join(tmpdir(), "vernissage-load-heap-"));
console.log(machineLines().join("\n"));
console.log(`Loading the demo into ${dataDir} (a first start)…`);
const first = await startBuiltServer(await freePort(), dataDir, extraEnv, 300_000);
await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
console.log(`Idle ${idleSeconds} s after the first start: ${describeMemory(first.child.pid!)}`);
console.log(
  `  peak during the first start (the demo's load): ${mib(statusKb(first.child.pid!, "VmHWM"))}`,
);
await first.stop();

// What the issue measures: a restart on a folder that has its data.
const server = await startBuiltServer(
  await freePort(),
  dataDir,
  {
    ...extraEnv,
    NODE_OPTIONS: `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${snapshotDir}`,
  },
  300_000,
);
const pid = server.child.pid!;
try {
  await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
  const idleRss = statusKb(pid, "VmRSS");
  console.log(`Idle ${idleSeconds} s after a restart: ${describeMemory(pid)}`);

  const artworks = await artworkPaths(server.base);
  // Each connection walks this list in turn: a third each of home, search and artwork pages.
  const paths: string[] = [];
  for (let i = 0; i < 24; i += 1) {
    paths.push("/", `/?q=${SEARCHES[i % SEARCHES.length]}`);
    paths.push(artworks[(i * 7) % artworks.length]!);
  }
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, statusKb(pid, "VmRSS"));
  }, 200);
  const result = await autocannon({
    url: server.base,
    connections,
    duration,
    headers: { "user-agent": BROWSER_AGENT },
    requests: paths.map((p) => ({ method: "GET", path: p })),
  });
  clearInterval(sampler);
  peak = Math.max(peak, statusKb(pid, "VmRSS"));
  console.log(
    `Load ${duration} s, ${connections} connections (home, search, artwork pages): ` +
      `${result.requests.average.toFixed(0)} requests/s, p50 ${result.latency.p50} ms, ` +
      `p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx, ${result.errors + result.timeouts} errors`,
  );
  console.log(`At the end of the load: ${describeMemory(pid)}`);
  const heap = await liveHeap(pid, snapshotDir);
  console.log(
    `  heap snapshot: live JavaScript objects ${mib(heap.js)}, ` +
      `native memory they hold ${mib(heap.native)}`,
  );
  console.log(
    `Summary: idle after a restart ${mib(idleRss)}, peak under load ${mib(peak)}, ` +
      `p99 ${result.latency.p99} ms`,
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(snapshotDir, { recursive: true, force: true });
}
