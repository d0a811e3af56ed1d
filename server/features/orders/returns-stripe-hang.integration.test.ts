import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, orderReturns, orders, refunds } from "../../db/schema";
import { allowConsoleError } from "../../test/fail-on-console-error";
import { type TestApp, createTestApp, testClock } from "../../test/test-app";
import { stripeSale as sale, stripeTestEnv } from "../purchase/stripe-sale.test-helpers";
import { startStripeStandIn } from "../purchase/stripe-stand-in.test-helpers";
import type { OrderActor } from "./orders.service";

/**
 * A return whose refund meets a Stripe that accepts requests and never answers (the
 * local stand-in, reached by the real SDK): confirming the arrival answers in bounded
 * time with the arrival and its refund pending together, nothing in the ledger, and a
 * second confirmation refused; once Stripe answers, the order timers make the refund
 * once, with the same key, and the order ends refunded (decision 0055).
 */

const TIMEOUT_MS = 100;

let t: TestApp;
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
const clock = testClock(new Date("2026-09-01T12:00:00Z"));

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp(stripeTestEnv(standIn.url, { STRIPE_TIMEOUT_MS: String(TIMEOUT_MS) }), {
    now: clock.now,
  });
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

describe("a return's refund with a Stripe that never answers", () => {
  it("leaves the arrival and a pending refund, then refunds once when Stripe answers", async () => {
    const { order, intentId } = await sale(t, standIn);
    const artist: OrderActor = { id: order.artistId, role: "artist" };
    await t.services.orders.move({
      orderId: order.id,
      move: "ship",
      actor: artist,
      set: { shippedAt: clock.now(), carrier: "UPS", trackingNumber: "1Z999" },
    });
    await t.services.orders.move({
      orderId: order.id,
      move: "confirm_receipt",
      actor: { id: order.purchaserId, role: "buyer" },
      set: { deliveredAt: clock.now() },
    });
    await t.services.returns.request(order.purchaserId, order.id, {
      reason: "Not as described.",
      photoIds: [],
    });
    await t.services.returns.accept(artist, order.id, { returnAddress: "1 Main St, Austin TX" });
    await t.services.returns.ship(order.purchaserId, order.id, {
      carrier: "UPS",
      trackingNumber: "1ZBACK",
    });

    allowConsoleError();
    standIn.hang(["/v1/refunds"]);
    const state = await t.services.returns.arrived(artist, order.id);
    expect(state.status).toBe("return_shipped");
    expect(state.return?.arrivedAt).not.toBeNull();
    const [pending] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(pending).toMatchObject({ status: "pending", move: "refund_return" });
    const rows = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id));
    expect(rows.filter((r) => r.refundId !== null)).toEqual([]);
    await expect(t.services.returns.arrived(artist, order.id)).rejects.toMatchObject({
      status: 409,
    });

    standIn.hang([]);
    clock.advanceMs(61_000);
    expect(await t.services.orders.timers.run()).toMatchObject({ refundsSettled: 1, failed: 0 });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe("refunded");
    expect(standIn.refunds.filter((r) => r.payment_intent === intentId)).toMatchObject([
      { amount: order.totalAmount },
    ]);
    const made = standIn.requests.filter((r) => r.path === "/v1/refunds" && r.method === "POST");
    expect(made.map((r) => r.idempotencyKey)).toEqual([`refund-${pending!.id}`]);
    const [ret] = await t.db.select().from(orderReturns);
    expect(ret!.arrivalDeemed).toBe(false);
  });
});
