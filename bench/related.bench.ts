/**
 * `npm run bench:related`: the artwork page's data with its two rails ("More by {artist}"
 * and "Related works") against the same page's data without them, on a
 * 100,000-artwork catalogue, on PGlite and (when BENCH_DATABASE_URL is set) on a fresh
 * database of that PostgreSQL server; and, when the app is built (`npm run build`), the
 * server-rendered page through the app with and without the rails. Not a test: it reports
 * latencies and ratios measured in this run, and asserts nothing about time. See
 * docs/performance.md "Related works".
 *
 *   npm run bench:related
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:related
 *   npm run bench:related -- --size 20000 --iterations 50 --no-page --postgres-only
 */
import { type SQL, sql } from "drizzle-orm";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { type ServerBuild, createRequestHandler } from "react-router";
import { buildServer } from "../server/app";
import { loadConfig } from "../server/config";
import type { Database, DatabaseHandle } from "../server/db/client";
import { queryRows } from "../server/db/rows";
import { findRelatedWorks, findMoreByArtist } from "../server/features/artworks/related.repository";
import { createLogger } from "../server/logger";
import { projectRoot } from "../server/paths";
import type { WebHandler } from "../server/web/load-context";
import { type AppServices, createServices } from "../server/services";
import { buildCatalogue } from "./catalogue";
import { openFreshPglite, openFreshPostgres } from "./databases";
import { condensedPlan, sortsOf } from "./explain";
import { type Stats, measureInterleaved } from "./measure";
import { machineLines } from "./report";

const { values: args } = parseArgs({
  options: {
    size: { type: "string", default: "100000" },
    iterations: { type: "string", default: "200" },
    "no-page": { type: "boolean", default: false },
    "postgres-only": { type: "boolean", default: false },
  },
});
const size = Number(args.size);
const iterations = Number(args.iterations);
if (!Number.isInteger(size) || size < 10_000 || !Number.isInteger(iterations) || iterations < 1) {
  throw new Error("--size must be a whole number ≥ 10000 and --iterations ≥ 1");
}

// A script, not the server: it reads the one variable it needs itself.
const serverUrl = process.env.BENCH_DATABASE_URL;
const buildFile = path.join(projectRoot, "build/server/index.js");
const withPage = !args["no-page"] && existsSync(buildFile);

type Scenario = { name: string; id: string };

/** A rare category: 150 works, each of which has it as its only category. */
const RARE_CATEGORY_WORKS = 150;

/**
 * The works the scenarios look at, picked from the seeded catalogue (and a few changes made
 * to it here: a buyer for one sold work, a rare category).
 */
async function pickScenarios(db: Database): Promise<Scenario[]> {
  const one = async (label: string, query: SQL) => {
    const [row] = await queryRows<{ id: string }>(db, query);
    if (!row) throw new Error(`no artwork for "${label}": the catalogue is wrong`);
    return { name: label, id: row.id };
  };
  const listed = sql`a.status <> 'draft' and a.hidden_at is null and exists (select 1 from users u
    where u.id = a.artist_id and u.payout_status = 'active')`;
  const twoCategories = sql`(select count(*) from artwork_categories c where c.artwork_id = a.id) = 2`;
  const forSale = await one(
    "for sale, 2 common categories",
    sql`select a.id from artworks a where ${listed} and a.is_for_sale and ${twoCategories}
      and a.price_cents between 100000 and 200000 order by a.id limit 1`,
  );
  // The catalogue has no buyers: one work is sold to a collector here.
  const sold = await one(
    "sold, 2 common categories",
    sql`select a.id from artworks a where ${listed} and a.is_for_sale and ${twoCategories}
      and a.price_cents between 500000 and 600000 order by a.id limit 1`,
  );
  await db.execute(sql`insert into users (email, first_name, last_name, display_name)
    values ('collector@bench.vernissage.local', 'Bench', 'Collector', 'Bench Collector')`);
  await db.execute(sql`update artworks set is_for_sale = false, status = 'not for sale',
    owner_id = (select id from users where email = 'collector@bench.vernissage.local')
    where id = ${sold.id}`);
  const offersOnly = await one(
    "offers only, no price",
    sql`select a.id from artworks a where ${listed} and a.status = 'not for sale'
      and a.price_cents is null and ${twoCategories} order by a.id limit 1`,
  );
  // A rare category: its works are read whole rather than walked in price order.
  await db.execute(sql`insert into art_categories (name) values ('bench_rare')`);
  await db.execute(sql`
    with chosen as (select a.id from artworks a where ${listed} and a.is_for_sale
      order by md5(a.id::text) limit ${RARE_CATEGORY_WORKS})
    , gone as (delete from artwork_categories ac using chosen where ac.artwork_id = chosen.id)
    insert into artwork_categories (artwork_id, category_id)
    select chosen.id, (select id from art_categories where name = 'bench_rare') from chosen`);
  await db.execute(sql`analyze`);
  const rare = await one(
    `rare category (${RARE_CATEGORY_WORKS} works)`,
    sql`select ac.artwork_id as id from artwork_categories ac
      join art_categories c on c.id = ac.category_id where c.name = 'bench_rare'
      order by ac.artwork_id limit 1`,
  );
  return [forSale, sold, offersOnly, rare];
}

/** EXPLAIN (ANALYZE) of exactly the statements a rails read runs, with their sorts. */
async function printPlans(db: Database, scenario: Scenario) {
  const plans: unknown[] = [];
  const explaining = {
    async execute(query: SQL) {
      const [row] = await queryRows<{ "QUERY PLAN": unknown }>(
        db,
        sql`explain (analyze, format json) ${query}`,
      );
      const raw = row?.["QUERY PLAN"];
      plans.push(((typeof raw === "string" ? JSON.parse(raw) : raw) as unknown[])[0]);
      return db.execute(query);
    },
  };
  await findMoreByArtist(explaining, scenario.id);
  await findRelatedWorks(explaining, scenario.id);
  for (const [i, plan] of plans.entries()) {
    const label = i === 0 ? "more by" : "related";
    console.log(`\nEXPLAIN ANALYZE, ${scenario.name}, ${label}:`);
    type Plan = Parameters<typeof condensedPlan>[0];
    for (const line of condensedPlan(plan as Plan)) console.log(`  ${line}`);
    for (const sort of sortsOf(plan as Plan))
      console.log(`  → sort of ${sort.rows} rows: ${sort.key}`);
  }
}

const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1));
const cell = (s: Stats | undefined) => (s ? `${ms(s.p50)} / ${ms(s.p95)}` : "");
const ratio = (a: Stats | undefined, b: Stats | undefined) =>
  a && b ? `${(a.p50 / b.p50).toFixed(2)}×` : "";

type Row = { name: string; counts: string; sides: Record<string, Stats | undefined> };

function table(rows: Row[]): string {
  const head = [
    "work",
    "more by / related",
    "n",
    "data without rails p50 / p95 ms",
    "data with rails p50 / p95 ms",
    "ratio (p50)",
    "rails alone p50 / p95 ms",
    ...(withPage
      ? ["page without rails p50 / p95 ms", "page with rails p50 / p95 ms", "page ratio (p50)"]
      : []),
  ];
  const lines = rows.map(({ name, counts, sides: s }) => [
    name,
    counts,
    String(s.withRails?.n ?? ""),
    cell(s.withoutRails),
    cell(s.withRails),
    ratio(s.withRails, s.withoutRails),
    cell(s.railsAlone),
    ...(withPage ? [cell(s.pageWithout), cell(s.pageWith), ratio(s.pageWith, s.pageWithout)] : []),
  ]);
  return [head, head.map(() => "---"), ...lines].map((c) => `| ${c.join(" | ")} |`).join("\n");
}

async function run(label: string, open: () => Promise<DatabaseHandle>): Promise<string> {
  console.log(`\n## ${label}\n`);
  const database = await open();
  const dataDir = await mkdtemp(path.join(tmpdir(), "vernissage-bench-"));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_REQUESTS: "false" });
  const services = createServices(config, database, createLogger({ json: false, silent: true }));
  try {
    const { db } = database;
    const start = performance.now();
    const catalogue = await buildCatalogue(db, size);
    const scenarios = await pickScenarios(db);
    console.log(
      `catalogue of ${catalogue.artworks} artworks + ANALYZE: ${((performance.now() - start) / 1000).toFixed(1)} s`,
    );
    const [row] = await queryRows<{ version: string }>(db, sql`select version() as version`);
    const version = (row?.version ?? "?").split(" on ")[0]!.split(",")[0]!;

    // The same app twice, one of them with the rails read answering at once with nothing:
    // the page without its rails, through the same build and database.
    const noRails: AppServices = {
      ...services,
      discovery: {
        ...services.discovery,
        artworkRails: () => Promise.resolve({ moreByArtist: [], related: [] }),
      },
    };
    let pageWith: ReturnType<typeof buildServer> | undefined;
    let pageWithout: ReturnType<typeof buildServer> | undefined;
    if (withPage) {
      const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
      const handle = createRequestHandler(build, "production");
      const handler: WebHandler = (request, context) => handle(request, context);
      const web = { handler };
      pageWith = buildServer({ services, web });
      pageWithout = buildServer({ services: noRails, web });
    }

    const rows: Row[] = [];
    for (const scenario of scenarios) {
      const rails = await services.discovery.artworkRails(scenario.id);
      const counts = `${rails.moreByArtist.length} / ${rails.related.length}`;
      if (rails.related.length === 0) throw new Error(`${scenario.name}: no related works`);
      const page = async (app: ReturnType<typeof buildServer>, expectRails: boolean) => {
        const response = await app.request(`/artwork/${scenario.id}`);
        const html = await response.text();
        if (response.status !== 200) throw new Error(`${scenario.name}: page ${response.status}`);
        if (html.includes("Related works") !== expectRails)
          throw new Error(`${scenario.name}: the page's rails are not as expected`);
      };
      const sides: Record<string, () => Promise<unknown>> = {
        // What the loader reads, without and with the rails (artworks.server.ts).
        withoutRails: () => services.discovery.artwork(scenario.id, null),
        withRails: () =>
          Promise.all([
            services.discovery.artwork(scenario.id, null),
            services.discovery.artworkRails(scenario.id),
          ]),
        railsAlone: () => services.discovery.artworkRails(scenario.id),
      };
      if (pageWith && pageWithout) {
        const [a, b] = [pageWith, pageWithout];
        sides.pageWith = () => page(a, true);
        sides.pageWithout = () => page(b, false);
      }
      const stats = await measureInterleaved(sides, {
        warmup: 10,
        iterations,
        budgetMs: 40_000,
        minIterations: 30,
      });
      rows.push({ name: scenario.name, counts, sides: stats });
      console.log(
        `${scenario.name} (${counts}): data ${ms(stats.withoutRails!.p50)} → ${ms(stats.withRails!.p50)} ms with rails` +
          (stats.pageWith
            ? `; page ${ms(stats.pageWithout!.p50)} → ${ms(stats.pageWith.p50)} ms`
            : ""),
      );
      await printPlans(db, scenario);
    }
    const setup =
      `${catalogue.artworks} artworks, 10 categories of ~15,000 works each and one of ${RARE_CATEGORY_WORKS}; ` +
      "data = the loader's service calls in-process; page = `app.request('/artwork/:id')`, " +
      "the server-rendered HTML through the built app" +
      (withPage ? "" : " (not measured: run `npm run build` first)");
    const result = `### ${label} (${version})\n\n${setup}\n\n${table(rows)}`;
    console.log(`\n${result}`);
    return result;
  } finally {
    await services.outbox.stop();
    services.mailTransport.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

console.log("# Related works benchmark\n");
for (const line of machineLines()) console.log(`- ${line}`);
const results: string[] = [];
if (!args["postgres-only"]) results.push(await run("PGlite", openFreshPglite));
if (serverUrl) results.push(await run("PostgreSQL", () => openFreshPostgres(serverUrl)));
console.log("\n# Summary\n");
console.log(results.join("\n\n"));
