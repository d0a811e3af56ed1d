import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowConsoleError } from "../../test/fail-on-console-error";
import { createArtist } from "../../test/factories";
import { type TestApp, createTestApp, testClock } from "../../test/test-app";
import { stripeTestEnv } from "../purchase/stripe-sale.test-helpers";
import { startStripeStandIn } from "../purchase/stripe-stand-in.test-helpers";
import { completedSale, payoutsOf } from "./payout-run.test-helpers";

/**
 * The payout run against a Stripe that accepts requests and never answers (the local
 * stand-in, reached by the real SDK through STRIPE_API_BASE): each transfer gives up after
 * STRIPE_TIMEOUT_MS and its two retries, the payout stays pending, and the next run goes
 * on and pays it once Stripe answers.
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

describe("payouts with a Stripe that never answers", () => {
  it("the payout stays pending in bounded time; the next runs go on and pay it once, with its key", async () => {
    allowConsoleError();
    const ines = await createArtist(t.db);
    const order = await completedSale(t, clock, ines.id, 10_000, (id) => {
      standIn.authorize(id);
    });

    standIn.hang(["/v1/transfers"]);
    clock.advanceMs(2 * 60 * 60 * 1000);
    expect(await t.services.payouts.run()).toMatchObject({ paid: 0, stillPending: 1, failed: 0 });
    const [pending, ...more] = await payoutsOf(t, ines.id);
    expect(more).toEqual([]);
    expect(pending).toMatchObject({ status: "pending", amount: order.artistNet });

    // Still silent a few minutes later: the next run is not held up by the first, asks
    // again for the same payout, and ends in bounded time too.
    clock.advanceMs(5 * 60 * 1000);
    expect(await t.services.payouts.run()).toMatchObject({ paid: 0, stillPending: 1, failed: 0 });
    // Each run looked for the payout's transfer group three times (two SDK retries).
    const asked = standIn.requests.filter((r) => r.path === "/v1/transfers");
    expect(asked).toHaveLength(6);

    standIn.hang([]);
    clock.advanceMs(5 * 60 * 1000);
    expect(await t.services.payouts.run()).toMatchObject({ paid: 1, stillPending: 0 });
    expect(await payoutsOf(t, ines.id)).toMatchObject([{ id: pending!.id, status: "paid" }]);
    const transfers = [...standIn.payouts.transfers.values()].filter(
      (tr) => tr.destination === ines.payoutAccountId,
    );
    expect(transfers).toMatchObject([
      { amount: order.artistNet, transfer_group: `payout-${pending!.id}` },
    ]);
  });
});
