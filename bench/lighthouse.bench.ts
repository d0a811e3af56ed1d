/**
 * `npm run bench:lighthouse`: mobile page load of the artwork page and the home page
 * against a static HTML twin of each (the targets: LCP at most TARGET_RATIO times the static
 * page's and at most MAX_LCP_MS, CLS at most MAX_CLS, TBT at most MAX_TBT_MS).
 *
 * It starts the built app (production, a fresh data folder with the demo marketplace) on
 * one loopback port and a bare static server on another. Each twin is one HTML page with
 * minimal inline CSS, no JavaScript, and the app page's own LCP image: the same file
 * (same bytes, same headers) at the same size on the page. The static side sends its
 * HTML with the same content encoding as the app's HTML. Beside them, the framework's floor
 * (bench/floor-page.ts): the same image and line of text in an empty React Router page,
 * which any React Router page's scripts load with. Lighthouse 12 (default config: mobile,
 * simulated throttling) then runs each app page, its twin and its floor in turn, and the
 * report gives the medians and the ratios. Not a test: it asserts
 * nothing about time. See docs/performance.md, "Mobile page load".
 *
 *   npm run bench:lighthouse -- --runs 5 --pages artwork,home [--build] [--reports DIR]
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import lighthouse, { type Flags, type Result } from "lighthouse";
import { type BuiltServer, startBuiltServer } from "./built-server";
import { type FloorImage, buildFloorPage } from "./floor-page";
import { CHROMIUM_FLAGS, CHROMIUM_PATH as CHROMIUM } from "./chromium";
import { freePort } from "./free-port";
import { machineLines } from "./report";

/** What Chromium sends; the app's answers to it are what the browser gets. */
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";
/** A Lighthouse run that takes longer than this has hung: Chromium is killed and the run retried. */
const RUN_TIMEOUT_MS = 180_000;
const TARGET_RATIO = 1.5;
const MAX_LCP_MS = 2_500;
const MAX_CLS = 0.05;
const MAX_TBT_MS = 150;
const PAGES = ["artwork", "home"] as const;
type PageName = (typeof PAGES)[number];

// ---------------------------------------------------------------------------------------
// Arguments: bad input stops here, before anything starts.

function usage(message: string): never {
  console.error(`bench:lighthouse: ${message}`);
  console.error(
    "usage: npm run bench:lighthouse -- [--runs N (1–50, default 5)] [--pages artwork,home] [--build] [--reports DIR]",
  );
  process.exit(2);
}

function parseArguments() {
  try {
    return parseArgs({
      options: {
        runs: { type: "string", default: "5" },
        pages: { type: "string", default: PAGES.join(",") },
        build: { type: "boolean", default: false },
        reports: { type: "string" },
      },
    }).values;
  } catch (error) {
    return usage((error as Error).message);
  }
}
const parsed = parseArguments();
const runs = Number(parsed.runs);
if (!/^\d+$/.test(parsed.runs) || runs < 1 || runs > 50)
  usage(`--runs must be 1–50, got "${parsed.runs}"`);
const pageNames = [
  ...new Set(
    parsed.pages
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean),
  ),
];
if (pageNames.length === 0) usage("--pages names no page");
for (const name of pageNames) {
  if (!(PAGES as readonly string[]).includes(name)) {
    usage(`unknown page "${name}" in --pages (known: ${PAGES.join(", ")})`);
  }
}
const pages = pageNames as PageName[];
const reportsDir = parsed.reports ? path.resolve(parsed.reports) : undefined;

// ---------------------------------------------------------------------------------------
// Clean-up: every process and temporary folder this bench makes, on exit and on Ctrl-C.

const tempDirs: string[] = [];
let app: BuiltServer | undefined;
let chromium: ChildProcess | undefined;
let staticServer: http.Server | undefined;
let floor: Awaited<ReturnType<typeof buildFloorPage>> | undefined;

function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** Chromium runs in its own process group (it forks renderers); the group is ended by its id. */
function killChromium() {
  const child = chromium;
  chromium = undefined;
  if (!child?.pid || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    child.kill("SIGKILL");
  }
}

async function stopApp() {
  const server = app;
  app = undefined;
  await server?.stop();
}

function removeTempDirs() {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

async function cleanUp() {
  killChromium();
  staticServer?.close();
  staticServer = undefined;
  await floor?.remove();
  floor = undefined;
  await stopApp();
  removeTempDirs();
}

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\nbench:lighthouse: ${signal}, stopping the app and Chromium…`);
    void cleanUp().finally(() => process.exit(130));
  });
}
// Last resort if something throws past the finally below: nothing outlives this process.
process.on("exit", () => {
  killChromium();
  removeTempDirs();
});
/**
 * When Chromium dies mid-run, Lighthouse's own pending protocol calls reject outside the
 * promise this bench awaits. Those are the crash already being handled (the run fails
 * and is retried); anything else still ends the bench.
 */
function isProtocolFailure(error: unknown): boolean {
  const e = error as { message?: unknown; protocolMethod?: unknown; code?: unknown } | undefined;
  return (
    typeof e?.protocolMethod === "string" ||
    (typeof e?.message === "string" &&
      /^Protocol error|Target closed|Session closed|socket hang up|ECONNRESET|ECONNREFUSED/.test(
        e.message,
      ))
  );
}
for (const event of ["unhandledRejection", "uncaughtException"] as const) {
  process.on(event, (error: unknown) => {
    if (isProtocolFailure(error)) {
      console.error(`  (Chromium connection lost: ${(error as Error).message})`);
      return;
    }
    console.error(`bench:lighthouse: ${(error as Error)?.stack ?? String(error)}`);
    process.exit(1);
  });
}

// ---------------------------------------------------------------------------------------
// Small helpers.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A GET that keeps the body as sent (no decompression), to see and copy what the server sent. */
function rawGet(url: string, acceptEncoding = BROWSER_ACCEPT_ENCODING): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on("error", reject);
    });
    request.setTimeout(30_000, () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on("error", reject);
  });
}

function decode(response: RawResponse): Buffer {
  switch (response.headers["content-encoding"]) {
    case undefined:
    case "identity":
      return response.body;
    case "gzip":
      return zlib.gunzipSync(response.body);
    case "deflate":
      return zlib.inflateSync(response.body);
    case "br":
      return zlib.brotliDecompressSync(response.body);
    default:
      throw new Error(`cannot decode content-encoding ${response.headers["content-encoding"]}`);
  }
}

const encodingOf = (r: RawResponse) => String(r.headers["content-encoding"] ?? "identity");

function unescapeHtml(text: string): string {
  return text
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

function attributes(tag: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of tag.matchAll(/([a-zA-Z][\w:-]*)\s*=\s*"([^"]*)"/g)) {
    attrs[m[1]!.toLowerCase()] = unescapeHtml(m[2]!);
  }
  return attrs;
}

function srcsetUrls(srcset: string | undefined): string[] {
  if (!srcset) return [];
  return srcset
    .split(",")
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? "")
    .filter(Boolean);
}

function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const kb = (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / 1024).toFixed(0)} KB` : "—");
const msText = (ms: number) => (Number.isFinite(ms) ? `${Math.round(ms)} ms` : "—");
const secText = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : "—");

// ---------------------------------------------------------------------------------------
// The app, built and started like `npm start` with a fresh data folder (demo data on).

function buildIfNeeded() {
  const built =
    existsSync("build/server/main.js") &&
    existsSync("build/server/index.js") &&
    existsSync("build/client");
  if (built && !parsed.build) return;
  console.log(built ? "Building (--build)…" : "No build/ yet: building…");
  const result = spawnSync("npm", ["run", "--silent", "build"], { stdio: "inherit" });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status})`);
}

async function startApp(): Promise<string> {
  // The embedded database whatever the shell says: the demo data loads only there. The
  // first start draws the demo images (about half a minute on an idle machine).
  app = await startBuiltServer(
    await freePort(),
    makeTempDir("vernissage-lighthouse-data-"),
    { DATABASE_URL: undefined, DEMO_DATA: "true" },
    300_000,
  );
  return app.base;
}

/** A demo artwork with an image: the first such hit of the marketplace's default order. */
async function pickArtwork(base: string): Promise<string> {
  const response = await fetch(`${base}/api/artworks/search?hitsPerPage=40`);
  if (!response.ok) throw new Error(`search answered ${response.status}`);
  const { hits } = (await response.json()) as {
    hits: { id: string; imageMedium: string | null; imageOriginal: string | null }[];
  };
  const hit = hits.find((h) => h.imageMedium || h.imageOriginal);
  if (!hit) throw new Error("no demo artwork with an image: is the demo data loaded?");
  return `${base}/artwork/${hit.id}`;
}

// ---------------------------------------------------------------------------------------
// Chromium with a remote debugging port, and one Lighthouse run.

async function launchChromium(): Promise<number> {
  const port = await freePort();
  const profile = makeTempDir("vernissage-lighthouse-chromium-");
  const stderr: string[] = [];
  const child = spawn(
    CHROMIUM,
    [
      ...CHROMIUM_FLAGS,
      `--remote-debugging-port=${port}`,
      "--remote-debugging-address=127.0.0.1",
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    { detached: true, stdio: ["ignore", "ignore", "pipe"] },
  );
  chromium = child;
  child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk.toString()));
  child.once("error", (error) => stderr.push(String(error)));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    const up = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return port;
    await sleep(200);
  }
  killChromium();
  throw new Error(`Chromium (${CHROMIUM}) did not start: ${stderr.join("").slice(-1000)}`);
}

let chromiumPort: number | undefined;

async function lighthouseOnce(url: string): Promise<Result> {
  chromiumPort ??= await launchChromium();
  const flags: Flags = {
    port: chromiumPort,
    hostname: "127.0.0.1",
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
  };
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no result within ${RUN_TIMEOUT_MS / 1000} s`)),
      RUN_TIMEOUT_MS,
    );
  });
  // A Chromium that exits (a crash, or killed) fails the run at once.
  const browser = chromium;
  let onExit: (() => void) | undefined;
  const crashed = new Promise<never>((_, reject) => {
    onExit = () => reject(new Error("Chromium exited during the run"));
    browser?.once("exit", onExit);
  });
  try {
    const result = await Promise.race([lighthouse(url, flags), hung, crashed]);
    const lhr = result?.lhr;
    if (!lhr) throw new Error("Lighthouse returned no result");
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const lcp = lhr.audits["largest-contentful-paint"]?.numericValue;
    if (typeof lcp !== "number") {
      const why = lhr.audits["largest-contentful-paint"]?.errorMessage ?? "no value";
      throw new Error(`no LCP (${why})`);
    }
    return lhr;
  } finally {
    clearTimeout(timer);
    if (onExit) browser?.off("exit", onExit);
  }
}

/** One run; on a crash or a hang, a new Chromium and one more try, then the failure. */
async function lighthouseRun(url: string, label: string): Promise<Result> {
  try {
    return await lighthouseOnce(url);
  } catch (first) {
    if (interrupted) throw first;
    console.error(`  ${label}: ${(first as Error).message}; restarting Chromium and retrying once`);
    killChromium();
    chromiumPort = undefined;
    await sleep(1000);
    try {
      return await lighthouseOnce(url);
    } catch (second) {
      killChromium();
      chromiumPort = undefined;
      throw new Error(
        `${label} failed twice: ${(first as Error).message}; then ${(second as Error).message}`,
      );
    }
  }
}

// ---------------------------------------------------------------------------------------
// Reading a Lighthouse result.

type Item = Record<string, unknown>;
type NodeItem = {
  snippet?: string;
  nodeLabel?: string;
  selector?: string;
  boundingRect?: { width: number; height: number };
};

function tableItems(lhr: Result, auditId: string): Item[] {
  const details = lhr.audits[auditId]?.details as { type?: string; items?: unknown[] } | undefined;
  return (details?.items ?? []) as Item[];
}

/** The LCP element and the four LCP phases, from `largest-contentful-paint-element`. */
function lcpElement(lhr: Result): { node?: NodeItem; phases: Record<string, number> } {
  const parts = tableItems(lhr, "largest-contentful-paint-element") as { items?: Item[] }[];
  const node = parts[0]?.items?.[0]?.node as NodeItem | undefined;
  const phases: Record<string, number> = {};
  for (const row of parts[1]?.items ?? []) phases[String(row.phase)] = Number(row.timing);
  return { node, phases };
}

type Sample = {
  /** Lighthouse's CPU benchmark of the machine during the run (higher is faster). */
  cpuIndex: number;
  /** FCP and LCP as they happened on the unthrottled loopback load, before simulation. */
  observedFcp: number;
  observedLcp: number;
  lcp: number;
  fcp: number;
  tbt: number;
  si: number;
  cls: number;
  bytes: number;
  jsBytes: number;
  cssBytes: number;
  requests: number;
  lhr: Result;
};

function sampleOf(lhr: Result): Sample {
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const summary = tableItems(lhr, "resource-summary");
  const ofType = (type: string) => summary.find((row) => row.resourceType === type);
  const observed = (tableItems(lhr, "metrics")[0] ?? {}) as Record<string, number | undefined>;
  return {
    cpuIndex: lhr.environment.benchmarkIndex,
    observedFcp: observed.observedFirstContentfulPaint ?? Number.NaN,
    observedLcp: observed.observedLargestContentfulPaint ?? Number.NaN,
    lcp: value("largest-contentful-paint"),
    fcp: value("first-contentful-paint"),
    tbt: value("total-blocking-time"),
    si: value("speed-index"),
    cls: value("cumulative-layout-shift"),
    bytes: value("total-byte-weight"),
    jsBytes: Number(ofType("script")?.transferSize ?? 0),
    cssBytes: Number(ofType("stylesheet")?.transferSize ?? 0),
    requests: Number(ofType("total")?.requestCount ?? Number.NaN),
    lhr,
  };
}

/**
 * The image the LCP element painted: the request for its `src` or one of its `srcset` files.
 * Lighthouse shortens long attribute values in its snippet with "…" (a card's
 * `/media/artworks/<id>/0-thumbnail.webp` is one): such a value matches the loaded URLs
 * that start with what is left of it.
 */
function lcpImageUrl(lhr: Result, pageUrl: string): string | undefined {
  const { node } = lcpElement(lhr);
  const snippet = node?.snippet ?? "";
  if (!/^<img\b/i.test(snippet)) return undefined;
  const attrs = attributes(snippet);
  const values = [attrs.src, ...srcsetUrls(attrs.srcset)].filter((u): u is string => Boolean(u));
  const matchers = values.map((value) => {
    const cut = value.endsWith("…");
    const href = new URL(cut ? value.slice(0, -1) : value, pageUrl).href;
    return (url: string) => (cut ? url.startsWith(href) : url === href);
  });
  const loaded = tableItems(lhr, "network-requests")
    .map((r) => ({
      url: typeof r.url === "string" ? r.url : "",
      size: Number(r.resourceSize ?? 0),
    }))
    .filter((r) => matchers.some((matches) => matches(r.url)))
    .sort((a, b) => b.size - a.size);
  if (loaded[0]) return loaded[0].url;
  return attrs.src && !attrs.src.endsWith("…") ? new URL(attrs.src, pageUrl).href : undefined;
}

/** The checklist of `lcp-discovery-insight`: fetchpriority, discoverable in the HTML, not lazy. */
function lcpDiscovery(lhr: Result): string | undefined {
  const first = tableItems(lhr, "lcp-discovery-insight")[0] as
    { type?: string; items?: Record<string, { label?: string; value?: boolean }> } | undefined;
  if (first?.type !== "checklist" || !first.items) return undefined;
  const names: Record<string, string> = {
    priorityHinted: "fetchpriority=high",
    requestDiscoverable: "in the first HTML",
    eagerlyLoaded: "not lazy",
  };
  return Object.entries(first.items)
    .map(([key, check]) => `${names[key] ?? check.label ?? key}: ${check.value ? "yes" : "no"}`)
    .join("; ");
}

/** The audits that bear on the LCP, always listed, passed or not. */
const KEY_AUDITS = [
  "render-blocking-resources",
  "unused-javascript",
  "uses-responsive-images",
  "uses-text-compression",
  "prioritize-lcp-image",
  "unused-css-rules",
];
/** Not advice: its "savings" are the LCP above the good-score threshold. */
const NOT_ADVICE = new Set(["largest-contentful-paint-element"]);

function auditLine(lhr: Result, id: string): string | undefined {
  const audit = lhr.audits[id];
  if (!audit) return undefined;
  const savings = (audit.metricSavings ?? {}) as Record<string, number | undefined>;
  const details = (audit.details ?? {}) as { overallSavingsBytes?: number; items?: Item[] };
  const gains = [
    savings.LCP ? `LCP −${msText(savings.LCP)}` : "",
    savings.FCP ? `FCP −${msText(savings.FCP)}` : "",
    details.overallSavingsBytes ? `−${kb(details.overallSavingsBytes)}` : "",
  ].filter(Boolean);
  const passed =
    audit.score === null || audit.score >= 1 || audit.scoreDisplayMode === "notApplicable";
  const urls = (details.items ?? [])
    .filter((item) => typeof item.url === "string")
    .map((item) => {
      const url = String(item.url).replace(/^https?:\/\/[^/]+/, "");
      const wastedMs = Number(item.wastedMs ?? 0);
      const wastedBytes = Number(item.wastedBytes ?? 0);
      const each = wastedMs ? msText(wastedMs) : wastedBytes ? kb(wastedBytes) : "";
      return each ? `${url} (${each})` : url;
    });
  const shown =
    urls.slice(0, 4).join(", ") + (urls.length > 4 ? `, … (${urls.length} in all)` : "");
  return (
    `${audit.title} (\`${id}\`): ` +
    (passed && gains.length === 0 ? "passed" : gains.join(", ") || "flagged") +
    (audit.displayValue ? ` — ${audit.displayValue}` : "") +
    (urls.length ? `; ${shown}` : "")
  );
}

/** What Lighthouse says is worth doing: the key audits, then the others with a gain, biggest first. */
function opportunities(lhr: Result): string[] {
  const lines = KEY_AUDITS.map((id) => auditLine(lhr, id)).filter((l): l is string => Boolean(l));
  const others = (lhr.categories.performance?.auditRefs ?? [])
    .filter(
      (ref) => ref.group !== "hidden" && !KEY_AUDITS.includes(ref.id) && !NOT_ADVICE.has(ref.id),
    )
    .map((ref) => lhr.audits[ref.id])
    .filter((audit): audit is NonNullable<typeof audit> => Boolean(audit))
    .filter((audit) => audit.score !== null && audit.score < 1)
    .map((audit) => {
      const savings = (audit.metricSavings ?? {}) as Record<string, number | undefined>;
      const bytes = (audit.details as { overallSavingsBytes?: number } | undefined)
        ?.overallSavingsBytes;
      return { id: audit.id, lcp: savings.LCP ?? 0, fcp: savings.FCP ?? 0, bytes: bytes ?? 0 };
    })
    .filter((row) => row.lcp > 0 || row.fcp > 0 || row.bytes > 0)
    .sort((a, b) => b.lcp - a.lcp || b.fcp - a.fcp || b.bytes - a.bytes)
    .slice(0, 8);
  for (const row of others) {
    const line = auditLine(lhr, row.id);
    if (line) lines.push(line);
  }
  return lines;
}

// ---------------------------------------------------------------------------------------
// The static twins.

type Twin = {
  name: PageName;
  appUrl: string;
  staticUrl: string;
  floorUrl: string;
  image: {
    path: string;
    type: string;
    encoding: string;
    bytes: number;
    width: number;
    height: number;
  };
  appSent: string;
  staticSent: string;
};

type StaticFile = { body: Buffer; headers: Record<string, string> };
const staticFiles = new Map<string, StaticFile>();
/** The floor page's image per page name, set with the twin. */
const floorImages = new Map<string, FloorImage>();

function compress(body: Buffer, encoding: string): Buffer | undefined {
  switch (encoding) {
    case "identity":
      return body;
    case "gzip":
      return zlib.gzipSync(body, { level: 9 });
    case "deflate":
      return zlib.deflateSync(body, { level: 9 });
    case "br":
      return zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
      });
    default:
      return undefined;
  }
}

async function startStaticServer(): Promise<string> {
  const port = await freePort();
  const server = http.createServer((req, res) => {
    const file = staticFiles.get(new URL(req.url ?? "/", "http://x").pathname);
    if (!file && req.method === "GET" && floor) {
      const served = floor.serve(req, res).catch((error: unknown) => {
        res.writeHead(500, { "content-type": "text/plain" }).end(String(error));
        return true;
      });
      void served.then((done) => {
        if (!done) res.writeHead(404, { "content-type": "text/plain" }).end("Not found");
      });
      return;
    }
    if (!file || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found");
      return;
    }
    // The same encoding the app used, only to a client that accepts it.
    const encoding = file.headers["content-encoding"];
    const accepted = String(req.headers["accept-encoding"] ?? "")
      .split(",")
      .map((e) => e.trim().split(";")[0]);
    if (encoding && encoding !== "identity" && !accepted.includes(encoding)) {
      res.writeHead(406, { "content-type": "text/plain" }).end(`needs ${encoding}`);
      return;
    }
    res.writeHead(200, { ...file.headers, "content-length": String(file.body.length) });
    res.end(req.method === "HEAD" ? undefined : file.body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  staticServer = server;
  return `http://127.0.0.1:${port}`;
}

/**
 * What the app sends with a page: the document's, the scripts' and stylesheets' encodings.
 * The scripts are those the page loaded in the probe run (the HTML no longer names them
 * all: its modules are added by a loader after the first picture), and any in the HTML.
 */
async function appEncodings(pageUrl: string, html: string, probe: Result): Promise<string> {
  const doc = await rawGet(pageUrl);
  const assets = new Set<string>();
  for (const m of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const attrs = attributes(m[0]);
    const ref =
      attrs.src ?? (/stylesheet|modulepreload/.test(attrs.rel ?? "") ? attrs.href : undefined);
    if (ref) assets.add(new URL(ref, pageUrl).href);
  }
  for (const request of tableItems(probe, "network-requests")) {
    if (request.resourceType === "Script" && typeof request.url === "string") {
      assets.add(request.url);
    }
  }
  const byKind = new Map<string, Map<string, number>>();
  for (const asset of assets) {
    const r = await rawGet(asset);
    const kind = asset.endsWith(".css") ? "CSS" : "JS";
    const counts = byKind.get(kind) ?? new Map<string, number>();
    counts.set(encodingOf(r), (counts.get(encodingOf(r)) ?? 0) + 1);
    byKind.set(kind, counts);
  }
  const parts = [`HTML ${encodingOf(doc)}`];
  for (const [kind, counts] of byKind) {
    parts.push(`${kind} ${[...counts].map(([enc, n]) => `${enc} ×${n}`).join(", ")}`);
  }
  return parts.join("; ");
}

/**
 * Probes the app page with one Lighthouse run (also the server's warm-up, not counted),
 * finds its LCP image and its size on the page, and builds the twin around that file.
 */
async function makeTwin(name: PageName, appUrl: string, staticBase: string): Promise<Twin> {
  const probe = await lighthouseRun(appUrl, `${name} (app, warm-up)`);
  console.log(`  ${name} app warm-up: LCP ${secText(sampleOf(probe).lcp)} (not counted)`);
  const { node } = lcpElement(probe);
  // What the browser gets (its encoding), and the HTML itself in an encoding Node decodes.
  const page = await rawGet(appUrl);
  if (page.status !== 200) throw new Error(`${appUrl} answered ${page.status}`);
  const html = decode(await rawGet(appUrl, "gzip, deflate, br")).toString("utf8");

  let imageUrl = lcpImageUrl(probe, appUrl);
  let rect = node?.boundingRect;
  let attrs = imageUrl ? attributes(node?.snippet ?? "") : {};
  if (!imageUrl) {
    // The LCP is not an image (text, say): the page's first large image instead.
    const tag = [...html.matchAll(/<img\b[^>]*>/g)]
      .map((m) => m[0])
      .find((t) => Number(attributes(t).width ?? 0) >= 200);
    if (!tag) throw new Error(`${name}: its LCP is not an image and it has no large image`);
    attrs = attributes(tag);
    imageUrl = new URL(attrs.src!, appUrl).href;
    const w = Number(attrs.width);
    const h = Number(attrs.height ?? w);
    const width = Math.min(w, 380);
    rect = { width, height: (width * h) / w };
    console.log(
      `  ${name}: the app's LCP element is not an image (${node?.snippet ?? "none"}); using ${imageUrl}`,
    );
  }
  if (!rect) throw new Error(`${name}: Lighthouse gave no size for the LCP element`);

  const image = await rawGet(imageUrl);
  if (image.status !== 200) throw new Error(`${imageUrl} answered ${image.status}`);
  const imagePath = new URL(imageUrl).pathname;
  const imageHeaders: Record<string, string> = {
    "content-type": String(image.headers["content-type"] ?? "application/octet-stream"),
  };
  if (image.headers["content-encoding"]) {
    imageHeaders["content-encoding"] = String(image.headers["content-encoding"]);
  }
  staticFiles.set(imagePath, { body: image.body, headers: imageHeaders });

  const width = Math.round(rect.width * 100) / 100;
  const height = Math.round(rect.height * 100) / 100;
  const twinHtml = [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>Static twin: ${name}</title>`,
    "<style>body{margin:0;font:16px/1.4 system-ui,sans-serif;color:#111}main{padding:8px}",
    `img{display:block;width:${width}px;height:${height}px;max-width:100%;object-fit:contain}</style>`,
    "</head><body><main>",
    `<img src="${imagePath}" alt="${(attrs.alt ?? "").replace(/[<>"&]/g, "")}" width="${attrs.width ?? Math.round(width)}" height="${attrs.height ?? Math.round(height)}">`,
    `<p>Static twin of the ${name} page: its LCP image at its size on the page.</p>`,
    "</main></body></html>",
  ].join("\n");
  const htmlEncoding = encodingOf(page);
  const encoded = compress(Buffer.from(twinHtml), htmlEncoding);
  const htmlHeaders: Record<string, string> = { "content-type": "text/html; charset=utf-8" };
  if (!encoded) {
    console.log(
      `  ${name}: the app sends its HTML as ${htmlEncoding}, which this Node cannot make; the twin sends br`,
    );
  }
  const twinEncoding = encoded ? htmlEncoding : "br";
  if (twinEncoding !== "identity") htmlHeaders["content-encoding"] = twinEncoding;
  staticFiles.set(`/${name}.html`, {
    body: encoded ?? compress(Buffer.from(twinHtml), "br")!,
    headers: htmlHeaders,
  });

  floorImages.set(name, {
    src: imagePath,
    alt: (attrs.alt ?? "").replace(/[<>"&]/g, ""),
    width,
    height,
  });
  const staticUrl = `${staticBase}/${name}.html`;
  const twin: Twin = {
    name,
    appUrl,
    staticUrl,
    floorUrl: `${staticBase}/floor/${name}`,
    image: {
      path: imagePath,
      type: imageHeaders["content-type"]!,
      encoding: encodingOf(image),
      bytes: image.body.length,
      width,
      height,
    },
    appSent: `${await appEncodings(appUrl, html, probe)}; LCP image ${encodingOf(image)}`,
    staticSent: `HTML ${twinEncoding}; LCP image ${encodingOf(image)} (the app's bytes)`,
  };

  // The twin's own warm-up run, which also checks that its LCP is that image.
  const staticProbe = await lighthouseRun(staticUrl, `${name} (static, warm-up)`);
  console.log(`  ${name} static warm-up: LCP ${secText(sampleOf(staticProbe).lcp)} (not counted)`);
  const staticImage = lcpImageUrl(staticProbe, staticUrl);
  if (!staticImage || new URL(staticImage).pathname !== imagePath) {
    throw new Error(
      `${name}: the static twin's LCP element is not the image (${lcpElement(staticProbe).node?.snippet ?? "none"})`,
    );
  }
  const floorProbe = await lighthouseRun(twin.floorUrl, `${name} (floor, warm-up)`);
  console.log(`  ${name} floor warm-up: LCP ${secText(sampleOf(floorProbe).lcp)} (not counted)`);
  const floorImage = lcpImageUrl(floorProbe, twin.floorUrl);
  if (!floorImage || new URL(floorImage).pathname !== imagePath) {
    throw new Error(
      `${name}: the floor page's LCP element is not the image (${lcpElement(floorProbe).node?.snippet ?? "none"})`,
    );
  }
  return twin;
}

// ---------------------------------------------------------------------------------------
// The run.

type Side = "app" | "static" | "floor";
const SIDES: Side[] = ["app", "static", "floor"];

async function main() {
  console.log("# Mobile page load (Lighthouse)\n");
  for (const line of machineLines()) console.log(`- ${line}`);
  const lhPackage = path.join(
    path.dirname(createRequire(import.meta.url).resolve("lighthouse")),
    "..",
    "package.json",
  );
  const lhVersion = (JSON.parse(readFileSync(lhPackage, "utf8")) as { version: string }).version;
  const chromiumVersion = spawnSync(CHROMIUM, ["--version"], { encoding: "utf8" }).stdout.trim();
  console.log(`- lighthouse: ${lhVersion}, default config (mobile, simulated throttling)`);
  console.log(`- browser: ${chromiumVersion || CHROMIUM}`);
  console.log(
    `- runs: ${runs} per side, interleaved app, static, floor, app…; pages: ${pages.join(", ")}\n`,
  );

  buildIfNeeded();
  console.log("Starting the app (fresh data folder, demo data)…");
  const appBase = await startApp();
  console.log("Building the framework's floor (an empty React Router app with one picture)…");
  floor = await buildFloorPage(
    process.cwd(),
    (name) => floorImages.get(name),
    // As the app sends its HTML and larger scripts.
    (body) => ({ body: compress(body, "br")!, encoding: "br" }),
  );
  const staticBase = await startStaticServer();
  const urls: Record<PageName, string> = {
    artwork: pages.includes("artwork") ? await pickArtwork(appBase) : "",
    home: `${appBase}/`,
  };

  const twins: Twin[] = [];
  for (const name of pages) {
    console.log(`Probing ${urls[name]}…`);
    twins.push(await makeTwin(name, urls[name], staticBase));
  }
  if (reportsDir) mkdirSync(reportsDir, { recursive: true });

  const samples = new Map<string, Sample[]>();
  const failures: string[] = [];
  for (let i = 1; i <= runs; i++) {
    for (const twin of twins) {
      for (const side of SIDES) {
        const label = `${twin.name} ${side} run ${i}/${runs}`;
        const url = { app: twin.appUrl, static: twin.staticUrl, floor: twin.floorUrl }[side];
        try {
          const lhr = await lighthouseRun(url, label);
          const sample = sampleOf(lhr);
          const key = `${twin.name}/${side}`;
          samples.set(key, [...(samples.get(key) ?? []), sample]);
          console.log(
            `  ${label}: LCP ${secText(sample.lcp)}, FCP ${secText(sample.fcp)}, TBT ${msText(sample.tbt)}, CLS ${sample.cls.toFixed(3)}`,
          );
          if (reportsDir) {
            writeFileSync(
              path.join(reportsDir, `${twin.name}-${side}-${i}.json`),
              JSON.stringify(lhr),
            );
          }
        } catch (error) {
          if (interrupted) return;
          failures.push((error as Error).message);
          console.error(`  ${(error as Error).message}`);
        }
      }
    }
  }

  // The report.
  console.log("\n## Results (medians)\n");
  console.log(
    [
      `| page | LCP app / floor / static | app ÷ floor | floor ÷ static | FCP floor | TBT floor | JS floor | requests floor |`,
      "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ].join("\n"),
  );
  for (const twin of twins) {
    const [a, s, f] = SIDES.map((side) => samples.get(`${twin.name}/${side}`) ?? []);
    const med = (list: Sample[], key: keyof Omit<Sample, "lhr">) => median(list.map((x) => x[key]));
    const times = (x: number, y: number) =>
      Number.isFinite(x / y) ? `${(x / y).toFixed(2)}×` : "—";
    console.log(
      `| ${twin.name} | ${secText(med(a!, "lcp"))} / ${secText(med(f!, "lcp"))} / ${secText(med(s!, "lcp"))} | ` +
        `${times(med(a!, "lcp"), med(f!, "lcp"))} | ${times(med(f!, "lcp"), med(s!, "lcp"))} | ${secText(med(f!, "fcp"))} | ` +
        `${msText(med(f!, "tbt"))} | ${kb(med(f!, "jsBytes"))} | ${med(f!, "requests")} |`,
    );
  }
  console.log("");
  console.log(
    [
      `| page | LCP app / static | LCP ratio (target ≤ ${TARGET_RATIO}×) | FCP app / static | TBT app / static | CLS app | transfer app / static | JS app / static | requests app / static | runs app / static |`,
      "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ].join("\n"),
  );
  const verdicts: string[] = [];
  for (const twin of twins) {
    const a = samples.get(`${twin.name}/app`) ?? [];
    const s = samples.get(`${twin.name}/static`) ?? [];
    const med = (list: Sample[], key: keyof Omit<Sample, "lhr">) => median(list.map((x) => x[key]));
    const ratio = med(a, "lcp") / med(s, "lcp");
    const met =
      ratio <= TARGET_RATIO &&
      med(a, "lcp") <= MAX_LCP_MS &&
      med(a, "cls") <= MAX_CLS &&
      med(a, "tbt") <= MAX_TBT_MS;
    verdicts.push(
      `${twin.name}: ${Number.isFinite(ratio) ? `${ratio.toFixed(2)}×, ${met ? "meets" : "misses"} the target` : "no ratio (runs failed)"}`,
    );
    console.log(
      `| ${twin.name} | ${secText(med(a, "lcp"))} / ${secText(med(s, "lcp"))} | ${Number.isFinite(ratio) ? `**${ratio.toFixed(2)}×**` : "—"} | ` +
        `${secText(med(a, "fcp"))} / ${secText(med(s, "fcp"))} | ${msText(med(a, "tbt"))} / ${msText(med(s, "tbt"))} | ${med(a, "cls").toFixed(3)} | ` +
        `${kb(med(a, "bytes"))} / ${kb(med(s, "bytes"))} | ${kb(med(a, "jsBytes"))} / ${kb(med(s, "jsBytes"))} | ` +
        `${med(a, "requests")} / ${med(s, "requests")} | ${a.length} / ${s.length} |`,
    );
  }
  console.log(
    `\nTargets: app LCP ≤ ${TARGET_RATIO}× the static twin's and ≤ ${secText(MAX_LCP_MS)}, CLS ≤ ${MAX_CLS}, TBT ≤ ${msText(MAX_TBT_MS)}. ${verdicts.join("; ")}.`,
  );

  for (const twin of twins) {
    const a = samples.get(`${twin.name}/app`) ?? [];
    console.log(`\n### ${twin.name}\n`);
    console.log(`- app page: ${twin.appUrl.replace(/^https?:\/\/[^/]+/, "")}`);
    console.log(
      `- LCP image: ${twin.image.path} (${twin.image.type}, ${kb(twin.image.bytes)}), shown at ${twin.image.width} × ${twin.image.height} CSS px on the app page and on the twin`,
    );
    console.log(`- app sent: ${twin.appSent}`);
    console.log(`- static sent: ${twin.staticSent}`);
    console.log(`- LCP samples app: ${a.map((x) => secText(x.lcp)).join(", ")}`);
    const s = samples.get(`${twin.name}/static`) ?? [];
    console.log(`- LCP samples static: ${s.map((x) => secText(x.lcp)).join(", ")}`);
    const f = samples.get(`${twin.name}/floor`) ?? [];
    console.log(`- LCP samples floor: ${f.map((x) => secText(x.lcp)).join(", ")}`);
    const med = (list: Sample[], key: "cpuIndex" | "observedFcp" | "observedLcp") =>
      median(list.map((x) => x[key]));
    console.log(
      `- unthrottled loopback load (before simulation), median FCP / LCP: app ${msText(med(a, "observedFcp"))} / ${msText(med(a, "observedLcp"))}, ` +
        `static ${msText(med(s, "observedFcp"))} / ${msText(med(s, "observedLcp"))}, ` +
        `floor ${msText(med(f, "observedFcp"))} / ${msText(med(f, "observedLcp"))}`,
    );
    console.log(
      `- Lighthouse CPU benchmark index, median (higher is faster; a loaded machine scores low): app ${med(a, "cpuIndex")}, static ${med(s, "cpuIndex")}`,
    );
    // The app run whose LCP is the median (the lower one for an even count) speaks for the page.
    const typical = [...a].sort((x, y) => x.lcp - y.lcp)[Math.floor((a.length - 1) / 2)];
    if (!typical) continue;
    const { node, phases } = lcpElement(typical.lhr);
    console.log(`- app LCP element: \`${(node?.snippet ?? "?").slice(0, 160)}\``);
    console.log(
      `- app LCP phases (median run): ${Object.entries(phases)
        .map(([phase, t]) => `${phase} ${msText(t)}`)
        .join(", ")}`,
    );
    const discovery = lcpDiscovery(typical.lhr);
    if (discovery) console.log(`- LCP request discovery: ${discovery}`);
    console.log("- Lighthouse opportunities on the app page (median run):");
    const lines = opportunities(typical.lhr);
    for (const line of lines.length ? lines : ["none"]) console.log(`  - ${line}`);
  }

  if (failures.length) {
    console.log(`\n${failures.length} run(s) failed after a retry:`);
    for (const f of failures) console.log(`- ${f}`);
    process.exitCode = 1;
  }
}

try {
  await main();
} catch (error) {
  if (!interrupted) {
    console.error(`bench:lighthouse failed: ${(error as Error).stack ?? String(error)}`);
    process.exitCode = 1;
  }
} finally {
  if (!interrupted) await cleanUp();
}
