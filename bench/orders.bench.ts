/**
 * Orders benchmark (`npm run bench:orders`): 1,000 and then 10,000 orders
 * taken through the whole cycle (paid → shipped → delivered → completed, each move
 * through the orders service with its event and e-mail), then one payout run and one
 * reconciliation, on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL, a fresh
 * database each size; PGlite with `--pglite`). Reports each step's time, its cost per
 * order, and how it grows from 1,000 to 10,000 orders: 10× the orders should cost at
 * most about 10× the time (linear), and the ratio is the figure docs/performance.md keeps.
 *
 * The sales themselves are written in bulk (artworks, the processor's payments, our
 * payments, orders, their capture rows) as the checkout would have left them: the
 * checkout has its own bench, and 10,000 browser purchases would measure it, not this.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { salesTax } from "../domain/sales-tax";
import { DEFAULT_COMMISSION_BPS, SHIP_BY_DAYS, addDays, splitSale } from "../domain/orders";
import { loadConfig } from "../server/config";
import type { DatabaseHandle } from "../server/db/client";
import {
  artworks,
  ledgerEntries,
  orderEvents,
  orders,
  payments,
  simulatedPayments,
  users,
} from "../server/db/schema";
import { createLogger } from "../server/logger";
import { queryRows } from "../server/db/rows";
import { createServices } from "../server/services";
import { openFreshPglite, openFreshPostgres } from "./databases";
import { machineLines } from "./report";

const SIZES = [1_000, 10_000];
const ARTISTS = 100;
const BATCH = 500;
/** Moves made at once (a marketplace's requests arrive together). */
const CONCURRENCY = 8;

type Timing = { size: number; cycleMs: number; payoutMs: number; reconcileMs: number };

async function inBatches<T>(items: T[], size: number, work: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await work(items.slice(i, i + size));
}

async function concurrently<T>(items: T[], work: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) {
        const item = items[next++]!;
        await work(item);
      }
    }),
  );
}

/** The sales as the checkout leaves them: sold works, captured payments, paid orders. */
async function seed(database: DatabaseHandle, size: number, soldAt: Date) {
  const { db } = database;
  const buyerId = randomUUID();
  await db.insert(users).values({
    id: buyerId,
    email: `bench.buyer.${buyerId}@example.com`,
    firstName: "Bench",
    lastName: "Buyer",
    displayName: "Bench Buyer",
  });
  const artistIds = Array.from({ length: ARTISTS }, () => randomUUID());
  await db.insert(users).values(
    artistIds.map((id, i) => ({
      id,
      email: `bench.artist.${i}.${id}@example.com`,
      firstName: "Artist",
      lastName: String(i),
      displayName: `Artist ${i}`,
      isArtist: true,
      payoutStatus: "active" as const,
      payoutAccountId: `acct_sim_${randomUUID().replace(/-/g, "").slice(0, 16)}`,
    })),
  );
  const rows = Array.from({ length: size }, (_, i) => {
    const price = 5_000 + ((i * 7919) % 500_000);
    const tax = salesTax(price, "NY")!;
    const money = splitSale(price, tax.taxAmount, DEFAULT_COMMISSION_BPS);
    return {
      i,
      artworkId: randomUUID(),
      paymentId: randomUUID(),
      orderId: randomUUID(),
      providerId: `sim_pi_bench_${randomUUID()}`,
      artistId: artistIds[i % ARTISTS]!,
      money,
    };
  });
  await inBatches(rows, BATCH, async (batch) => {
    await db.insert(artworks).values(
      batch.map((r) => ({
        id: r.artworkId,
        artistId: r.artistId,
        ownerId: buyerId,
        title: `Bench work ${r.i}`,
        artistDisplayName: `Artist ${r.i % ARTISTS}`,
        priceCents: r.money.price,
        isForSale: false,
        status: "not for sale" as const,
      })),
    );
    await db.insert(simulatedPayments).values(
      batch.map((r) => ({
        id: r.providerId,
        clientSecret: `${r.providerId}_secret_bench`,
        idempotencyKey: `bench-${r.paymentId}`,
        amount: r.money.total,
        currency: "usd",
        status: "captured" as const,
        metadata: {},
        captureRequests: 1,
        capturedAt: soldAt,
      })),
    );
    await db.insert(payments).values(
      batch.map((r) => ({
        id: r.paymentId,
        artworkId: r.artworkId,
        purchaserId: buyerId,
        purchaserEmail: `bench.buyer.${buyerId}@example.com`,
        provider: "simulated",
        providerPaymentId: r.providerId,
        idempotencyKey: `reservation-${r.artworkId}-${r.paymentId}`,
        preTaxAmount: r.money.price,
        taxAmount: r.money.tax,
        totalAmount: r.money.total,
        status: "captured" as const,
        createdAt: soldAt,
      })),
    );
    await db.insert(orders).values(
      batch.map((r) => ({
        id: r.orderId,
        artworkId: r.artworkId,
        paymentId: r.paymentId,
        purchaserId: buyerId,
        title: `Bench work ${r.i}`,
        artistName: `Artist ${r.i % ARTISTS}`,
        price: r.money.price,
        preTaxAmount: r.money.price,
        taxAmount: r.money.tax,
        totalAmount: r.money.total,
        timestamp: soldAt,
        artistId: r.artistId,
        commissionBps: r.money.commissionBps,
        commissionAmount: r.money.commission,
        artistNet: r.money.artistNet,
        shipBy: addDays(soldAt, SHIP_BY_DAYS),
      })),
    );
    await db.insert(orderEvents).values(
      batch.map((r) => ({
        orderId: r.orderId,
        actorId: buyerId,
        actorRole: "buyer" as const,
        toStatus: "paid" as const,
        createdAt: soldAt,
      })),
    );
    await db.insert(ledgerEntries).values(
      batch.flatMap((r) =>
        (
          [
            ["capture", r.money.total],
            ["tax", r.money.tax],
            ["commission", r.money.commission],
            ["artist_net", r.money.artistNet],
          ] as const
        )
          .filter(([, amount]) => amount > 0)
          .map(([kind, amount]) => ({
            orderId: r.orderId,
            artistId: r.artistId,
            kind,
            amount,
            createdAt: soldAt,
          })),
      ),
    );
  });
  return { buyerId, rows };
}

async function runSize(database: DatabaseHandle, size: number): Promise<Timing> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "vernissage-bench-orders-"));
  const start = new Date("2026-10-01T10:00:00Z");
  let now = start.getTime();
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://localhost",
  });
  const services = createServices(config, database, createLogger({ json: false, silent: true }), {
    now: () => new Date(now),
  });
  try {
    const { buyerId, rows } = await seed(database, size, start);
    const cycleStart = performance.now();
    await concurrently(rows, (r) =>
      services.orders.move({
        orderId: r.orderId,
        move: "ship",
        actor: { id: r.artistId, role: "artist" },
        set: { shippedAt: new Date(now), carrier: "UPS", trackingNumber: `1Z${r.i}` },
      }),
    );
    now += 3 * 86_400_000;
    await concurrently(rows, (r) =>
      services.orders.move({
        orderId: r.orderId,
        move: "confirm_receipt",
        actor: { id: buyerId, role: "buyer" },
        set: { deliveredAt: new Date(now) },
      }),
    );
    now += 8 * 86_400_000;
    await concurrently(rows, (r) =>
      services.orders.move({
        orderId: r.orderId,
        move: "complete",
        actor: { id: null, role: "system" },
        set: { completedAt: new Date(now) },
      }),
    );
    const cycleMs = performance.now() - cycleStart;

    const payoutStart = performance.now();
    await services.payouts.run();
    const payoutMs = performance.now() - payoutStart;
    // The run must have paid every artist all of their nets, or its time measures nothing.
    const [payout] = await queryRows<{ artists: number; amount: string; owed: string }>(
      database.db,
      sql`select
            (select count(distinct artist_id)::int from artist_payouts where status = 'paid') as artists,
            (select coalesce(sum(amount), 0) from artist_payouts where status = 'paid') as amount,
            (select coalesce(sum(artist_net), 0) from orders) as owed`,
    );
    if (!payout || payout.artists !== ARTISTS || Number(payout.amount) !== Number(payout.owed)) {
      throw new Error(`the payout run did not pay every artist in full: ${JSON.stringify(payout)}`);
    }

    const reconcileStart = performance.now();
    // The sales are dated in October; the payouts today (the payout run uses the database's clock).
    const report = await services.reconciliation.run({
      from: addDays(start, -1).toISOString().slice(0, 10),
      to: new Date().toISOString().slice(0, 10),
    });
    const reconcileMs = performance.now() - reconcileStart;
    if (report.differences.length > 0) {
      console.error(report.differences.slice(0, 5));
      throw new Error(`reconciliation found ${report.differences.length} differences`);
    }
    await services.outbox.stop();
    return { size, cycleMs, payoutMs, reconcileMs };
  } finally {
    services.mailTransport.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const pglite = process.argv.includes("--pglite");
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!pglite && !url) {
    console.error(
      "bench:orders runs on PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL), e.g.\n" +
        "  BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:orders\n" +
        "or pass --pglite for the embedded database.",
    );
    process.exit(2);
  }
  const label = pglite ? "PGlite" : "PostgreSQL";
  console.log(`# Orders through the whole cycle, payout run and reconciliation (${label})\n`);
  for (const line of machineLines()) console.log(`- ${line}`);
  console.log("");
  const timings: Timing[] = [];
  for (const size of SIZES) {
    const database = pglite ? await openFreshPglite() : await openFreshPostgres(url!);
    try {
      timings.push(await runSize(database, size));
    } finally {
      await database.close();
    }
  }
  const f = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
  const per = (ms: number, size: number) => `${((ms / size) * 1000).toFixed(0)} µs`;
  console.log(
    "| orders | cycle (3 moves each) | per order | payout run | per order | reconciliation | per order |",
  );
  console.log("|---:|---:|---:|---:|---:|---:|---:|");
  for (const t of timings) {
    console.log(
      `| ${t.size.toLocaleString("en-US")} | ${f(t.cycleMs)} | ${per(t.cycleMs, t.size)} | ${f(t.payoutMs)} | ${per(t.payoutMs, t.size)} | ${f(t.reconcileMs)} | ${per(t.reconcileMs, t.size)} |`,
    );
  }
  const [small, large] = timings;
  if (small && large) {
    const growth = (a: number, b: number) => (b / a).toFixed(1);
    const x = large.size / small.size;
    console.log(
      `\nGrowth for ${x}× the orders: cycle ${growth(small.cycleMs, large.cycleMs)}×, payout run ${growth(small.payoutMs, large.payoutMs)}×, reconciliation ${growth(small.reconcileMs, large.reconcileMs)}× (${x}× is linear).`,
    );
  }
}

await main();
