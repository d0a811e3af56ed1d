import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTO_DELIVERY_DAYS, addDays } from "../../../domain/orders";
import { orders, payments, refunds } from "../../db/schema";
import { allowConsoleError } from "../../test/fail-on-console-error";
import { createArtist, createArtwork } from "../../test/factories";
import { type TestApp, createTestApp, testClock } from "../../test/test-app";
import { complete, guestEmail, startedPayment } from "../checkout/checkout.test-helpers";
import { startStripeStandIn } from "../checkout/stripe-stand-in.test-helpers";

/**
 * A Stripe that accepts requests and never answers (the local stand-in, reached by the
 * real SDK through STRIPE_API_BASE): each call gives up after STRIPE_TIMEOUT_MS and its
 * two retries, the refund stays pending, and the order timers' next run goes on.
 */

const TIMEOUT_MS = 100;
/** Three silent attempts and the SDK's backoff (0.5 s, then 0.5–1 s), with room to spare. */
const BOUNDED_MS = 3 * TIMEOUT_MS + 1_500 + 1_500;

let t: TestApp;
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
const clock = testClock(new Date("2026-09-01T12:00:00Z"));

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp(
    {
      STRIPE_SECRET_KEY: "sk_test_vernissage",
      STRIPE_PUBLISHABLE_KEY: "pk_test_vernissage",
      STRIPE_WEBHOOK_SECRET: "whsec_test_vernissage",
      STRIPE_API_BASE: standIn.url,
      STRIPE_TIMEOUT_MS: String(TIMEOUT_MS),
    },
    { now: clock.now },
  );
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

/** A sale paid with Stripe, captured: the order is `paid`. */
async function stripeSale(price = 10_000) {
  const artist = await createArtist(t.db);
  const artwork = await createArtwork(t.db, { artistId: artist.id, priceCents: price });
  const client = t.client();
  const payment = await startedPayment(client, artwork.id, { email: guestEmail("hang") });
  const [row] = await t.db.select().from(payments).where(eq(payments.id, payment.paymentId));
  const intentId = row!.providerPaymentId!;
  standIn.authorize(intentId);
  expect((await complete(client, payment)).status).toBe(200);
  const [order] = await t.db.select().from(orders).where(eq(orders.paymentId, payment.paymentId));
  return { order: order!, intentId };
}

async function refundOf(orderId: string) {
  const [row] = await t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
  return row;
}

async function timed<T>(work: () => Promise<T>) {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
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
    const cancelling = await timed(() => t.services.orders.timers.run());
    expect(cancelling.result).toMatchObject({ cancelled: 1, failed: 0 });
    expect(cancelling.ms).toBeLessThan(BOUNDED_MS);
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
    const next = await timed(() => t.services.orders.timers.run());
    expect(next.result).toMatchObject({ delivered: 1, refundsPending: 1, failed: 0 });
    expect(next.ms).toBeLessThan(BOUNDED_MS);
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
