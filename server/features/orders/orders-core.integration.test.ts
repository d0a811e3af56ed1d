import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, orderEvents, orders, refunds, simulatedRefunds } from "../../db/schema";
import { createArtist, createArtwork, createUser } from "../../test/factories";
import { allowConsoleError } from "../../test/fail-on-console-error";
import { type TestApp, createTestApp, testClock } from "../../test/test-app";
import { buy, guestEmail } from "../purchase/checkout.test-helpers";
import { orderTotals } from "./ledger.repository";
import { writeCommissionSetting } from "./settings.repository";
import { simulatedRefundsDown } from "../../test/processor-faults";

/** The orders' core (decision 0029): the frozen split, guarded moves, refunds, the ledger. */

let t: TestApp;
const clock = testClock(new Date("2026-06-01T12:00:00Z"));

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
});
afterAll(async () => {
  await t?.close();
});

async function sale(price = 10_000) {
  const artist = await createArtist(t.db, { payoutStatus: "active" });
  const artwork = await createArtwork(t.db, { artistId: artist.id, priceCents: price });
  const bought = await buy(t.client(), artwork.id, { email: guestEmail() });
  const [order] = await t.db.select().from(orders).where(eq(orders.id, bought.orderId));
  return { artist, artwork, order: order! };
}

function balanceOf(totals: Awaited<ReturnType<typeof orderTotals>>) {
  return {
    left: totals.capture - totals.refund,
    parts:
      totals.artist_net -
      totals.artist_net_refund +
      (totals.commission - totals.commission_refund) +
      (totals.tax - totals.tax_refund),
  };
}

describe("the sale", () => {
  it("freezes the commission, the artist and the ship-by date on the order, and ledgers the capture", async () => {
    const { artist, order } = await sale(12_345);
    expect(order).toMatchObject({
      status: "paid",
      artistId: artist.id,
      commissionBps: 2000,
      commissionAmount: 2_469,
      artistNet: 9_876,
    });
    expect(order.shipBy.toISOString()).toBe("2026-06-08T12:00:00.000Z");
    const totals = await orderTotals(t.db, order.id);
    expect(totals).toMatchObject({
      capture: order.totalAmount,
      tax: order.taxAmount,
      commission: 2_469,
      artist_net: 9_876,
    });
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => [e.fromStatus, e.toStatus])).toEqual([[null, "paid"]]);
  });

  it("charges a rate set after the sale only to later sales", async () => {
    const before = await sale(10_000);
    await writeCommissionSetting(t.db, 1500);
    try {
      const after = await sale(10_000);
      expect(after.order.commissionAmount).toBe(1_500);
      const [again] = await t.db.select().from(orders).where(eq(orders.id, before.order.id));
      expect(again!.commissionAmount).toBe(2_000);
    } finally {
      await writeCommissionSetting(t.db, 2000);
    }
  });
});

describe("moves", () => {
  it("ships once when the artist presses ten times at once", async () => {
    const { artist, order } = await sale();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        t.services.orders.move({
          orderId: order.id,
          move: "ship",
          actor: { id: artist.id, role: "artist" },
          set: { shippedAt: clock.now(), carrier: "UPS", trackingNumber: "1Z999" },
        }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.filter((e) => e.toStatus === "shipped")).toHaveLength(1);
  });

  it("hides an order from anyone but its parties, and refuses a move out of turn", async () => {
    const { artist, order } = await sale();
    const stranger = await createUser(t.db);
    await expect(
      t.services.orders.move({
        orderId: order.id,
        move: "ship",
        actor: { id: stranger.id, role: "artist" },
      }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      t.services.orders.move({
        orderId: order.id,
        move: "confirm_receipt",
        actor: { id: order.purchaserId, role: "buyer" },
      }),
    ).rejects.toMatchObject({ status: 409 });
    await expect(
      t.services.orders.move({
        orderId: order.id,
        move: "confirm_receipt",
        actor: { id: artist.id, role: "artist" },
      }),
    ).rejects.toMatchObject({ status: 403 });
  });
});

describe("refunds", () => {
  it("never gives back more than was captured, also when two refunds race", async () => {
    const { order } = await sale(10_000);
    const team = { id: null, role: "team" as const };
    const results = await Promise.allSettled([
      t.services.orders.requestRefund({
        orderId: order.id,
        move: "refund_partial",
        actor: team,
        reason: "scratch",
        amount: order.totalAmount - 100,
      }),
      t.services.orders.requestRefund({
        orderId: order.id,
        move: "refund_partial",
        actor: team,
        reason: "scratch again",
        amount: order.totalAmount - 100,
      }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({
      status: 400,
      message: "The refund cannot be more than $1.",
    });
    const totals = await orderTotals(t.db, order.id);
    expect(totals.refund).toBe(order.totalAmount - 100);
    const balance = balanceOf(totals);
    expect(balance.left).toBe(balance.parts);
  });

  it("refunds in pieces down to the cent, then refuses the next cent; every part comes back", async () => {
    const { order } = await sale(12_345);
    const team = { id: null, role: "team" as const };
    for (const amount of [1, 3_333, 4_000]) {
      await t.services.orders.requestRefund({
        orderId: order.id,
        move: "refund_partial",
        actor: team,
        reason: "piece",
        amount,
      });
    }
    const done = await t.services.orders.requestRefund({
      orderId: order.id,
      move: "refund_full",
      actor: team,
      reason: "the rest",
    });
    expect(done.order.status).toBe("refunded");
    await expect(
      t.services.orders.requestRefund({
        orderId: order.id,
        move: "refund_partial",
        actor: team,
        reason: "one more",
        amount: 1,
      }),
    ).rejects.toMatchObject({ status: 409 });
    const totals = await orderTotals(t.db, order.id);
    expect(totals.refund).toBe(order.totalAmount);
    expect(totals.tax_refund).toBe(order.taxAmount);
    expect(totals.commission_refund).toBe(order.commissionAmount);
    expect(totals.artist_net_refund).toBe(order.artistNet);
    const processor = await t.db.select().from(simulatedRefunds);
    expect(
      processor.filter((r) => r.idempotencyKey.startsWith("refund-")).length,
    ).toBeGreaterThanOrEqual(4);
  });

  it("a cancellation refunds everything at once; a failed processor leaves it pending and a retry finishes it once", async () => {
    const { artist, order } = await sale(10_000);
    allowConsoleError();
    // The processor cannot be reached the first time.
    const restore = await simulatedRefundsDown(t.db);
    const first = await t.services.orders.requestRefund({
      orderId: order.id,
      move: "cannot_fulfil",
      actor: { id: artist.id, role: "artist" },
      reason: "The work was damaged in my studio.",
    });
    expect(first.order.status).toBe("cancelled");
    expect(first.refund?.status).toBe("pending");
    await restore();
    const retried = await Promise.all([
      t.services.orders.settleRefund(first.refund!.id),
      t.services.orders.settleRefund(first.refund!.id),
    ]);
    expect(retried.map((r) => r.refund?.status)).toEqual(["succeeded", "succeeded"]);
    const [settled] = await t.db.select().from(refunds).where(eq(refunds.id, first.refund!.id));
    expect(settled!.status).toBe("succeeded");
    const entries = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.refundId, first.refund!.id));
    expect(entries.find((e) => e.kind === "refund")?.amount).toBe(order.totalAmount);
    expect(entries).toHaveLength(4);
  });
});
