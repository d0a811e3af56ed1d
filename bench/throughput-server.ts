/**
 * The server side of `npm run bench:throughput` (bench/throughput.bench.ts), in a process of
 * its own so that the load generator does not share its event loop. On one database (an
 * in-memory PGlite, or the PostgreSQL database of BENCH_THROUGHPUT_DATABASE_URL) it builds
 * the benchmark catalogue and serves, on five ports:
 *   bare      a plain node:http server that reads the artwork row by primary key and sends
 *             it as JSON (the baseline: the least any server can do per request);
 *   minimal   a minimal React Router app (BENCH_THROUGHPUT_MINIMAL_BUILD, built by
 *             bench/minimal-page.ts) whose page does the same read and renders its fields:
 *             the framework's floor for a server-rendered page;
 *   cached    the app as production runs it (page cache on);
 *   uncached  the same app with the page cache off;
 *   first     the app with neither the page cache nor the kept rails: a work's first
 *             visit, whose related works are read.
 * With BENCH_THROUGHPUT_WORKERS=N > 1 (PostgreSQL only) the app ports and the minimal one
 * are served by N node:cluster workers, as WEB_CONCURRENCY does; the bare server stays one
 * process.
 * It prints one line `READY {json}` when everything listens, and runs until killed.
 */
import cluster from "node:cluster";
import { mkdtempSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { type ServerBuild, createRequestHandler } from "react-router";
import { buildServer } from "../server/app";
import { loadConfig } from "../server/config";
import { type DatabaseHandle, openPostgres } from "../server/db/client";
import { queryRows } from "../server/db/rows";
import { createLogger } from "../server/logger";
import { projectRoot } from "../server/paths";
import { createServices } from "../server/services";
import { buildCatalogue } from "./catalogue";
import { openFreshPglite } from "./databases";

const databaseUrl = process.env.BENCH_THROUGHPUT_DATABASE_URL;
const workers = Number(process.env.BENCH_THROUGHPUT_WORKERS ?? "1");
const size = Number(process.env.BENCH_THROUGHPUT_SIZE ?? "10000");

async function open(): Promise<DatabaseHandle> {
  if (!databaseUrl) return openFreshPglite();
  const handle = openPostgres(databaseUrl);
  await handle.migrate();
  return handle;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function listen(app: { fetch: (request: Request) => Response | Promise<Response> }, port: number) {
  return new Promise<void>((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" });
    server.once("listening", () => resolve());
    server.once("error", reject);
  });
}

type AppPorts = { cached: number; uncached: number; first: number; minimal: number };

/**
 * The app three times on one database (with the page cache, as in production; without it;
 * without it or the kept rails), and the minimal React Router app doing the bare read.
 */
async function serveApp(database: DatabaseHandle, ports: AppPorts) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "vernissage-throughput-"));
  const config = loadConfig({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    LOG_REQUESTS: "false",
    DEMO_DATA: "false",
    PAGE_CACHE_MB: "64",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const services = createServices(config, database, createLogger({ json: false, silent: true }));
  const build = (await import(
    pathToFileURL(path.join(projectRoot, "build/server/index.js")).href
  )) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  const web = {
    handler: (request: Request, context: Parameters<typeof handle>[1]) => handle(request, context),
    clientDir: path.join(projectRoot, "build/client"),
  };
  const uncachedServices = {
    ...services,
    config: { ...config, pageCache: { ...config.pageCache, maxBytes: 0 } },
  };
  const firstVisitConfig = {
    ...config,
    pageCache: { ...config.pageCache, maxBytes: 0 },
    dataCache: { ...config.dataCache, maxEntries: 0 },
  };
  const firstVisitServices = createServices(
    firstVisitConfig,
    database,
    createLogger({ json: false, silent: true }),
  );
  await listen(buildServer({ services, web }), ports.cached);
  await listen(buildServer({ services: uncachedServices, web }), ports.uncached);
  await listen(buildServer({ services: firstVisitServices, web }), ports.first);
  await serveMinimal(database, ports.minimal);
}

/** The minimal React Router app: its page reads the row as the bare server does. */
async function serveMinimal(database: DatabaseHandle, port: number) {
  const folder = process.env.BENCH_THROUGHPUT_MINIMAL_BUILD;
  if (!folder) throw new Error("BENCH_THROUGHPUT_MINIMAL_BUILD is not set");
  const build = (await import(
    pathToFileURL(path.join(folder, "server/index.js")).href
  )) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  const context = {
    readArtwork: async (id: string) =>
      (
        await queryRows<Record<string, unknown>>(
          database.db,
          sql`select * from artworks where id = ${id}`,
        )
      )[0],
  };
  // Its own context, not the app's: a cast past the app's declared AppLoadContext.
  const fetch = (request: Request) => handle(request, context as never);
  await listen({ fetch }, port);
}

/** The baseline: one primary-key read of the artwork row per request, sent as JSON. */
function serveBare(database: DatabaseHandle, port: number) {
  const server = http.createServer((request, response) => {
    const id = (request.url ?? "").split("/").pop() ?? "";
    queryRows<Record<string, unknown>>(database.db, sql`select * from artworks where id = ${id}`)
      .then(([row]) => {
        response.writeHead(row ? 200 : 404, { "Content-Type": "application/json" });
        response.end(JSON.stringify(row ?? null));
      })
      .catch((error: unknown) => {
        response.writeHead(500);
        response.end(String(error));
      });
  });
  return new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
}

if (cluster.isPrimary) {
  const database = await open();
  const started = performance.now();
  await buildCatalogue(database.db, size);
  const [work] = await queryRows<{ id: string }>(
    database.db,
    sql`select a.id from artworks a join users u on u.id = a.artist_id
        where a.status = 'available' and u.payout_status = 'active'
        order by a.id limit 1`,
  );
  if (!work) throw new Error("the catalogue has no listed work");
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const ports = {
    bare: await freePort(),
    cached: await freePort(),
    uncached: await freePort(),
    first: await freePort(),
    minimal: await freePort(),
  };
  await serveBare(database, ports.bare);
  if (workers <= 1) {
    await serveApp(database, ports);
  } else {
    if (!databaseUrl) throw new Error("several workers need PostgreSQL");
    let listening = 0;
    await new Promise<void>((resolve) => {
      cluster.on("listening", () => {
        listening += 1;
        if (listening === workers * 4) resolve();
      });
      for (let i = 0; i < workers; i++) {
        cluster.fork({
          BENCH_THROUGHPUT_CACHED_PORT: String(ports.cached),
          BENCH_THROUGHPUT_UNCACHED_PORT: String(ports.uncached),
          BENCH_THROUGHPUT_FIRST_PORT: String(ports.first),
          BENCH_THROUGHPUT_MINIMAL_PORT: String(ports.minimal),
        });
      }
    });
  }
  console.log(`READY ${JSON.stringify({ ...ports, artworkId: work.id, seconds, workers })}`);
} else {
  const database = openPostgres(databaseUrl!);
  await serveApp(database, {
    cached: Number(process.env.BENCH_THROUGHPUT_CACHED_PORT),
    uncached: Number(process.env.BENCH_THROUGHPUT_UNCACHED_PORT),
    first: Number(process.env.BENCH_THROUGHPUT_FIRST_PORT),
    minimal: Number(process.env.BENCH_THROUGHPUT_MINIMAL_PORT),
  });
}
