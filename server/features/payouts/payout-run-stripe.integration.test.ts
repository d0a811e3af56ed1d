import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createArtist } from "../../test/factories";
import { allowConsoleError } from "../../test/fail-on-console-error";
import { type TestApp, createTestApp, testClock } from "../../test/test-app";
import { startStripeStandIn } from "../purchase/stripe-stand-in.test-helpers";
import { artistBalances } from "../orders/orders.api";
import {
  completedSale,
  paidForOrder,
  payoutEntries,
  payoutsOf,
  secondServices,
} from "./payout-run.test-helpers";

/**
 * Issue 14 "Payouts" in Stripe mode against the local stand-in (decision 0029: separate
 * charges and transfers): the charge is the platform's, each artist gets one Transfer of
 * their payable balance, and a refund after the payout is reversed from the transfer.
 */

const STRIPE_ENV = {
  STRIPE_SECRET_KEY: "sk_test_vernissage",
  STRIPE_PUBLISHABLE_KEY: "pk_test_vernissage",
  STRIPE_WEBHOOK_SECRET: "whsec_test_vernissage",
};

let t: TestApp;
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
const clock = testClock(new Date("2026-08-01T12:00:00Z"));
const team = { id: null, role: "team" as const };

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({ ...STRIPE_ENV, STRIPE_API_BASE: standIn.url }, { now: clock.now });
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

const authorize = (intentId: string) => void standIn.authorize(intentId);

function run(services: Pick<TestApp["services"], "payouts"> = t.services) {
  clock.advanceMs(1_000);
  return services.payouts.run();
}

function transfersTo(destination: string) {
  return [...standIn.payouts.transfers.values()].filter((tr) => tr.destination === destination);
}

describe("payouts with Stripe", () => {
  it("charges on the platform's account and pays each artist one transfer of their net, once", async () => {
    const ines = await createArtist(t.db);
    const omar = await createArtist(t.db);
    const a = await completedSale(t, clock, ines.id, 10_000, authorize);
    const b = await completedSale(t, clock, ines.id, 12_345, authorize);
    const c = await completedSale(t, clock, omar.id, 40_000, authorize);
    for (const intent of standIn.intents.values()) expect(intent.transfer_data).toBeNull();

    const other = secondServices(t, clock.now);
    try {
      await Promise.all([run(), run(), run(other), run(other)]);
    } finally {
      other.mailTransport.close();
    }

    const [inesPayout, ...more] = await payoutsOf(t, ines.id);
    expect(more).toEqual([]);
    const inesNet = a.artistNet + b.artistNet;
    expect(inesPayout).toMatchObject({ amount: inesNet, status: "paid", provider: "stripe" });
    const [transfer, ...moreTransfers] = transfersTo(ines.payoutAccountId!);
    expect(moreTransfers).toEqual([]);
    expect(transfer).toMatchObject({
      id: inesPayout!.providerReference,
      amount: inesNet,
      currency: "usd",
      transfer_group: `payout-${inesPayout!.id}`,
    });
    const create = standIn.requests.filter(
      (r) => r.method === "POST" && r.path === "/v1/transfers",
    );
    expect(create.map((r) => r.idempotencyKey)).toContain(`payout-${inesPayout!.id}`);
    expect(transfersTo(omar.payoutAccountId!).map((tr) => tr.amount)).toEqual([c.artistNet]);
    expect(await artistBalances(t.db, ines.id)).toEqual({
      pending: 0,
      payable: 0,
      paidOut: inesNet,
    });
  });

  it("reverses the artist's part of a refund made after the payout from their transfer", async () => {
    const artist = await createArtist(t.db);
    const order = await completedSale(t, clock, artist.id, 20_000, authorize);
    await run();
    const [payout] = await payoutsOf(t, artist.id);
    const refunded = await t.services.orders.requestRefund({
      orderId: order.id,
      move: "refund_full",
      actor: team,
      reason: "Returned by agreement.",
    });
    expect(refunded.refund?.status).toBe("succeeded");
    expect(standIn.refunds.length).toBeGreaterThanOrEqual(1);
    await Promise.all([run(), run(secondServices(t, clock.now))]);

    const [, reversal, ...more] = await payoutsOf(t, artist.id);
    expect(more).toEqual([]);
    expect(reversal).toMatchObject({
      reverses: payout!.id,
      amount: order.artistNet,
      status: "paid",
    });
    const [transfer] = transfersTo(artist.payoutAccountId!);
    expect(transfer).toMatchObject({ amount_reversed: order.artistNet, reversed: true });
    expect(transfer!.reversals.data.map((r) => [r.id, r.amount])).toEqual([
      [reversal!.providerReference, order.artistNet],
    ]);
    const reversals = standIn.requests.filter(
      (r) => r.method === "POST" && r.path === `/v1/transfers/${transfer!.id}/reversals`,
    );
    expect(reversals.map((r) => r.idempotencyKey)).toEqual([`payout-reversal-${reversal!.id}`]);
    expect(await payoutEntries(t, reversal!.id)).toEqual([
      { orderId: order.id, kind: "payout_reversal", amount: order.artistNet },
    ]);
    expect(await paidForOrder(t, order.id)).toBe(0);
  });

  it("a refused transfer fails the payout; the next run pays the money that became payable again", async () => {
    const artist = await createArtist(t.db);
    const order = await completedSale(t, clock, artist.id, 10_000, authorize);
    standIn.payouts.failingDestinations.add(artist.payoutAccountId!);
    try {
      const report = await run();
      expect(report.failed).toBe(1);
    } finally {
      standIn.payouts.failingDestinations.delete(artist.payoutAccountId!);
    }
    const [failed] = await payoutsOf(t, artist.id);
    expect(failed).toMatchObject({
      status: "failed",
      failureMessage: `No such destination: '${artist.payoutAccountId}'`,
    });
    expect(await paidForOrder(t, order.id)).toBe(0);
    await run();
    const payouts = await payoutsOf(t, artist.id);
    expect(payouts.map((p) => p.status)).toEqual(["failed", "paid"]);
    expect(transfersTo(artist.payoutAccountId!).map((tr) => tr.amount)).toEqual([order.artistNet]);
  });

  it("Stripe down: the payout stays pending and is finished later with the same key, once", async () => {
    allowConsoleError();
    const artist = await createArtist(t.db);
    const order = await completedSale(t, clock, artist.id, 10_000, authorize);
    standIn.payouts.state.transferOutage = "before";
    try {
      const report = await run();
      expect(report.stillPending).toBeGreaterThanOrEqual(1);
    } finally {
      standIn.payouts.state.transferOutage = null;
    }
    const [pending] = await payoutsOf(t, artist.id);
    expect(pending).toMatchObject({ status: "pending", amount: order.artistNet });
    expect(await paidForOrder(t, order.id)).toBe(order.artistNet);
    expect(transfersTo(artist.payoutAccountId!)).toEqual([]);

    clock.advanceMs(61_000);
    await run();
    const [paid, ...more] = await payoutsOf(t, artist.id);
    expect(more).toEqual([]);
    expect(paid).toMatchObject({ id: pending!.id, status: "paid" });
    expect(transfersTo(artist.payoutAccountId!).map((tr) => tr.id)).toEqual([
      paid!.providerReference,
    ]);
  });

  it("a transfer made whose answer was lost is found again by its group after the key expired", async () => {
    allowConsoleError();
    const artist = await createArtist(t.db);
    const order = await completedSale(t, clock, artist.id, 10_000, authorize);
    standIn.payouts.state.transferOutage = "after";
    try {
      await run();
    } finally {
      standIn.payouts.state.transferOutage = null;
    }
    const [pending] = await payoutsOf(t, artist.id);
    expect(pending).toMatchObject({ status: "pending" });
    const [made] = transfersTo(artist.payoutAccountId!);
    expect(made).toMatchObject({ amount: order.artistNet });
    // A day later Stripe no longer knows the key; the group still names the payout.
    standIn.payouts.forgetIdempotencyKeys();
    clock.advanceMs(24 * 60 * 60 * 1000);
    await run();
    const [paid] = await payoutsOf(t, artist.id);
    expect(paid).toMatchObject({ status: "paid", providerReference: made!.id });
    expect(transfersTo(artist.payoutAccountId!)).toHaveLength(1);
  });

  it("a reversal made whose answer was lost is found by its key after Stripe forgot it, not made twice", async () => {
    allowConsoleError();
    const artist = await createArtist(t.db);
    const kept = await completedSale(t, clock, artist.id, 30_000, authorize);
    const returned = await completedSale(t, clock, artist.id, 10_000, authorize);
    await run();
    const [transfer] = transfersTo(artist.payoutAccountId!);
    expect(transfer).toMatchObject({ amount: kept.artistNet + returned.artistNet });
    await t.services.orders.requestRefund({
      orderId: returned.id,
      move: "refund_full",
      actor: team,
      reason: "Returned by agreement.",
    });
    standIn.payouts.state.reversalOutage = "after";
    try {
      const report = await run();
      expect(report.stillPending).toBe(1);
    } finally {
      standIn.payouts.state.reversalOutage = null;
    }
    const [, pending] = await payoutsOf(t, artist.id);
    expect(pending).toMatchObject({ status: "pending", amount: returned.artistNet });
    const [made, ...others] = transfer!.reversals.data;
    expect(others).toEqual([]);
    expect(made).toMatchObject({
      amount: returned.artistNet,
      metadata: { vernissage_key: `payout-reversal-${pending!.id}` },
    });

    // A day later Stripe no longer knows the key (the transfer could take a second one).
    standIn.forgetIdempotencyKeys();
    clock.advanceMs(24 * 60 * 60 * 1000);
    await run();
    const [, paid, ...more] = await payoutsOf(t, artist.id);
    expect(more).toEqual([]);
    expect(paid).toMatchObject({ id: pending!.id, status: "paid", providerReference: made!.id });
    expect(transfer!.reversals.data.map((r) => r.id)).toEqual([made!.id]);
    expect(transfer!.amount_reversed).toBe(returned.artistNet);
    expect(await paidForOrder(t, returned.id)).toBe(0);
    expect(await paidForOrder(t, kept.id)).toBe(kept.artistNet);
  });
});
