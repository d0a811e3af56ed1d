/**
 * Offers benchmark (`npm run bench:offers`): 20 rounds, each on a new work for
 * sale at a price that takes offers, through the in-process app (Hono handlers, services,
 * database; no network), on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL, a new
 * database per run; PGlite with `--pglite`).
 *
 * Each round: 50 buyers make an offer at once (offer, simulated card confirmed, offer
 * confirmed: 50 open holds); one Buy Now payment is started and its card confirmed; then
 * at the same moment the artist accepts one offer (at random), accepts a second one, and
 * the Buy Now completes. Every other round the Buy Now's 15-minute reservation has run
 * out first, so any of the three may win; in the others it still holds the work and the
 * accepts must be refused. After the race the checkout reconciler and the offer sweep
 * run once, and the round is checked: exactly one order, exactly one capture at the
 * simulated processor, exactly one request answered 200, no answer 5xx, no offer left
 * open, and no authorization of the work left `authorized`. Any failure ends the run
 * with a non-zero exit.
 *
 * Timed, with baselines from the same run, interleaved:
 * - making the 50 offers (wall time, and per offer) against 50 Buy Now payments started
 *   and confirmed at once on 50 works;
 * - the race (the three requests; the winner's includes its capture and the release of
 *   the other holds) against one uncontended Buy Now completion on a work with no offers;
 * - the release of the holds: from the first to the last hold cancelled at the
 *   processor (simulated_payments.updated_at), against the same uncontended completion.
 *
 * The buyers are the same 50 guests every round (their accounts are made in the warm-up),
 * so the figures measure offers and payments, not the scrypt hash of new accounts.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { salesTax } from "../domain/sales-tax";
import { buildServer } from "../server/app";
import { loadConfig } from "../server/config";
import type { DatabaseHandle } from "../server/db/client";
import { artworks, offers, orders, payments, simulatedPayments, users } from "../server/db/schema";
import { createLogger } from "../server/logger";
import { createServices } from "../server/services";
import { createArtwork } from "../server/test/factories";
import { createClient, signUpBody } from "../server/test/test-app";
import { openFreshPglite, openFreshPostgres } from "./databases";
import { machineLines } from "./report";

const BUYERS = 50;
const ROUNDS = 20;
const ORIGIN = "http://localhost:3000";
const ADDRESS = { line1: "1 Main St", city: "Albany", state: "NY", postal_code: "12207" };
const CARD = { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" };
/** The work's price, $5,000; the offers are below it, in whole dollars. */
const PRICE = 500_000;
const totalOf = (cents: number) => salesTax(cents, ADDRESS.state)?.totalAmount ?? Number.NaN;
const offerAmount = (buyer: number) => (3_000 + buyer * 10) * 100;

type Client = ReturnType<typeof createClient>;
type OfferMade = {
  offer: { id: string };
  authorization: { paymentId: string; clientSecret: string } | null;
  accessKey: string;
};
type PaymentStarted = { paymentId: string; clientSecret: string };

/** A failed check: printed, and the run exits non-zero. */
class BenchFailure extends Error {}

function check(ok: boolean, what: string): asserts ok {
  if (!ok) throw new BenchFailure(what);
}

async function expectStatus(response: Response, status: number, what: string) {
  if (response.status !== status) {
    throw new BenchFailure(`${what}: ${response.status} ${await response.text()}`);
  }
  return response;
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

function pick<T>(items: T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

type Round = {
  makeMs: number;
  makeBaselineMs: number;
  raceMs: number;
  completeBaselineMs: number;
  releaseMs: number;
  released: number;
  winner: "offer" | "buy now";
  reservationLive: boolean;
  /** Holds still authorized when the race's requests had all answered (left to the sweep). */
  leftAfterRace: number;
};

async function runOn(label: string, database: DatabaseHandle): Promise<Round[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "vernissage-bench-offers-"));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, PUBLIC_URL: ORIGIN });
  const services = createServices(config, database, createLogger({ json: false, silent: true }));
  const app = buildServer({ services });
  const { db } = database;
  const client = () => createClient(app, ORIGIN);
  const run = Math.random().toString(36).slice(2, 8);
  const buyerEmail = (n: number) => `bench.offers.${run}.${n}@example.com`;

  // The artist, signed in, who answers the offers.
  const artistClient = client();
  const signUp = signUpBody({ firstName: "Bench", lastName: "Artist" });
  await expectStatus(
    await artistClient.post("/api/auth/sign-up/email", signUp),
    200,
    "artist sign-up",
  );
  const [artist] = await db
    .update(users)
    .set({ isArtist: true, payoutStatus: "active", payoutAccountId: `acct_bench_${run}` })
    .where(eq(users.email, signUp.email))
    .returning({ id: users.id });
  if (!artist) throw new Error("the artist was not created");

  const work = (acceptsOffers: boolean) =>
    createArtwork(db, { artistId: artist.id, priceCents: PRICE, acceptsOffers });

  /** One buyer's offer as the panel makes it: offer, card, confirm. */
  async function makeOffer(buyer: Client, artworkId: string, n: number) {
    const amount = offerAmount(n);
    const response = await expectStatus(
      await buyer.post("/api/offers", {
        artworkId,
        amount,
        email: buyerEmail(n),
        name: `Buyer ${n}`,
        note: "",
        shippingAddress: ADDRESS,
        expectedTotal: totalOf(amount),
      }),
      201,
      `offer ${n}`,
    );
    const made = (await response.json()) as OfferMade;
    check(made.authorization !== null, `offer ${n} was declined at once`);
    await expectStatus(
      await buyer.post("/api/checkout/simulated/confirm", {
        clientSecret: made.authorization.clientSecret,
        card: CARD,
      }),
      200,
      `offer ${n}'s card`,
    );
    await expectStatus(
      await buyer.post(
        `/api/offers/${made.offer.id}/confirm`,
        {},
        { "x-offer-key": made.accessKey },
      ),
      200,
      `offer ${n}'s confirm`,
    );
    return made.offer.id;
  }

  /** A Buy Now payment started and its card confirmed (not completed). */
  async function startedPayment(buyer: Client, artworkId: string, email: string) {
    const started = await expectStatus(
      await buyer.post("/api/checkout/payments", {
        artworkId,
        email,
        shippingAddress: ADDRESS,
        expectedTotal: totalOf(PRICE),
      }),
      201,
      "Buy Now payment",
    );
    const payment = (await started.json()) as PaymentStarted;
    await expectStatus(
      await buyer.post("/api/checkout/simulated/confirm", {
        clientSecret: payment.clientSecret,
        card: CARD,
      }),
      200,
      "Buy Now card",
    );
    return payment;
  }

  const complete = (buyer: Client, payment: PaymentStarted) =>
    buyer.post("/api/checkout/complete", {
      paymentId: payment.paymentId,
      clientSecret: payment.clientSecret,
    });

  /** The baseline of the offers: 50 Buy Now payments started and confirmed at once. */
  async function paymentsBaseline(): Promise<number> {
    const works = await Promise.all(Array.from({ length: BUYERS }, () => work(false)));
    const start = performance.now();
    await Promise.all(works.map((w, n) => startedPayment(client(), w.id, buyerEmail(n))));
    const ms = performance.now() - start;
    // Untimed: their authorizations end here, so the reconciler of later rounds does not
    // complete 50 sales nobody asked for (a closed browser's purchase, which it would).
    const ids = works.map((w) => w.id);
    const rows = await db
      .select({ id: payments.id, providerPaymentId: payments.providerPaymentId })
      .from(payments)
      .where(inArray(payments.artworkId, ids));
    const providerIds = rows.flatMap((r) => (r.providerPaymentId ? [r.providerPaymentId] : []));
    await db
      .update(simulatedPayments)
      .set({ status: "cancelled" })
      .where(inArray(simulatedPayments.id, providerIds));
    await db.update(payments).set({ status: "cancelled" }).where(inArray(payments.artworkId, ids));
    await db
      .update(artworks)
      .set({ reservedUntil: null, reservedByPaymentId: null })
      .where(inArray(artworks.id, ids));
    return ms;
  }

  /** The baseline of the race: one Buy Now completion on a work nobody else wants. */
  async function completeBaseline(): Promise<number> {
    const w = await work(false);
    const buyer = client();
    const payment = await startedPayment(buyer, w.id, buyerEmail(BUYERS));
    const start = performance.now();
    await expectStatus(await complete(buyer, payment), 200, "uncontended Buy Now");
    const ms = performance.now() - start;
    const sales = await db.select().from(orders).where(eq(orders.artworkId, w.id));
    check(sales.length === 1, `the uncontended Buy Now sold ${sales.length}`);
    return ms;
  }

  /** The processor's records of the work's payments: every offer hold and the Buy Now. */
  function ledgerOf(artworkId: string) {
    return db
      .select({
        status: simulatedPayments.status,
        offerId: payments.offerId,
        updatedAt: simulatedPayments.updatedAt,
      })
      .from(payments)
      .innerJoin(simulatedPayments, eq(simulatedPayments.id, payments.providerPaymentId))
      .where(eq(payments.artworkId, artworkId));
  }

  async function round(
    index: number,
  ): Promise<Omit<Round, "makeBaselineMs" | "completeBaselineMs">> {
    const where = `${label} round ${index}`;
    const w = await work(true);

    const makeStart = performance.now();
    const offerIds = await Promise.all(
      Array.from({ length: BUYERS }, (_, n) => makeOffer(client(), w.id, n)),
    );
    const makeMs = performance.now() - makeStart;
    const held = (await ledgerOf(w.id)).filter((r) => r.offerId && r.status === "authorized");
    check(
      held.length === BUYERS,
      `${where}: ${held.length} holds open after the offers, not ${BUYERS}`,
    );

    const buyNowClient = client();
    const payment = await startedPayment(buyNowClient, w.id, buyerEmail(BUYERS + 1));
    // Every other round the Buy Now's reservation has run out, so any of the three may win.
    const reservationLive = index % 2 === 0;
    if (!reservationLive) {
      await db
        .update(artworks)
        .set({ reservedUntil: sql`now() - interval '1 second'` })
        .where(eq(artworks.id, w.id));
    }
    const first = pick(offerIds);
    const second = pick(offerIds.filter((id) => id !== first));
    const requests = [
      () => artistClient.post(`/api/offers/${first}/accept`, {}),
      () => artistClient.post(`/api/offers/${second}/accept`, {}),
      () => complete(buyNowClient, payment),
    ];
    // Which request is sent first rotates with the round.
    const order = [0, 1, 2].map((k) => (((k + index) % 3) + 3) % 3);
    const raceStart = performance.now();
    const sent = await Promise.all(order.map((k) => requests[k]!()));
    const raceMs = performance.now() - raceStart;
    const answers: Response[] = [];
    order.forEach((k, i) => (answers[k] = sent[i]!));
    const statuses = answers.map((r) => r.status);
    const bodies = await Promise.all(answers.map((r) => r.text()));
    const describe = `accept ${statuses[0]}, accept ${statuses[1]}, Buy Now ${statuses[2]}`;
    check(
      statuses.every((s) => s === 200 || s === 409),
      `${where}: an answer other than 200 or 409 (${describe}): ${bodies.join(" | ")}`,
    );
    check(statuses.filter((s) => s === 200).length === 1, `${where}: not one winner (${describe})`);
    if (reservationLive) {
      check(statuses[2] === 200, `${where}: an accept won over a live reservation (${describe})`);
    }
    const leftAfterRace = (await ledgerOf(w.id)).filter((r) => r.status === "authorized").length;

    await services.checkout.reconciler.run();
    await services.offers.timers.run();

    const sales = await db.select().from(orders).where(eq(orders.artworkId, w.id));
    check(sales.length === 1, `${where}: ${sales.length} orders for the work (${describe})`);
    const ledger = await ledgerOf(w.id);
    const captured = ledger.filter((r) => r.status === "captured").length;
    check(captured === 1, `${where}: ${captured} captures at the processor (${describe})`);
    const authorized = ledger.filter((r) => r.status === "authorized").length;
    check(
      authorized === 0,
      `${where}: ${authorized} authorizations left after the reconciler and the sweep (${describe})`,
    );
    const open = await db
      .select({ id: offers.id })
      .from(offers)
      .where(and(eq(offers.artworkId, w.id), eq(offers.status, "open")));
    check(open.length === 0, `${where}: ${open.length} offers left open (${describe})`);

    const releases = ledger
      .filter((r) => r.offerId && r.status === "cancelled")
      .map((r) => r.updatedAt.getTime())
      .sort((a, b) => a - b);
    const releaseMs = releases.length ? releases.at(-1)! - releases[0]! : 0;
    return {
      makeMs,
      raceMs,
      releaseMs,
      released: releases.length,
      winner: statuses[2] === 200 ? "buy now" : "offer",
      reservationLive,
      leftAfterRace,
    };
  }

  try {
    // Warm-up: the guests' accounts (and their password hashes), JIT, first queries.
    await round(-1);
    await paymentsBaseline();
    await completeBaseline();
    const rounds: Round[] = [];
    for (let index = 0; index < ROUNDS; index++) {
      // Alternate the order so drift on a shared machine lands on both sides alike.
      let makeBaselineMs = 0;
      let completeBaselineMs = 0;
      if (index % 2 === 1) {
        makeBaselineMs = await paymentsBaseline();
        completeBaselineMs = await completeBaseline();
      }
      const measured = await round(index);
      if (index % 2 === 0) {
        makeBaselineMs = await paymentsBaseline();
        completeBaselineMs = await completeBaseline();
      }
      rounds.push({ ...measured, makeBaselineMs, completeBaselineMs });
      process.stdout.write(".");
    }
    process.stdout.write("\n");
    return rounds;
  } finally {
    await services.outbox.stop();
    services.mailTransport.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function report(label: string, rounds: Round[]) {
  const col = (f: (r: Round) => number) => rounds.map(f);
  const ms = (x: number) => (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(0)} ms`);
  const p = (xs: number[]) => `p50 ${ms(percentile(xs, 50))}, p95 ${ms(percentile(xs, 95))}`;
  const ratio = (a: number[], b: number[]) =>
    `${(percentile(a, 50) / percentile(b, 50)).toFixed(2)}× (p50), ${(percentile(a, 95) / percentile(b, 95)).toFixed(2)}× (p95)`;
  const make = col((r) => r.makeMs);
  const makeBase = col((r) => r.makeBaselineMs);
  const race = col((r) => r.raceMs);
  const completeBase = col((r) => r.completeBaselineMs);
  const release = col((r) => r.releaseMs);
  const perOffer = make.map((x) => x / BUYERS);
  const perPayment = makeBase.map((x) => x / BUYERS);
  const perHold = rounds.map((r) => r.releaseMs / Math.max(1, r.released - 1));
  const wins = (live: boolean, winner: Round["winner"]) =>
    rounds.filter((r) => r.reservationLive === live && r.winner === winner).length;

  console.log(`\n${label}: ${BUYERS} offers, 2 accepts and 1 Buy Now per round × ${ROUNDS} rounds`);
  console.log(
    `  every round: 1 order, 1 capture, 1 answer 200, no 5xx, no offer open, no authorization left`,
  );
  console.log(
    `  winners: reservation live ${wins(true, "buy now")} Buy Now / ${wins(true, "offer")} offer; ` +
      `reservation run out ${wins(false, "buy now")} Buy Now / ${wins(false, "offer")} offer`,
  );
  console.log(
    `  holds released per round: ${rounds.map((r) => r.released).join(" ")}; ` +
      `left to the sweep after the race: ${rounds.reduce((s, r) => s + r.leftAfterRace, 0)}`,
  );
  console.log(`  make ${BUYERS} offers at once:        ${p(make)}; per offer ${p(perOffer)}`);
  console.log(
    `  baseline ${BUYERS} Buy Now payments:  ${p(makeBase)}; per payment ${p(perPayment)}`,
  );
  console.log(`    ratio offers / payments: ${ratio(make, makeBase)}`);
  console.log(`  race (3 requests):               ${p(race)}`);
  console.log(`  baseline 1 uncontended complete: ${p(completeBase)}`);
  console.log(`    ratio race / complete: ${ratio(race, completeBase)}`);
  console.log(
    `  release of the holds (first to last cancel): ${p(release)}; per hold ${p(perHold)}`,
  );
  console.log(`    ratio release / complete: ${ratio(release, completeBase)}`);
}

async function main() {
  const pglite = process.argv.includes("--pglite");
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!pglite && !url) {
    console.error(
      "bench:offers runs on PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL), e.g.\n" +
        "  BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:offers\n" +
        "or pass --pglite for the embedded database.",
    );
    process.exit(2);
  }
  const label = pglite ? "PGlite" : "PostgreSQL";
  console.log(`# Offers: ${BUYERS} offers, then 2 accepts and a Buy Now at once (${label})\n`);
  for (const line of machineLines()) console.log(`- ${line}`);
  const started = performance.now();
  const database = pglite ? await openFreshPglite() : await openFreshPostgres(url!);
  try {
    report(label, await runOn(label, database));
  } catch (error) {
    if (!(error instanceof BenchFailure)) throw error;
    console.error(`\nFAILED: ${error.message}`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
  console.log(`\n(${((performance.now() - started) / 1000).toFixed(0)} s in all)`);
}

await main();
