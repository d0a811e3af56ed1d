import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTO_DELIVERY_DAYS, addDays } from "../../../domain/orders";
import { refunds } from "../../db/schema";
import { allowConsoleError } from "../../test/fail-on-console-error";
import { type TestApp, createTestApp, testClock } from "../../test/test-app";
import { stripeSale as sale, stripeTestEnv } from "../purchase/stripe-sale.test-helpers";
import { startStripeStandIn } from "../purchase/stripe-stand-in.test-helpers";

/**
 * A Stripe that accepts requests and never answers (the local stand-in, reached by the
 * real SDK through STRIPE_API_BASE): each call gives up after STRIPE_TIMEOUT_MS and its
 * two retries, the refund stays pending, and the order timers' next run goes on.
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

const stripeSale = () => sale(t, standIn);

async function refundOf(orderId: string) {
  const [row] = await t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
  return row;
}

describe("a Stripe that never answers", () => {
  it("a refund stays pending in bounded time, and the order timers' next runs go on", async () => {
    allowConsoleError();
    const late = await stripeSale();
    const shipped = await stripeSale();
    const shippedAt = clock.now();
    await t.services.orders.move({
      orderId: shipped.order.id,
      move: "ship",
      actor: { id: shipped.order.artistId, role: "artist" },
      set: { shippedAt, carrier: "UPS", trackingNumber: "1Z999AA10123456784" },
    });

    standIn.hang(["/v1/refunds"]);
    clock.advanceMs(late.order.shipBy.getTime() - clock.now().getTime());
    expect(await t.services.orders.timers.run()).toMatchObject({ cancelled: 1, failed: 0 });
    const pending = await refundOf(late.order.id);
    expect(pending).toMatchObject({ status: "pending", providerRefundId: null });
    // Asked three times (the SDK's two retries) for the payment's refunds, the lookup
    // that comes before making one (a refund made earlier is found by its key): no
    // answer, so no refund was asked for.
    const asked = standIn.requests.filter((r) => r.path === "/v1/refunds");
    expect(asked.map((r) => r.method)).toEqual(["GET", "GET", "GET"]);

    // Still silent when the other order's delivery falls due: the next run delivers it
    // and retries the refund, again in bounded time.
    clock.advanceMs(
      addDays(shippedAt, AUTO_DELIVERY_DAYS).getTime() - clock.now().getTime() + 60_000,
    );
    expect(await t.services.orders.timers.run()).toMatchObject({
      delivered: 1,
      refundsPending: 1,
      failed: 0,
    });
    expect((await refundOf(late.order.id))!.status).toBe("pending");

    // Stripe answers again: the refund is made once, with the same key.
    standIn.hang([]);
    clock.advanceMs(60_000);
    expect(await t.services.orders.timers.run()).toMatchObject({ refundsSettled: 1 });
    expect(await refundOf(late.order.id)).toMatchObject({ status: "succeeded" });
    expect(standIn.refunds.filter((r) => r.payment_intent === late.intentId)).toMatchObject([
      { amount: late.order.totalAmount },
    ]);
    const made = standIn.requests.filter((r) => r.path === "/v1/refunds" && r.method === "POST");
    expect(made.map((r) => r.idempotencyKey)).toEqual([`refund-${pending!.id}`]);
  });
});
