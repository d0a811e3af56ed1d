import { type ServerType, serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { buildServer } from "../server/app";
import { loadConfig } from "../server/config";
import type { DatabaseHandle } from "../server/db/client";
import { queryRows } from "../server/db/rows";
import { createFacetCache } from "../server/features/search/facet-cache";
import { search } from "../server/features/search/search.service";
import { prefixTsQuery, searchWords } from "../server/features/search/search-text";
import {
  type SearchQuery,
  type SearchResult,
  searchQuerySchema,
} from "../contracts/search.contract";
import { createLogger } from "../server/logger";
import { createServices } from "../server/services";
import { COMMON_WORD, RARE_WORD, type Catalogue, buildCatalogue } from "./catalogue";
import { printSearchPlans } from "./explain";
import { measureInterleaved } from "./measure";
import type { ScenarioResult } from "./report";

export type BenchOptions = { size: number; iterations: number; http: boolean; explainAll: boolean };
type Scenario = { name: string; params: Record<string, string>; explain: boolean };

function scenariosFor(c: Catalogue): Scenario[] {
  const [cityA = "", cityB = ""] = c.cityIds;
  const [categoryA = ""] = c.categoryIds;
  return [
    { name: `rare term "${RARE_WORD}"`, params: { q: RARE_WORD }, explain: false },
    { name: `common term "${COMMON_WORD}"`, params: { q: COMMON_WORD }, explain: true },
    {
      name: "filters only (2 cities, 1 price range)",
      params: { cities: `${cityA},${cityB}`, priceRanges: "2" },
      explain: false,
    },
    { name: "one category", params: { categories: categoryA }, explain: false },
    { name: "no filters (home page)", params: {}, explain: true },
    // Issue 16: the other orders and "Available only", against the home page above.
    { name: "sort=newest", params: { sort: "newest" }, explain: true },
    { name: "sort=price_asc", params: { sort: "price_asc" }, explain: true },
    { name: "sort=price_desc", params: { sort: "price_desc" }, explain: false },
    {
      name: "available=true (kept counts less the sold, counted)",
      params: { available: "true" },
      explain: false,
    },
    {
      name: `common term "${COMMON_WORD}", sort=price_asc`,
      params: { q: COMMON_WORD, sort: "price_asc" },
      explain: false,
    },
  ];
}

/** The repository input the search service derives from a query (search.service.ts). */
function repositoryInput(query: SearchQuery) {
  const words = searchWords(query.q);
  const text = words.length ? { tsquery: prefixTsQuery(words), text: words.join(" ") } : null;
  return {
    text,
    filters: query,
    offset: query.page * query.hitsPerPage,
    limit: query.hitsPerPage,
    sort: query.sort,
  };
}

async function time<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const value = await fn();
  console.log(`${label}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return value;
}

export async function runSearchBench(
  open: () => Promise<DatabaseHandle>,
  options: BenchOptions,
): Promise<{ version: string; setup: string; scenarios: ScenarioResult[] }> {
  const database = await time("fresh database + migrations", open);
  const dataDir = await mkdtemp(path.join(tmpdir(), "vernissage-bench-"));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_REQUESTS: "false" });
  const services = createServices(config, database, createLogger({ json: false, silent: true }));
  let server: ServerType | undefined;
  try {
    const { db } = database;
    const searchDeps = { db, facetCache: createFacetCache() };
    const catalogue = await time(`catalogue of ${options.size} artworks + ANALYZE`, () =>
      buildCatalogue(db, options.size),
    );
    const [row] = await queryRows<{ version: string }>(db, sql`select version() as version`);
    const version = (row?.version ?? "?").split(" on ")[0]!.split(",")[0]!;
    console.log(`${version}, ${catalogue.artworks} artworks`);

    // A yardstick for this machine and engine: one plain scan of the catalogue.
    const scan = await measureInterleaved(
      { count: () => db.execute(sql`select count(*) from artworks`) },
      { warmup: 3, iterations: 20, budgetMs: 10_000, minIterations: 5 },
    );
    console.log(`select count(*) from artworks: p50 ${scan.count.p50.toFixed(1)} ms`);
    const loadAverage = loadavg()
      .map((l) => l.toFixed(1))
      .join(" ");
    const app = buildServer({ services });
    let baseUrl = "";
    if (options.http) {
      const started = await new Promise<{ server: ServerType; port: number }>((resolve) => {
        const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) =>
          resolve({ server: s, port: info.port }),
        );
      });
      server = started.server;
      // The client (undici) closes idle connections itself after 4 s; a server that
      // also closes them races with it and fails a request during a long EXPLAIN.
      if ("keepAliveTimeout" in server) server.keepAliveTimeout = 0;
      baseUrl = `http://127.0.0.1:${started.port}`;
    }

    const results: ScenarioResult[] = [];
    for (const scenario of scenariosFor(catalogue)) {
      const url = `/api/artworks/search?${new URLSearchParams(scenario.params)}`;
      const input = repositoryInput(searchQuerySchema.parse(scenario.params));
      const endpoint = async () => {
        const response = await app.request(url);
        if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
        return (await response.json()) as SearchResult;
      };
      // The search service without HTTP; its counts are kept as the app's are.
      const direct = () => search(searchDeps, searchQuerySchema.parse(scenario.params));
      const nbHits = await checkSameResult(scenario.name, endpoint, direct);

      const sides: Record<string, () => Promise<unknown>> = { endpoint, direct };
      if (options.http) {
        sides.http = async () => {
          const response = await fetch(baseUrl + url);
          await response.arrayBuffer();
        };
      }
      const stats = await measureInterleaved(sides, {
        warmup: 10,
        iterations: options.iterations,
        budgetMs: 30_000,
        minIterations: 30,
      });
      const result: ScenarioResult = {
        name: scenario.name,
        nbHits,
        endpoint: stats.endpoint!,
        direct: stats.direct!,
        http: stats.http,
      };
      results.push(result);
      console.log(
        `${scenario.name}: ${nbHits} matches; endpoint p50 ${result.endpoint.p50.toFixed(2)} ms, ` +
          `direct p50 ${result.direct.p50.toFixed(2)} ms (n=${result.direct.n})`,
      );
      if (scenario.explain || options.explainAll) {
        await printSearchPlans(db, scenario.name, input, nbHits);
      }
    }
    results.push(await measureKeptCounts(app, db, options.iterations));
    const setup =
      `${catalogue.artworks} artworks; \`select count(*) from artworks\` p50 ${scan.count.p50.toFixed(1)} ms; ` +
      `load average ${loadAverage} at the start; ` +
      "endpoint = `app.request()` in-process" +
      (options.http ? "; HTTP = loopback `fetch` to `@hono/node-server` in the same process" : "");
    return { version, setup, scenarios: results };
  } finally {
    server?.close();
    await services.outbox.stop();
    services.mailTransport.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The endpoint and the direct call must answer the same, or the comparison means nothing. */
async function checkSameResult(
  name: string,
  endpoint: () => Promise<SearchResult>,
  direct: () => Promise<SearchResult>,
): Promise<number> {
  const [viaEndpoint, viaSql] = [await endpoint(), await direct()];
  const ids = (hits: { id: string }[]) => hits.map((h) => h.id).join(",");
  if (viaEndpoint.nbHits !== viaSql.nbHits || ids(viaEndpoint.hits) !== ids(viaSql.hits)) {
    throw new Error(`${name}: the endpoint and the direct SQL disagree`);
  }
  if (viaSql.hits.length === 0) throw new Error(`${name}: no hits, the catalogue is wrong`);
  return viaSql.nbHits;
}

/**
 * The home page with its counts kept (the usual case between catalogue changes)
 * against the same request right after a catalogue change, when the counts are
 * recounted: the version is bumped before each "recounted" call, as a listing write
 * would. Reported in the table as endpoint = kept and direct = recounted.
 */
async function measureKeptCounts(
  app: ReturnType<typeof buildServer>,
  db: DatabaseHandle["db"],
  iterations: number,
): Promise<ScenarioResult> {
  const url = "/api/artworks/search";
  const get = async () => {
    const response = await app.request(url);
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    return (await response.json()) as SearchResult;
  };
  const stats = await measureInterleaved(
    {
      kept: get,
      recounted: async () => {
        await db.execute(sql`update catalogue_version set version = version + 1`);
        return get();
      },
    },
    { warmup: 5, iterations, budgetMs: 30_000, minIterations: 30 },
  );
  const { nbHits } = await get();
  console.log(
    `home page, counts kept: p50 ${stats.kept.p50.toFixed(2)} ms; ` +
      `recounted after a change: p50 ${stats.recounted.p50.toFixed(2)} ms`,
  );
  return {
    name: "home page: counts kept (endpoint) vs recounted after a change (direct)",
    nbHits,
    endpoint: stats.kept,
    direct: stats.recounted,
  };
}
