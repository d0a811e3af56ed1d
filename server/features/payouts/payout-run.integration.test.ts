import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ownPayoutsSchema,
  payoutRunAnswerSchema,
  payoutsOverviewSchema,
} from "../../../contracts/payout-runs.contract";
import { auditEvents, payments, simulatedTransfers } from "../../db/schema";
import { createPaymentProvider } from "../../adapters/payments/create-payment-provider";
import { expectContract } from "../../test/contract";
import { headersFor, signUp } from "../profiles/profiles.test-helpers";
import { createSimulatedPayouts } from "../../adapters/payouts/simulated-payouts";
import { createArtist } from "../../test/factories";
import { allowConsoleError } from "../../test/fail-on-console-error";
import { type TestApp, createTestApp, testClock } from "../../test/test-app";
import { mailTo } from "../purchase/checkout.test-helpers";
import { artistBalances } from "../orders/orders.api";
import { type PayoutRunDeps, preparePayouts } from "./payout-run.service";
import {
  completeOrder,
  completedSale,
  paidForOrder,
  payoutEntries,
  payoutsOf,
  sale,
  secondServices,
  setPayoutAccount,
} from "./payout-run.test-helpers";
import { simulatedRefundsDown } from "../../test/processor-faults";

/** Issue 14 "Payouts" with the simulated provider: each artist's payable net, paid once. */

let t: TestApp;
const clock = testClock(new Date("2026-07-01T12:00:00Z"));

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
});
afterAll(async () => {
  await t?.close();
});

const team = { id: null, role: "team" as const };

/** The card processor as the app talks to it (a refund made from its dashboard). */
function createSimulatedPaymentsFor(app: TestApp) {
  return createPaymentProvider(app.config.payments, app.db);
}

/** A payout run a second later than the last (the clock stands still otherwise). */
function run(services: Pick<TestApp["services"], "payouts"> = t.services) {
  clock.advanceMs(1_000);
  return services.payouts.run();
}

function transfersTo(destination: string) {
  return t.db
    .select()
    .from(simulatedTransfers)
    .where(eq(simulatedTransfers.destination, destination))
    .orderBy(simulatedTransfers.createdAt);
}

/** The run's deps as services.ts builds them, to stop a payout half-way (a crash). */
function runDeps(): PayoutRunDeps {
  return {
    db: t.db,
    provider: createSimulatedPayouts(t.db),
    logger: t.services.logger,
    now: clock.now,
    publicUrl: t.config.publicUrl,
    kickOutbox: () => undefined,
  };
}

describe("the payout run", () => {
  it("pays each artist's completed nets once, even run twice at once and by two servers", async () => {
    const ines = await createArtist(t.db);
    const omar = await createArtist(t.db);
    const a = await completedSale(t, clock, ines.id, 12_345);
    const b = await completedSale(t, clock, ines.id, 9_999);
    const c = await completedSale(t, clock, omar.id, 50_000);
    const other = secondServices(t, clock.now);
    try {
      await Promise.all([
        t.services.payouts.run(),
        t.services.payouts.run(),
        run(other),
        run(other),
      ]);
      await Promise.all([t.services.payouts.run(), run(other)]);
    } finally {
      other.mailTransport.close();
    }

    const inesNet = a.artistNet + b.artistNet;
    expect(a.artistNet).toBe(9_876);
    const [inesPayout, ...inesMore] = await payoutsOf(t, ines.id);
    expect(inesMore).toEqual([]);
    expect(inesPayout).toMatchObject({
      amount: inesNet,
      status: "paid",
      provider: "simulated",
      destination: ines.payoutAccountId,
      reverses: null,
      failureMessage: null,
    });
    // The payout row, its ledger rows and the provider's transfer agree to the cent.
    const entries = await payoutEntries(t, inesPayout!.id);
    expect(entries).toHaveLength(2);
    expect(entries).toEqual(
      expect.arrayContaining([
        { orderId: a.id, kind: "payout", amount: a.artistNet },
        { orderId: b.id, kind: "payout", amount: b.artistNet },
      ]),
    );
    const [transfer, ...moreTransfers] = await transfersTo(ines.payoutAccountId!);
    expect(moreTransfers).toEqual([]);
    expect(transfer).toMatchObject({
      id: inesPayout!.providerReference,
      amount: inesNet,
      reverses: null,
      idempotencyKey: `payout-${inesPayout!.id}`,
    });
    expect(await artistBalances(t.db, ines.id)).toEqual({
      pending: 0,
      payable: 0,
      paidOut: inesNet,
    });

    const [omarPayout, ...omarMore] = await payoutsOf(t, omar.id);
    expect(omarMore).toEqual([]);
    expect(omarPayout).toMatchObject({ amount: c.artistNet, status: "paid" });
    expect(await transfersTo(omar.payoutAccountId!)).toHaveLength(1);

    const mails = (await mailTo(t, ines.email)).filter((m) => m.kind === "payout-paid");
    expect(mails).toHaveLength(1);
    expect(inesNet).toBe(17_875);
    expect(mails[0]!.subject).toBe("You have been paid $178.75");
    expect(mails[0]!.textBody).toContain("You have been paid $178.75 for 2 sold works.");
    expect(mails[0]!.textBody).toContain(inesPayout!.providerReference!);
  });

  it("pays nothing for an order still in progress, and nothing twice on the next run", async () => {
    const artist = await createArtist(t.db);
    const done = await completedSale(t, clock, artist.id, 10_000);
    const open = await sale(t, artist.id, 20_000);
    await run();
    expect((await payoutsOf(t, artist.id)).map((p) => p.amount)).toEqual([done.artistNet]);
    expect(await artistBalances(t.db, artist.id)).toEqual({
      pending: open.artistNet,
      payable: 0,
      paidOut: done.artistNet,
    });
    await completeOrder(t, clock, open);
    await run();
    await run();
    const payouts = await payoutsOf(t, artist.id);
    expect(payouts.map((p) => p.amount)).toEqual([done.artistNet, open.artistNet]);
  });

  it("does not pay an artist whose payouts are not active, until they are", async () => {
    const artist = await createArtist(t.db);
    const order = await completedSale(t, clock, artist.id, 10_000);
    for (const payoutStatus of ["restricted", "pending", "none"] as const) {
      await setPayoutAccount(t, artist.id, { payoutStatus });
      const report = await run();
      expect(report.skipped).toBeGreaterThanOrEqual(1);
      expect(await payoutsOf(t, artist.id)).toEqual([]);
    }
    await setPayoutAccount(t, artist.id, { payoutStatus: "active" });
    await run();
    const [payout] = await payoutsOf(t, artist.id);
    expect(payout).toMatchObject({ amount: order.artistNet, status: "paid" });
  });

  it("a refused transfer fails the payout, makes its orders payable again, and the next run pays them", async () => {
    const artist = await createArtist(t.db);
    const order = await completedSale(t, clock, artist.id, 10_000);
    await setPayoutAccount(t, artist.id, { payoutAccountId: "closed-account" });
    const report = await run();
    expect(report.failed).toBe(1);
    const [failed] = await payoutsOf(t, artist.id);
    expect(failed).toMatchObject({
      status: "failed",
      amount: order.artistNet,
      providerReference: null,
      failureMessage: "No such destination: 'closed-account'",
    });
    expect(await payoutEntries(t, failed!.id)).toEqual([
      { orderId: order.id, kind: "payout", amount: order.artistNet },
      { orderId: order.id, kind: "payout_reversal", amount: order.artistNet },
    ]);
    expect(await artistBalances(t.db, artist.id)).toMatchObject({
      payable: order.artistNet,
      paidOut: 0,
    });
    expect(await transfersTo("closed-account")).toEqual([]);
    expect((await mailTo(t, artist.email)).filter((m) => m.kind === "payout-paid")).toEqual([]);

    await setPayoutAccount(t, artist.id, { payoutAccountId: artist.payoutAccountId });
    await run();
    const payouts = await payoutsOf(t, artist.id);
    expect(payouts.map((p) => p.status)).toEqual(["failed", "paid"]);
    expect(await paidForOrder(t, order.id)).toBe(order.artistNet);
    expect(await transfersTo(artist.payoutAccountId!)).toHaveLength(1);
  });

  it("a crash after the payout was written is finished by the next run, once, with the same key", async () => {
    const artist = await createArtist(t.db);
    const order = await completedSale(t, clock, artist.id, 10_000);
    // The crash: the payout and its ledger rows are committed, the provider never asked.
    const { rows } = await preparePayouts(runDeps(), artist.id);
    const [pending] = rows;
    expect(pending).toMatchObject({ status: "pending", amount: order.artistNet });

    // Within the minute the run that wrote it may still be at it: left alone, and the
    // order is not paid a second time either.
    await run();
    expect(await payoutsOf(t, artist.id)).toMatchObject([{ status: "pending" }]);
    expect(await transfersTo(artist.payoutAccountId!)).toEqual([]);

    clock.advanceMs(61_000);
    await Promise.all([t.services.payouts.run(), run(secondServices(t, clock.now))]);
    const [paid, ...more] = await payoutsOf(t, artist.id);
    expect(more).toEqual([]);
    expect(paid).toMatchObject({ id: pending!.id, status: "paid" });
    const transfers = await transfersTo(artist.payoutAccountId!);
    expect(transfers).toMatchObject([
      {
        id: paid!.providerReference,
        amount: order.artistNet,
        idempotencyKey: `payout-${paid!.id}`,
      },
    ]);
    expect((await mailTo(t, artist.email)).filter((m) => m.kind === "payout-paid")).toHaveLength(1);
  });

  it("a crash after the provider paid is recorded with that transfer, not a second one", async () => {
    const artist = await createArtist(t.db);
    const order = await completedSale(t, clock, artist.id, 7_777);
    const deps = runDeps();
    const [pending] = (await preparePayouts(deps, artist.id)).rows;
    const made = await deps.provider.transfer({
      destination: artist.payoutAccountId!,
      amount: order.artistNet,
      idempotencyKey: `payout-${pending!.id}`,
      description: "before the crash",
    });
    clock.advanceMs(61_000);
    await run();
    const [paid] = await payoutsOf(t, artist.id);
    expect(paid).toMatchObject({ status: "paid", providerReference: made.reference });
    expect(await transfersTo(artist.payoutAccountId!)).toHaveLength(1);
  });
});

describe("refunds and payouts", () => {
  it("nets a refund made after the payout off the artist's next payout", async () => {
    const artist = await createArtist(t.db);
    const first = await completedSale(t, clock, artist.id, 10_000);
    await run();
    await t.services.orders.requestRefund({
      orderId: first.id,
      move: "refund_full",
      actor: team,
      reason: "Returned after the window, by agreement.",
    });
    const second = await completedSale(t, clock, artist.id, 30_000);
    await run();
    const payouts = await payoutsOf(t, artist.id);
    expect(payouts.map((p) => [p.amount, p.status])).toEqual([
      [first.artistNet, "paid"],
      [second.artistNet - first.artistNet, "paid"],
    ]);
    expect(await payoutEntries(t, payouts[1]!.id)).toEqual(
      expect.arrayContaining([
        { orderId: second.id, kind: "payout", amount: second.artistNet },
        { orderId: first.id, kind: "payout_reversal", amount: first.artistNet },
      ]),
    );
    expect(await paidForOrder(t, first.id)).toBe(0);
    expect(await paidForOrder(t, second.id)).toBe(second.artistNet);
    const transfers = await transfersTo(artist.payoutAccountId!);
    expect(transfers.map((r) => r.amount)).toEqual([
      first.artistNet,
      second.artistNet - first.artistNet,
    ]);
    expect(await artistBalances(t.db, artist.id)).toEqual({
      pending: 0,
      payable: 0,
      paidOut: second.artistNet,
    });
  });

  it("takes a refund after the payout back from the transfer when nothing else is owed", async () => {
    const artist = await createArtist(t.db);
    const order = await completedSale(t, clock, artist.id, 10_000);
    await run();
    const [payout] = await payoutsOf(t, artist.id);
    // A partial refund of a completed order leaves it completed; the artist's part of it
    // (half up, decision 0029) is owed back.
    await t.services.orders.requestRefund({
      orderId: order.id,
      move: "refund_partial",
      actor: team,
      reason: "A scratch in the frame.",
      amount: 2_500,
    });
    const owedBack = (await artistBalances(t.db, artist.id)).payable;
    expect(owedBack).toBeLessThan(0);
    const report = await run();
    expect(report.reversed).toBeGreaterThanOrEqual(1);
    const [, reversal, ...more] = await payoutsOf(t, artist.id);
    expect(more).toEqual([]);
    expect(reversal).toMatchObject({
      reverses: payout!.id,
      amount: -owedBack,
      status: "paid",
    });
    expect(await payoutEntries(t, reversal!.id)).toEqual([
      { orderId: order.id, kind: "payout_reversal", amount: -owedBack },
    ]);
    const transfers = await transfersTo(artist.payoutAccountId!);
    expect(transfers.map((r) => [r.amount, r.reverses])).toEqual([
      [order.artistNet, null],
      [owedBack, payout!.providerReference],
    ]);
    expect(transfers[1]!.id).toBe(reversal!.providerReference);
    // Once paid out: payout − payout_reversal = artist_net − artist_net_refund.
    expect(await artistBalances(t.db, artist.id)).toEqual({
      pending: 0,
      payable: 0,
      paidOut: order.artistNet + owedBack,
    });
    const mails = (await mailTo(t, artist.email)).filter((m) => m.kind === "payout-reversed");
    expect(mails).toHaveLength(1);
    await run();
    expect(await payoutsOf(t, artist.id)).toHaveLength(2);
  });

  it("takes a debt larger than the latest transfer back from that one and the one before", async () => {
    const artist = await createArtist(t.db);
    const big = await completedSale(t, clock, artist.id, 50_000);
    await run();
    const small = await completedSale(t, clock, artist.id, 5_000);
    await run();
    const [first, second] = await payoutsOf(t, artist.id);
    expect([first!.amount, second!.amount]).toEqual([big.artistNet, small.artistNet]);
    await t.services.orders.requestRefund({
      orderId: big.id,
      move: "refund_full",
      actor: team,
      reason: "Returned.",
    });
    await run();
    const reversals = (await payoutsOf(t, artist.id)).filter((p) => p.reverses);
    expect(reversals.map((r) => [r.reverses, r.amount, r.status]).sort()).toEqual(
      [
        [second!.id, small.artistNet, "paid"],
        [first!.id, big.artistNet - small.artistNet, "paid"],
      ].sort(),
    );
    const transfers = await transfersTo(artist.payoutAccountId!);
    expect(
      transfers
        .filter((r) => r.amount < 0)
        .map((r) => [r.reverses, r.amount])
        .sort(),
    ).toEqual(
      [
        [second!.providerReference, -small.artistNet],
        [first!.providerReference, -(big.artistNet - small.artistNet)],
      ].sort(),
    );
    expect(await paidForOrder(t, big.id)).toBe(0);
    expect(await paidForOrder(t, small.id)).toBe(small.artistNet);
    expect(await artistBalances(t.db, artist.id)).toEqual({
      pending: 0,
      payable: 0,
      paidOut: small.artistNet,
    });
  });

  it("does not pay or take back an order's net while a refund of it is pending", async () => {
    allowConsoleError();
    const artist = await createArtist(t.db);
    const paidOut = await completedSale(t, clock, artist.id, 10_000);
    await run();
    const notYet = await completedSale(t, clock, artist.id, 20_000);
    const cancelled = await sale(t, artist.id, 30_000);
    // The processor cannot be reached: the refunds stay pending.
    const restore = await simulatedRefundsDown(t.db);
    const refunds = [
      await t.services.orders.requestRefund({
        orderId: paidOut.id,
        move: "refund_full",
        actor: team,
        reason: "Lost in transit.",
      }),
      await t.services.orders.requestRefund({
        orderId: notYet.id,
        move: "refund_full",
        actor: team,
        reason: "Not as described.",
      }),
      await t.services.orders.requestRefund({
        orderId: cancelled.id,
        move: "cannot_fulfil",
        actor: { id: artist.id, role: "artist" },
        reason: "Damaged in the studio.",
      }),
    ];
    expect(refunds.map((r) => [r.order.status, r.refund?.status])).toEqual([
      ["completed", "pending"],
      ["completed", "pending"],
      ["cancelled", "pending"],
    ]);
    await run();
    expect(await payoutsOf(t, artist.id)).toHaveLength(1);

    // The refunds are made: the paid one is taken back, the others were never paid.
    await restore();
    for (const r of refunds) await t.services.orders.settleRefund(r.refund!.id);
    await run();
    const payouts = await payoutsOf(t, artist.id);
    expect(payouts.map((p) => [p.amount, p.status, p.reverses])).toEqual([
      [paidOut.artistNet, "paid", null],
      [paidOut.artistNet, "paid", payouts[0]!.id],
    ]);
    for (const order of [paidOut, notYet, cancelled])
      expect(await paidForOrder(t, order.id)).toBe(0);
    expect(await artistBalances(t.db, artist.id)).toEqual({ pending: 0, payable: 0, paidOut: 0 });
  });

  it("never pays a cancelled order's net, even when the processor refused its refund", async () => {
    const artist = await createArtist(t.db);
    const cancelled = await sale(t, artist.id, 30_000);
    const kept = await completedSale(t, clock, artist.id, 10_000);
    // The payment was refunded in the processor's dashboard: our refund is refused.
    await t.services.orders.requestRefund({
      orderId: cancelled.id,
      move: "refund_partial",
      actor: team,
      reason: "Made elsewhere first.",
      amount: 1,
    });
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.id, cancelled.paymentId));
    await createSimulatedPaymentsFor(t).refund({
      id: payment!.providerPaymentId!,
      amount: cancelled.totalAmount - 1,
      idempotencyKey: `dashboard-${cancelled.id}`,
    });
    const outcome = await t.services.orders.requestRefund({
      orderId: cancelled.id,
      move: "cannot_fulfil",
      actor: { id: artist.id, role: "artist" },
      reason: "Damaged in the studio.",
    });
    expect([outcome.order.status, outcome.refund?.status]).toEqual(["cancelled", "failed"]);
    expect(await artistBalances(t.db, artist.id)).toEqual({
      pending: 0,
      payable: kept.artistNet,
      paidOut: 0,
    });
    await run();
    expect((await payoutsOf(t, artist.id)).map((p) => p.amount)).toEqual([kept.artistNet]);
    expect(await paidForOrder(t, cancelled.id)).toBe(0);
  });
});

describe("the console's payouts and the artist's list", () => {
  it("shows what is payable, runs payouts now with an audit row, and lists the artist's own", async () => {
    const admin = await signUp(t, {}, { role: "admin" });
    const artist = await signUp(
      t,
      {},
      { isArtist: true, payoutStatus: "active", payoutAccountId: "acct_console_1" },
    );
    const collector = await signUp(t);
    // Whatever earlier tests left payable is paid first, so the counts below are this test's.
    await run();
    const order = await completedSale(t, clock, artist.id, 10_000);
    const open = await sale(t, artist.id, 5_000);

    const overview = await t.app.request("/api/admin/payouts", { headers: headersFor(admin) });
    expect(overview.status).toBe(200);
    expect(overview.headers.get("cache-control")).toContain("no-store");
    const body = expectContract(payoutsOverviewSchema, await overview.json());
    expect(body.provider).toBe("simulated");
    expect(body.schedule).toBe("every day at 14:00 UTC");
    expect(body.artists.find((a) => a.artistId === artist.id)).toMatchObject({
      payable: order.artistNet,
      pending: open.artistNet,
      payoutStatus: "active",
      email: artist.email,
    });

    const refused = await t.app.request("/api/admin/payouts/run", {
      method: "POST",
      headers: headersFor(collector),
    });
    expect(refused.status).toBe(403);
    expect(await payoutsOf(t, artist.id)).toEqual([]);

    const ran = await t.app.request("/api/admin/payouts/run", {
      method: "POST",
      headers: headersFor(admin),
    });
    expect(ran.status).toBe(200);
    const answer = expectContract(payoutRunAnswerSchema, await ran.json());
    expect(answer.report).toMatchObject({ paid: 1, paidAmount: order.artistNet, failed: 0 });
    expect(answer.message).toBe("Paid 1 artist $80.");
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "payouts.run"));
    expect(audit).toMatchObject({ actorId: admin.id, targetType: "payouts", after: answer.report });

    const again = await t.app.request("/api/admin/payouts/run", {
      method: "POST",
      headers: headersFor(admin),
    });
    expect(expectContract(payoutRunAnswerSchema, await again.json()).message).toBe(
      "There was nothing to pay.",
    );
    const after = expectContract(
      payoutsOverviewSchema,
      await (await t.app.request("/api/admin/payouts", { headers: headersFor(admin) })).json(),
    );
    expect(after.recent[0]).toMatchObject({
      artistId: artist.id,
      kind: "payout",
      amount: order.artistNet,
      status: "paid",
    });
    expect(after.recent[0]!.reference).toMatch(/^tr_sim_/);

    const own = await t.app.request("/api/me/payouts/history", { headers: headersFor(artist) });
    expect(own.status).toBe(200);
    expect(expectContract(ownPayoutsSchema, await own.json()).payouts).toMatchObject([
      { kind: "payout", amount: order.artistNet, status: "paid" },
    ]);
    const notArtist = await t.app.request("/api/me/payouts/history", {
      headers: headersFor(collector),
    });
    expect(notArtist.status).toBe(403);
    expect((await t.app.request("/api/me/payouts/history")).status).toBe(401);
  });
});
