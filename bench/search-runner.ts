import { type ServerType, serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { buildServer } from "../server/app";
import { loadConfig } from "../server/config";
import type { DatabaseHandle } from "../server/db/client";
import { queryRows } from "../server/db/rows";
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
import { measureInterleaved, statsOf } from "./measure";
import type { ScenarioResult } from "./report";

export type BenchOptions = { size: number; iterations: number; http: boolean; explainAll: boolean };
type Scenario = { name: string; params: Record<string, string>; explain: boolean };

function scenariosFor(c: Catalogue): Scenario[] {
  const [cityA = "", cityB = ""] = c.cityIds;
  const [categoryA = ""] = c.categoryIds;
  return [
    { name: `rare term "${RARE_WORD}"`, params: { q: RARE_WORD }, explain: true },
    { name: `common term "${COMMON_WORD}"`, params: { q: COMMON_WORD }, explain: true },
    {
      name: `common term "${COMMON_WORD}" + 1 city, 1 category, 1 price range`,
      params: { q: COMMON_WORD, cities: cityA, categories: categoryA, priceRanges: "5" },
      explain: true,
    },
    {
      name: "filters only (2 cities, 1 price range)",
      params: { cities: `${cityA},${cityB}`, priceRanges: "2" },
      explain: false,
    },
    { name: "one category", params: { categories: categoryA }, explain: false },
    { name: "no filters (home page)", params: {}, explain: true },
    // The other orders and "Available only", against the home page above.
    { name: "sort=newest", params: { sort: "newest" }, explain: false },
    { name: "sort=price_asc", params: { sort: "price_asc" }, explain: false },
    { name: "sort=price_desc", params: { sort: "price_desc" }, explain: false },
    { name: "available=true", params: { available: "true" }, explain: true },
    {
      name: "available=true + 1 city, 1 category",
      params: { available: "true", cities: cityB, categories: categoryA },
      explain: false,
    },
    {
      name: `common term "${COMMON_WORD}", sort=price_asc`,
      params: { q: COMMON_WORD, sort: "price_asc" },
      explain: false,
    },
    {
      name: `common term "${COMMON_WORD}", available=true`,
      params: { q: COMMON_WORD, available: "true" },
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
    const searchDeps = { db };
    const catalogue = await time(`catalogue of ${options.size} artworks + ANALYZE`, () =>
      buildCatalogue(db, options.size),
    );
    if (catalogue.artworks !== options.size) {
      throw new Error(`the kept catalogue has ${catalogue.artworks} artworks, not ${options.size}`);
    }
    const [row] = await queryRows<{ version: string }>(db, sql`select version() as version`);
    const version = (row?.version ?? "?").split(" on ")[0]!.split(",")[0]!;
    console.log(`${version}, ${catalogue.artworks} artworks`);

    // A yardstick for this machine and engine: one plain scan of the catalogue.
    const scan = await measureInterleaved(
      { count: () => db.execute(sql`select count(*) from artworks`) },
      { warmup: 3, iterations: 20, budgetMs: 10_000, minIterations: 5 },
    );
    console.log(`select count(*) from artworks: p50 ${scan.count.p50.toFixed(1)} ms`);
    // The baseline of every scenario, measured beside it: one artwork read by primary key.
    const someIds = await queryRows<{ id: string }>(
      db,
      sql`select id from artworks order by random_order, id limit 100`,
    );
    let nextId = 0;
    const pkRead = () =>
      db.execute(sql`select * from artworks where id = ${someIds[nextId++ % someIds.length]!.id}`);
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

      const sides: Record<string, () => Promise<unknown>> = { endpoint, direct, pk: pkRead };
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
        baseline: stats.pk,
      };
      results.push(result);
      console.log(
        `${scenario.name}: ${nbHits} matches; endpoint p50 ${result.endpoint.p50.toFixed(2)} ms, ` +
          `direct p50 ${stats.direct!.p50.toFixed(2)} ms, primary-key read p50 ${stats.pk!.p50.toFixed(2)} ms, ` +
          `endpoint p95 ${result.endpoint.p95.toFixed(2)} ms (n=${result.endpoint.n})`,
      );
      if (scenario.explain || options.explainAll) {
        await printSearchPlans(db, scenario.name, input, nbHits);
      }
    }
    results.push(...(await measureAfterChanges(app, db, pkRead, options.iterations)));
    const setup =
      `${catalogue.artworks} artworks; \`select count(*) from artworks\` p50 ${scan.count.p50.toFixed(1)} ms; ` +
      "baseline = one artwork read by primary key, measured beside each scenario; " +
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
 * The first search after a catalogue change: each round changes one listed
 * work (its price into another range, or a sale and its undoing, alternately), then
 * times the next search: the home page, then "Available only", then a filter. The
 * change is timed on its own ("the change itself": the UPDATE and the triggers that keep
 * the counts), outside the search's time. Beside each, the primary-key read.
 */
async function measureAfterChanges(
  app: ReturnType<typeof buildServer>,
  db: DatabaseHandle["db"],
  pkRead: () => Promise<unknown>,
  iterations: number,
): Promise<ScenarioResult[]> {
  const works = await queryRows<{ id: string; artist_id: string; owner: string }>(
    db,
    sql`select a.id, a.artist_id, (select id from users where is_artist and id <> a.artist_id limit 1) as owner
      from artworks a join users u on u.id = a.artist_id
      where u.payout_status = 'active' and a.status = 'available' and a.is_for_sale
        and a.price_cents is not null
      order by a.random_order desc, a.id limit 500`,
  );
  const prices = [5_000, 20_000, 70_000, 200_000, 700_000, 2_000_000];
  let round = 0;
  const change = async () => {
    const work = works[round % works.length]!;
    if (round % 2 === 0) {
      await db.execute(
        sql`update artworks set price_cents = ${prices[round % prices.length]!} where id = ${work.id}`,
      );
    } else {
      // A sale as the checkout writes it, and its undoing on the next pass over this work.
      await db.execute(sql`update artworks set
          is_for_sale = not is_for_sale,
          status = case when is_for_sale then 'not for sale' else 'available' end,
          owner_id = case when is_for_sale then ${work.owner}::uuid else artist_id end
        where id = ${work.id}`);
    }
    round++;
  };
  const urls = {
    home: "/api/artworks/search",
    available: "/api/artworks/search?available=true",
    filtered: `/api/artworks/search?priceRanges=1,2`,
  };
  const get = async (url: string) => {
    const response = await app.request(url);
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    return (await response.json()) as SearchResult;
  };
  const samples = {
    change: [] as number[],
    home: [] as number[],
    available: [] as number[],
    filtered: [] as number[],
    pk: [] as number[],
  };
  const timed = async (fn: () => Promise<unknown>) => {
    const start = performance.now();
    await fn();
    return performance.now() - start;
  };
  const rounds = Math.max(60, Math.min(iterations, 300));
  for (let i = 0; i < rounds + 5; i++) {
    for (const side of ["home", "available", "filtered"] as const) {
      const changeMs = await timed(change);
      const searchMs = await timed(() => get(urls[side]));
      const pkMs = await timed(pkRead);
      if (i < 5) continue; // warm-up
      samples.change.push(changeMs);
      samples[side].push(searchMs);
      samples.pk.push(pkMs);
    }
  }
  const pk = statsOf(samples.pk);
  const row = (
    name: string,
    side: "home" | "available" | "filtered",
    nbHits: number,
  ): ScenarioResult => {
    const stats = statsOf(samples[side]);
    return { name, nbHits, endpoint: stats, baseline: pk };
  };
  const result = [
    row("home page, first search after a catalogue change", "home", (await get(urls.home)).nbHits),
    row(
      "available=true, first search after a catalogue change",
      "available",
      (await get(urls.available)).nbHits,
    ),
    row(
      "2 price ranges, first search after a catalogue change",
      "filtered",
      (await get(urls.filtered)).nbHits,
    ),
    {
      name: "the change itself (one UPDATE and its count triggers), not a search",
      nbHits: 0,
      endpoint: statsOf(samples.change),
      baseline: pk,
    },
  ];
  for (const r of result) {
    console.log(
      `${r.name}: p50 ${r.endpoint.p50.toFixed(2)} ms, p95 ${r.endpoint.p95.toFixed(2)} ms (n=${r.endpoint.n})`,
    );
  }
  return result;
}
