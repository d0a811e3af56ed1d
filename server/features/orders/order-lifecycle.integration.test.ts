import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shipBodySchema } from "../../../contracts/sales.contract";
import { priceText } from "../../../domain/display";
import { RETURN_WINDOW_DAYS, addDays } from "../../../domain/orders";
import { orders, outbox } from "../../db/schema";
import { createArtist, createArtwork } from "../../test/factories";
import { type TestApp, createTestApp, testClock } from "../../test/test-app";
import { buy, guestEmail } from "../purchase/checkout.test-helpers";
import { orderTotals } from "./ledger.repository";

/**
 * Issue 14's whole life cycle of two orders, each step by the party who takes it (the
 * timers by the clock), with the e-mails each step sends, to the right people, once:
 * one sold, shipped, received, completed and paid out; one whose buyer reports a problem
 * the team settles with a partial refund.
 */

let t: TestApp;
const clock = testClock(new Date("2026-03-02T09:00:00Z"));
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
});
afterAll(async () => {
  await t?.close();
});

async function readOrder(id: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

/**
 * The e-mails queued about one order, as [kind, recipient], sorted (the e-mails of one
 * step share their transaction's time, so the outbox has no order among them).
 */
async function mailsAbout(orderId: string, buyer: string, artist: string) {
  const rows = await t.db.select().from(outbox);
  return rows
    .filter(
      (m) =>
        m.recipient === buyer ||
        m.recipient === artist ||
        (m.recipient === t.config.teamEmail && m.textBody.includes(orderId)),
    )
    .map((m) => `${m.kind} → ${m.recipient}`)
    .sort();
}

function setClock(at: Date) {
  clock.advanceMs(at.getTime() - clock.now().getTime());
}

describe("an order's life", () => {
  it("from the sale to the artist's payout, each step once, with its e-mails", async () => {
    const artist = await createArtist(t.db, { payoutStatus: "active" });
    const artwork = await createArtwork(t.db, { artistId: artist.id, priceCents: 40_000 });
    const buyer = guestEmail("life");
    const { orderId } = await buy(t.client(), artwork.id, { email: buyer });
    let order = await readOrder(orderId);
    expect(order.status).toBe("paid");

    // Two days before the ship-by date: the artist is reminded, once however often it runs.
    setClock(new Date(order.shipBy.getTime() - 2 * DAY));
    await t.services.orders.timers.run();
    await t.services.orders.timers.run();

    await t.services.sales.ship(
      artist.id,
      orderId,
      shipBodySchema.parse({ carrier: "UPS", trackingNumber: "1Z999AA10123456784" }),
    );
    clock.advanceMs(3 * DAY);
    await t.services.purchases.confirmReceipt(order.purchaserId, orderId);
    order = await readOrder(orderId);
    expect(order.status).toBe("delivered");

    // The return window closes: completed by the timers, payable, then paid out.
    setClock(new Date(addDays(order.deliveredAt!, RETURN_WINDOW_DAYS).getTime() + 60_000));
    await t.services.orders.timers.run();
    expect((await readOrder(orderId)).status).toBe("completed");
    await t.services.payouts.run();

    expect(await mailsAbout(orderId, buyer, artist.email)).toEqual(
      [
        `purchase-confirmation → ${buyer}`,
        `sale-notice → ${artist.email}`,
        `order-ship-by-reminder → ${artist.email}`,
        `order-shipped → ${buyer}`,
        `order-delivered → ${artist.email}`,
        `order-completed → ${artist.email}`,
        `payout-paid → ${artist.email}`,
      ].sort(),
    );
    const totals = await orderTotals(t.db, orderId);
    expect(totals.payout).toBe(order.artistNet);
    expect(totals.capture).toBe(totals.artist_net + totals.commission + totals.tax);
  });

  it("a reported problem settled by a partial refund: team, artist and buyer told, the rest paid", async () => {
    const artist = await createArtist(t.db, { payoutStatus: "active" });
    const artwork = await createArtwork(t.db, { artistId: artist.id, priceCents: 30_000 });
    const buyer = guestEmail("problem");
    const { orderId } = await buy(t.client(), artwork.id, { email: buyer });
    const order = await readOrder(orderId);

    await t.services.sales.ship(
      artist.id,
      orderId,
      shipBodySchema.parse({ carrier: "FedEx", trackingNumber: "7712" }),
    );
    clock.advanceMs(DAY);
    await t.services.purchases.confirmReceipt(order.purchaserId, orderId);
    clock.advanceMs(DAY);
    await t.services.purchases.reportProblem(order.purchaserId, orderId, {
      kind: "damaged",
      note: "A corner is dented.",
    });
    await t.services.orders.requestRefund({
      orderId,
      move: "refund_partial",
      actor: { id: null, role: "team" },
      reason: "For the dented corner",
      amount: 5_000,
    });
    expect((await readOrder(orderId)).status).toBe("partially_refunded");
    await t.services.payouts.run();

    expect(await mailsAbout(orderId, buyer, artist.email)).toEqual(
      [
        `purchase-confirmation → ${buyer}`,
        `sale-notice → ${artist.email}`,
        `order-shipped → ${buyer}`,
        `order-delivered → ${artist.email}`,
        `order-problem-team → ${t.config.teamEmail}`,
        `order-problem-artist → ${artist.email}`,
        `order-refunded-buyer → ${buyer}`,
        `order-refunded-artist → ${artist.email}`,
        `order-completed → ${artist.email}`,
        `payout-paid → ${artist.email}`,
      ].sort(),
    );
    const totals = await orderTotals(t.db, orderId);
    const left = totals.artist_net - totals.artist_net_refund;
    expect(totals.refund).toBe(5_000);
    expect(totals.payout).toBe(left);
    const [payable] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "order-completed"), eq(outbox.recipient, artist.email)));
    expect(payable!.textBody).toContain(`${priceText(left)} is now payable`);
  });
});
