/**
 * Checkout race benchmark (`npm run bench:checkout`): 50 buyers try to buy the same
 * artwork at the same moment, 20 rounds, through the in-process app (HTTP handlers,
 * services, database), on PGlite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL
 * is set, on PostgreSQL. Reports sales per round (must be exactly 1), the race's
 * p50/p95 wall time, and as a baseline one uncontended purchase measured in the same
 * run, interleaved with the races.
 */
import { eq } from "drizzle-orm";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { salesTax } from "../domain/sales-tax";
import { buildServer } from "../server/app";
import { loadConfig } from "../server/config";
import type { DatabaseHandle } from "../server/db/client";
import { orders } from "../server/db/schema";
import { createLogger } from "../server/logger";
import { createServices } from "../server/services";
import { createArtist, createArtwork } from "../server/test/factories";
import { createClient } from "../server/test/test-app";
import { openFreshPglite, openFreshPostgres } from "./databases";
import { machineLines } from "./report";

const BUYERS = 50;
const ROUNDS = 20;
const ADDRESS = { line1: "1 Main St", city: "Albany", state: "NY", postal_code: "12207" };
const ORIGIN = "http://localhost:3000";
const PRICE = 50_000;
/** The total the buy panel would have quoted (the payment must name it). */
const TOTAL = salesTax(PRICE, ADDRESS.state)?.totalAmount ?? Number.NaN;

type PaymentStarted = { paymentId: string; clientSecret: string };

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

async function runOn(label: string, database: DatabaseHandle) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "vernissage-bench-"));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, PUBLIC_URL: ORIGIN });
  const services = createServices(config, database, createLogger({ json: false, silent: true }));
  const app = buildServer({ services });
  const { db } = database;
  const artist = await createArtist(db);
  let buyerNumber = 0;

  /** One buyer's whole attempt; true when they bought the work. */
  async function attempt(artworkId: string): Promise<boolean> {
    const client = createClient(app, ORIGIN);
    buyerNumber += 1;
    const email = `bench.${label}.${buyerNumber}@example.com`;
    const started = await client.post("/api/checkout/payments", {
      artworkId,
      email,
      shippingAddress: ADDRESS,
      expectedTotal: TOTAL,
    });
    if (started.status !== 201) return false;
    const payment = (await started.json()) as PaymentStarted;
    const confirmed = await client.post("/api/checkout/simulated/confirm", {
      clientSecret: payment.clientSecret,
      card: { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" },
    });
    if (confirmed.status !== 200) return false;
    const completed = await client.post("/api/checkout/complete", {
      paymentId: payment.paymentId,
      clientSecret: payment.clientSecret,
    });
    return completed.status === 200;
  }

  async function timed(buyers: number) {
    const artwork = await createArtwork(db, { artistId: artist.id, priceCents: PRICE });
    const start = performance.now();
    const results = await Promise.all(Array.from({ length: buyers }, () => attempt(artwork.id)));
    const ms = performance.now() - start;
    const sales = (await db.select().from(orders).where(eq(orders.artworkId, artwork.id))).length;
    return { ms, sales, winners: results.filter(Boolean).length };
  }

  await timed(1); // warm-up: JIT, first queries, first password hash
  await timed(BUYERS);
  const race: number[] = [];
  const baseline: number[] = [];
  const salesPerRound: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate the order so drift on a shared machine lands on both alike.
    const pair = round % 2 === 0 ? [BUYERS, 1] : [1, BUYERS];
    for (const buyers of pair) {
      const result = await timed(buyers);
      if (buyers === 1) {
        if (result.sales !== 1) throw new Error(`uncontended purchase sold ${result.sales}`);
        baseline.push(result.ms);
      } else {
        race.push(result.ms);
        salesPerRound.push(result.sales);
      }
    }
  }
  await services.outbox.stop();
  services.mailTransport.close();
  await rm(dataDir, { recursive: true, force: true });

  const exact = salesPerRound.every((s) => s === 1);
  const fmt = (x: number) => x.toFixed(1);
  console.log(`\n${label}: ${BUYERS} concurrent buyers × ${ROUNDS} rounds`);
  console.log(
    `  sales per round: ${salesPerRound.join(" ")} → ${exact ? "exactly 1 every round" : "WRONG"}`,
  );
  console.log(
    `  race:     p50 ${fmt(percentile(race, 50))} ms, p95 ${fmt(percentile(race, 95))} ms`,
  );
  console.log(
    `  baseline (1 uncontended purchase): p50 ${fmt(percentile(baseline, 50))} ms, p95 ${fmt(percentile(baseline, 95))} ms`,
  );
  console.log(
    `  ratio race/baseline: p50 ${(percentile(race, 50) / percentile(baseline, 50)).toFixed(2)}×, p95 ${(percentile(race, 95) / percentile(baseline, 95)).toFixed(2)}×`,
  );
  if (!exact) process.exitCode = 1;
}

async function main() {
  console.log("Checkout race benchmark");
  for (const line of machineLines()) console.log(`  ${line}`);
  const pglite = await openFreshPglite();
  try {
    await runOn("PGlite", pglite);
  } finally {
    await pglite.close();
  }
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    console.log("\n(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL)");
    return;
  }
  const postgres = await openFreshPostgres(serverUrl);
  try {
    await runOn("PostgreSQL", postgres);
  } finally {
    await postgres.close();
  }
}

await main();
