import Stripe from "stripe";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { artistPayouts, orders, payments } from "../../db/schema";
import { apiErrorSchema } from "../../../contracts/common.contract";
import { expectContract } from "../../test/contract";
import { allowConsoleError } from "../../test/fail-on-console-error";
import { createArtist, createArtwork } from "../../test/factories";
import { type TestApp, createTestApp } from "../../test/test-app";
import { complete, guestEmail, startedPayment } from "../purchase/checkout.test-helpers";
import { startStripeStandIn } from "../purchase/stripe-stand-in.test-helpers";
import { headersFor, signUp } from "../profiles/profiles.test-helpers";

/** The reconciliation in Stripe mode, against the local stand-in's charges, refunds and transfers. */

const STRIPE_ENV = {
  STRIPE_SECRET_KEY: "sk_test_vernissage",
  STRIPE_PUBLISHABLE_KEY: "pk_test_vernissage",
  STRIPE_WEBHOOK_SECRET: "whsec_test_vernissage",
};

let t: TestApp;
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
/** The SDK against the stand-in, as someone acting at Stripe directly. */
let stripe: Stripe;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({ ...STRIPE_ENV, STRIPE_API_BASE: standIn.url });
  stripe = sdkFor(standIn.url);
});

/** The SDK against a stand-in, as someone acting at Stripe directly. */
function sdkFor(standInUrl: string) {
  const url = new URL(standInUrl);
  return new Stripe(STRIPE_ENV.STRIPE_SECRET_KEY, {
    host: url.hostname,
    port: Number(url.port),
    protocol: "http",
    telemetry: false,
  });
}
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

async function stripeSale() {
  const artist = await createArtist(t.db, { payoutStatus: "active", payoutAccountId: "acct_a1" });
  const artwork = await createArtwork(t.db, { artistId: artist.id, priceCents: 50_000 });
  const payment = await startedPayment(t.client(), artwork.id, { email: guestEmail("stripe") });
  const [row] = await t.db.select().from(payments).where(eq(payments.id, payment.paymentId));
  standIn.authorize(row!.providerPaymentId!);
  const completed = await complete(t.client(), payment);
  expect(completed.status).toBe(200);
  const [order] = await t.db.select().from(orders).where(eq(orders.paymentId, payment.paymentId));
  return { artist, order: order!, intentId: row!.providerPaymentId! };
}

describe("reconciling with Stripe", () => {
  it("matches a sale and its refund, then lists a refund and transfers only Stripe has, and a payout that differs", async () => {
    const { artist, order, intentId } = await stripeSale();
    await t.services.orders.requestRefund({
      orderId: order.id,
      move: "refund_partial",
      actor: { id: null, role: "team" },
      reason: "A scratch.",
      amount: 1_500,
    });
    const clean = await t.services.reconciliation.run({});
    expect(clean.provider).toBe("stripe");
    expect(clean.providerLabel).toBe("Stripe");
    expect(clean.differences).toEqual([]);
    expect(clean.summary.captures.provider).toEqual({ count: 1, amount: order.totalAmount });
    expect(clean.summary.refunds.provider).toEqual({ count: 1, amount: 1_500 });

    // Made at Stripe behind our back (the dashboard, another tool).
    const refund = await stripe.refunds.create({ payment_intent: intentId, amount: 2_500 });
    const stray = await stripe.transfers.create({
      amount: 4_000,
      currency: "usd",
      destination: "acct_a1",
    });
    const reversal = await stripe.transfers.createReversal(stray.id, { amount: 1_000 });
    const paid = await stripe.transfers.create({
      amount: 39_000,
      currency: "usd",
      destination: "acct_a1",
    });
    const [payout] = await t.db
      .insert(artistPayouts)
      .values({
        artistId: artist.id,
        amount: 40_000,
        status: "paid",
        provider: "stripe",
        destination: "acct_a1",
        providerReference: paid.id,
      })
      .returning();

    const report = await t.services.reconciliation.run({});
    const brief = report.differences.map((d) => [
      d.record,
      d.problem,
      d.providerId,
      d.ourAmount,
      d.providerAmount,
    ]);
    expect(brief).toEqual(
      expect.arrayContaining([
        ["refund", "missing_in_ledger", refund.id, null, 2_500],
        ["payout", "missing_in_ledger", stray.id, null, 4_000],
        ["payout", "missing_in_ledger", reversal.id, null, 1_000],
        ["payout", "amount_mismatch", paid.id, 40_000, 39_000],
      ]),
    );
    expect(brief).toHaveLength(4);
    expect(report.differences.find((d) => d.record === "refund")?.orderId).toBe(order.id);
    expect(report.differences.find((d) => d.providerId === paid.id)?.ourId).toBe(payout!.id);
  });

  it("reads every reversal of a transfer, past the 10 Stripe embeds in it: no differences", async () => {
    // Its own app and stand-in: the other tests leave differences in the same days.
    const own = await startStripeStandIn();
    const app = await createTestApp({ ...STRIPE_ENV, STRIPE_API_BASE: own.url });
    try {
      const artist = await createArtist(app.db, { payoutAccountId: "acct_a2" });
      const atStripe = sdkFor(own.url);
      const transfer = await atStripe.transfers.create({
        amount: 12_000,
        currency: "usd",
        destination: "acct_a2",
      });
      const reversals: Stripe.TransferReversal[] = [];
      for (let i = 1; i <= 12; i += 1) {
        reversals.push(await atStripe.transfers.createReversal(transfer.id, { amount: 100 * i }));
      }
      const embedded = await atStripe.transfers.retrieve(transfer.id);
      expect(embedded.reversals.data).toHaveLength(10);
      expect(embedded.reversals.has_more).toBe(true);
      const [payout] = await app.db
        .insert(artistPayouts)
        .values({
          artistId: artist.id,
          amount: 12_000,
          status: "paid",
          provider: "stripe",
          destination: "acct_a2",
          providerReference: transfer.id,
        })
        .returning();
      await app.db.insert(artistPayouts).values(
        reversals.map((reversal) => ({
          artistId: artist.id,
          amount: reversal.amount,
          reverses: payout!.id,
          status: "paid" as const,
          provider: "stripe",
          destination: "acct_a2",
          providerReference: reversal.id,
        })),
      );

      const report = await app.services.reconciliation.run({});
      expect(report.differences).toEqual([]);
      expect(report.summary.payouts.provider).toEqual({ count: 13, amount: 12_000 + 7_800 });
    } finally {
      await app.close();
      await own.close();
    }
  });

  it("answers 500 with a generic message when Stripe cannot be reached, and logs it", async () => {
    const unreachable = await createTestApp({
      ...STRIPE_ENV,
      STRIPE_API_BASE: "http://127.0.0.1:9",
    });
    try {
      const admin = await signUp(unreachable, {}, { role: "admin" });
      allowConsoleError();
      const response = await unreachable.app.request("/api/admin/reconciliation", {
        headers: headersFor(admin),
      });
      expect(response.status).toBe(500);
      const body = expectContract(apiErrorSchema, await response.json());
      expect(body.error.code).toBe("INTERNAL");
    } finally {
      await unreachable.close();
    }
  });
});
