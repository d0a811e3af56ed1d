import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { reconciliationReportSchema } from "../../../contracts/admin-reconciliation.contract";
import { apiErrorSchema } from "../../../contracts/common.contract";
import { dayText, reconciliationMessages } from "../../../domain/reconciliation";
import {
  artistPayouts,
  orderEvents,
  orders,
  payments,
  refunds,
  simulatedPayments,
  simulatedRefunds,
  simulatedTransfers,
} from "../../db/schema";
import { expectContract } from "../../test/contract";
import { createArtist, createArtwork, createOrder, createUser } from "../../test/factories";
import { openResettableTestDatabase, type ResettableTestDatabase } from "../../test/database";
import { type TestApp, createTestApp } from "../../test/test-app";
import { buy, guestEmail } from "../purchase/checkout.test-helpers";
import { headersFor, signUp } from "../profiles/profiles.test-helpers";

/** Our ledger against the simulated processor's and payout provider's own tables. */

let t: TestApp;
const DAY = 24 * 60 * 60 * 1000;
const team = { id: null, role: "team" as const };

// Each test reconciles the whole database, so each starts on an empty one: the file's
// database, reset, with a new app (see createTestApp).
let database: ResettableTestDatabase;
beforeAll(async () => {
  database = await openResettableTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  t = await createTestApp({}, { database });
});
afterEach(async () => {
  await t?.close();
});

async function sale(price = 10_000) {
  const artist = await createArtist(t.db, { payoutStatus: "active" });
  const artwork = await createArtwork(t.db, { artistId: artist.id, priceCents: price });
  const bought = await buy(t.client(), artwork.id, { email: guestEmail() });
  const [order] = await t.db.select().from(orders).where(eq(orders.id, bought.orderId));
  const [payment] = await t.db.select().from(payments).where(eq(payments.id, order!.paymentId));
  return { artist, order: order!, providerPaymentId: payment!.providerPaymentId! };
}

/** A payout the provider made: its transfer and our paid row. */
async function paidPayout(artistId: string, amount: number) {
  const reference = `tr_sim_${randomBytes(8).toString("hex")}`;
  await t.db.insert(simulatedTransfers).values({
    id: reference,
    destination: "acct_sim_test",
    amount,
    idempotencyKey: `payout-${reference}`,
  });
  const [row] = await t.db
    .insert(artistPayouts)
    .values({
      artistId,
      amount,
      status: "paid",
      provider: "simulated",
      destination: "acct_sim_test",
      providerReference: reference,
    })
    .returning();
  return { payout: row!, reference };
}

/** A sale with a partial and a full refund, and a payout: every kind of record. */
async function history() {
  const first = await sale(12_345);
  const second = await sale(20_000);
  await t.services.orders.requestRefund({
    orderId: first.order.id,
    move: "refund_partial",
    actor: team,
    reason: "A scratch.",
    amount: 1_001,
  });
  await t.services.orders.requestRefund({
    orderId: first.order.id,
    move: "refund_full",
    actor: team,
    reason: "Returned.",
  });
  const payout = await paidPayout(second.artist.id, second.order.artistNet);
  return { first, second, payout };
}

describe("a clean ledger", () => {
  it("matches the processor: zero differences after purchases, refunds and a payout", async () => {
    const { first, second } = await history();
    const report = await t.services.reconciliation.run({});
    expect(report.differences).toEqual([]);
    expect(report.provider).toBe("simulated");
    expect(report.summary).toEqual({
      captures: {
        ours: { count: 2, amount: first.order.totalAmount + second.order.totalAmount },
        provider: { count: 2, amount: first.order.totalAmount + second.order.totalAmount },
      },
      refunds: {
        ours: { count: 2, amount: first.order.totalAmount },
        provider: { count: 2, amount: first.order.totalAmount },
      },
      payouts: {
        ours: { count: 1, amount: second.order.artistNet },
        provider: { count: 1, amount: second.order.artistNet },
      },
      differences: 0,
      known: 0,
    });
  });
});

describe("a tampered provider", () => {
  it("lists a refund whose amount differs and a payout whose transfer is gone, with ids and amounts", async () => {
    const { first, payout } = await history();
    const [refund] = await t.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, first.order.id))
      .orderBy(refunds.createdAt);
    await t.db
      .update(simulatedRefunds)
      .set({ amount: 1_000 })
      .where(eq(simulatedRefunds.id, refund!.providerRefundId!));
    await t.db.delete(simulatedTransfers).where(eq(simulatedTransfers.id, payout.reference));

    const report = await t.services.reconciliation.run({});
    expect(report.summary.differences).toBe(2);
    expect(report.differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          record: "refund",
          problem: "amount_mismatch",
          orderId: first.order.id,
          ourId: refund!.id,
          providerId: refund!.providerRefundId,
          ourAmount: 1_001,
          providerAmount: 1_000,
          known: null,
        }),
        expect.objectContaining({
          record: "payout",
          problem: "missing_at_provider",
          ourId: payout.payout.id,
          providerId: payout.reference,
          ourAmount: payout.payout.amount,
          providerAmount: null,
        }),
      ]),
    );
  });

  it("lists what only the provider has: a capture, a refund and a transfer", async () => {
    const { order, providerPaymentId } = await sale();
    await t.db.insert(simulatedRefunds).values({
      id: "sim_re_stray",
      paymentId: providerPaymentId,
      amount: 500,
      idempotencyKey: "stray-refund",
    });
    await t.db.insert(simulatedPayments).values({
      id: "sim_pi_stray",
      clientSecret: "sim_pi_stray_secret_x",
      idempotencyKey: "stray-payment",
      amount: 7_000,
      currency: "usd",
      status: "captured",
      metadata: {},
      capturedAt: new Date(),
    });
    await t.db.insert(simulatedTransfers).values({
      id: "tr_sim_stray",
      destination: "acct_sim_x",
      amount: 3_000,
      idempotencyKey: "stray-transfer",
    });
    const report = await t.services.reconciliation.run({});
    const brief = report.differences.map((d) => [
      d.record,
      d.problem,
      d.providerId,
      d.orderId,
      d.ourAmount,
      d.providerAmount,
    ]);
    expect(brief).toEqual(
      expect.arrayContaining([
        ["refund", "missing_in_ledger", "sim_re_stray", order.id, null, 500],
        ["capture", "missing_in_ledger", "sim_pi_stray", null, null, 7_000],
        ["payout", "missing_in_ledger", "tr_sim_stray", null, null, 3_000],
      ]),
    );
    expect(brief).toHaveLength(3);
  });

  it("marks the capture of an order sold before the ledger as a known difference", async () => {
    const artist = await createArtist(t.db);
    const buyer = await createUser(t.db);
    const artwork = await createArtwork(t.db, { artistId: artist.id, isForSale: false });
    const old = await createOrder(t.db, {
      artworkId: artwork.id,
      purchaserId: buyer.id,
      status: "completed",
    });
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, old.paymentId));
    await t.db.insert(simulatedPayments).values({
      id: payment!.providerPaymentId!,
      clientSecret: "x_secret_y",
      idempotencyKey: `old-${old.id}`,
      amount: old.totalAmount,
      currency: "usd",
      status: "captured",
      metadata: {},
      capturedAt: new Date(),
    });
    await t.db.insert(orderEvents).values({
      orderId: old.id,
      actorRole: "system",
      fromStatus: null,
      toStatus: "completed",
      note: "Sold before orders were tracked.",
    });
    const report = await t.services.reconciliation.run({});
    expect(report.differences).toEqual([
      expect.objectContaining({
        record: "capture",
        problem: "missing_in_ledger",
        orderId: old.id,
        known: "sold before the ledger existed (decision 0029)",
      }),
    ]);
    expect(report.summary).toMatchObject({ differences: 1, known: 1 });
  });
});

describe("the range", () => {
  it("counts a record by either side's day, with both days of the range included", async () => {
    const { order, providerPaymentId } = await sale();
    const today = dayText(new Date());
    const midnight = new Date(`${today}T00:00:00.000Z`);
    const yesterday = dayText(new Date(midnight.getTime() - DAY));
    // The processor dates the capture a millisecond before today; our ledger today.
    await t.db
      .update(simulatedPayments)
      .set({ capturedAt: new Date(midnight.getTime() - 1) })
      .where(eq(simulatedPayments.id, providerPaymentId));

    const onlyYesterday = await t.services.reconciliation.run({ from: yesterday, to: yesterday });
    expect(onlyYesterday.differences).toEqual([]);
    expect(onlyYesterday.summary.captures).toEqual({
      ours: { count: 0, amount: 0 },
      provider: { count: 1, amount: order.totalAmount },
    });
    const onlyToday = await t.services.reconciliation.run({ from: today, to: today });
    expect(onlyToday.differences).toEqual([]);
    expect(onlyToday.summary.captures.ours.count).toBe(1);
    expect(onlyToday.summary.captures.provider.count).toBe(0);

    const before = dayText(new Date(midnight.getTime() - 3 * DAY));
    const earlier = await t.services.reconciliation.run({ from: before, to: before });
    expect(earlier.summary.captures).toEqual({
      ours: { count: 0, amount: 0 },
      provider: { count: 0, amount: 0 },
    });

    // Beyond a day apart the two records no longer meet: each side is missing the other.
    await t.db
      .update(simulatedPayments)
      .set({ capturedAt: new Date(midnight.getTime() - 3 * DAY) })
      .where(eq(simulatedPayments.id, providerPaymentId));
    const apart = await t.services.reconciliation.run({ from: today, to: today });
    expect(apart.differences.map((d) => d.problem)).toEqual(["missing_at_provider"]);
  });
});

describe("GET /api/admin/reconciliation", () => {
  it("answers the admin with the report, and refuses bad ranges with a clear message", async () => {
    await history();
    const admin = await signUp(t, {}, { role: "admin" });
    const get = (query: string) =>
      t.app.request(`/api/admin/reconciliation${query}`, { headers: headersFor(admin) });

    const ok = await get("");
    expect(ok.status).toBe(200);
    const report = expectContract(reconciliationReportSchema, await ok.json());
    expect(report.differences).toEqual([]);
    expect(report.to).toBe(dayText(new Date()));

    const refusals: [string, string][] = [
      ["?from=2026-13-01", reconciliationMessages.badDate],
      ["?from=2026-02-30", reconciliationMessages.badDate],
      ["?from=yesterday", reconciliationMessages.badDate],
      [`?from=${"9".repeat(5000)}`, reconciliationMessages.badDate],
      ["?from=2026-11-30&to=2026-11-01", reconciliationMessages.fromAfterTo],
      ["?from=2024-01-01&to=2026-01-01", reconciliationMessages.tooLong],
    ];
    for (const [query, message] of refusals) {
      const response = await get(query);
      expect(response.status, query).toBe(400);
      expect(expectContract(apiErrorSchema, await response.json()).error.message).toBe(message);
    }
    expect((await get("?from=2026-11-01%00")).status).toBe(400);
  });
});
