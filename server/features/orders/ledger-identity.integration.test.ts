import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_MOVES, type OrderMove } from "../../../domain/orders";
import { ledgerEntries, orders, simulatedPayments, simulatedRefunds } from "../../db/schema";
import { createArtist, createArtwork } from "../../test/factories";
import { type TestApp, createTestApp, testClock } from "../../test/test-app";
import { buy, guestEmail } from "../purchase/checkout.test-helpers";
import { orderTotals } from "./ledger.repository";
import type { OrderActor } from "./orders.service";

/**
 * Issue 14's ledger identity, after a randomized sequence of 200 purchases, moves,
 * refunds and payouts: for every order, captured − refunded = artist net + commission
 * kept + tax, to the cent; what was paid to an artist never exceeds their net; and our
 * ledger's captures and refunds equal the processor's own records.
 */

let t: TestApp;
const clock = testClock(new Date("2026-03-01T09:00:00Z"));
/** A seeded generator, so a failure can be replayed: the seed is in the test's name. */
const SEED = 14_2026;

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
});
afterAll(async () => {
  await t?.close();
});

describe("the ledger identity", () => {
  it(`holds to the cent after 200 random purchases, moves, refunds and payouts (seed ${SEED})`, async () => {
    const next = random(SEED);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const artists = await Promise.all(
      [0, 1, 2].map(() => createArtist(t.db, { payoutStatus: "active" })),
    );
    const team: OrderActor = { id: null, role: "team" };
    const counts: Record<string, number> = {};
    const orderIds: string[] = [];

    for (let step = 0; step < 200; step += 1) {
      const roll = next();
      let kind: string;
      if (orderIds.length < 5 || roll < 0.3) {
        kind = "purchase";
        const artist = pick(artists);
        // Odd cents and a 1-cent work among them, to stress the rounding.
        const price = pick([1, 99, 1_001, 12_345, 99_999, 250_000 + Math.floor(next() * 1000)]);
        const artwork = await createArtwork(t.db, { artistId: artist.id, priceCents: price });
        const bought = await buy(t.client(), artwork.id, {
          email: guestEmail(),
          shippingAddress: pick([
            { line1: "1 Main St", city: "Albany", state: "NY", postal_code: "12207" },
            { line1: "2 Oak Ave", city: "Portland", state: "OR", postal_code: "97201" },
            { line1: "3 Pine Rd", city: "Austin", state: "TX", postal_code: "73301" },
          ]),
        });
        orderIds.push(bought.orderId);
      } else {
        const orderId = pick(orderIds);
        const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
        const move = pick<OrderMove | "refund_some" | "timers" | "payout">([
          "ship",
          "confirm_receipt",
          "report_problem",
          "close_problem",
          "refund_some",
          "refund_full",
          "cancel",
          "timers",
          "payout",
        ]);
        kind = move;
        try {
          if (move === "refund_some") {
            const totals = await orderTotals(t.db, orderId);
            const left = totals.capture - totals.refund;
            if (left > 0) {
              await t.services.orders.requestRefund({
                orderId,
                move: "refund_partial",
                actor: team,
                reason: "random",
                amount: 1 + Math.floor(next() * left),
              });
            }
          } else if (move === "refund_full" || move === "cancel") {
            await t.services.orders.requestRefund({ orderId, move, actor: team, reason: "random" });
          } else if (move === "timers") {
            clock.advanceDays(pick([1, 3, 8, 15]));
            await runTimers();
          } else if (move === "payout") {
            await runPayouts();
          } else {
            const role = ORDER_MOVES[move].by[0]!;
            const actor: OrderActor = {
              id:
                role === "artist" ? order!.artistId : role === "buyer" ? order!.purchaserId : null,
              role,
            };
            await t.services.orders.move({
              orderId,
              move,
              actor,
              set:
                move === "ship"
                  ? { shippedAt: clock.now(), carrier: "UPS", trackingNumber: `1Z${step}` }
                  : move === "confirm_receipt"
                    ? { deliveredAt: clock.now() }
                    : move === "report_problem"
                      ? { problemKind: "damaged", problemReportedAt: clock.now() }
                      : undefined,
            });
          }
        } catch (error) {
          // A move the order's state does not allow now is refused: that is part of the test.
          const status = (error as { status?: number }).status;
          if (status !== 409 && status !== 400) throw error;
          kind = `${move} (refused)`;
        }
      }
      counts[kind] = (counts[kind] ?? 0) + 1;
    }
    // Let every order settle and everything payable be paid.
    clock.advanceDays(30);
    await runTimers();
    clock.advanceDays(30);
    await runTimers();
    await runPayouts();

    expect(counts.purchase).toBeGreaterThan(20);
    let settled = 0;
    for (const orderId of orderIds) {
      const totals = await orderTotals(t.db, orderId);
      const kept =
        totals.artist_net -
        totals.artist_net_refund +
        (totals.commission - totals.commission_refund) +
        (totals.tax - totals.tax_refund);
      expect(totals.capture - totals.refund, `order ${orderId}`).toBe(kept);
      expect(totals.refund).toBeLessThanOrEqual(totals.capture);
      const paid = totals.payout - totals.payout_reversal;
      const earned = totals.artist_net - totals.artist_net_refund;
      const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
      if (["completed", "partially_refunded", "refunded", "cancelled"].includes(order!.status)) {
        // Settled, and every artist's payouts are active: paid exactly what they earned.
        expect(paid, `order ${orderId} (${order!.status})`).toBe(earned);
        settled += 1;
      } else {
        expect(paid).toBe(0);
      }
    }
    expect(settled).toBeGreaterThan(0);
    // Our captures and refunds, against the processor's own records.
    const [ours] = await t.db
      .select({
        captured: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} = 'capture'), 0)`,
        refunded: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} = 'refund'), 0)`,
      })
      .from(ledgerEntries);
    const [processorCaptured] = await t.db
      .select({ total: sql<string>`coalesce(sum(${simulatedPayments.amount}), 0)` })
      .from(simulatedPayments)
      .where(sql`${simulatedPayments.status} in ('captured', 'refunded')`);
    const [processorRefunded] = await t.db
      .select({ total: sql<string>`coalesce(sum(${simulatedRefunds.amount}), 0)` })
      .from(simulatedRefunds);
    expect(Number(ours!.captured)).toBe(Number(processorCaptured!.total));
    expect(Number(ours!.refunded)).toBe(Number(processorRefunded!.total));
  }, 240_000);
});

async function runTimers() {
  await t.services.orders.timers.run();
}

async function runPayouts() {
  await t.services.payouts.run();
}
