import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { priceText } from "../../../domain/display";
import { addDays } from "../../../domain/orders";
import type { DatabaseHandle } from "../../db/client";
import {
  ledgerEntries,
  orderEvents,
  orders,
  outbox,
  payments,
  refunds,
  simulatedRefunds,
} from "../../db/schema";
import { createLogger } from "../../logger";
import { createServices } from "../../services";
import { createArtist, createArtwork, createOrder, createUser } from "../../test/factories";
import { allowConsoleError } from "../../test/fail-on-console-error";
import { openResettableTestDatabase, type ResettableTestDatabase } from "../../test/database";
import { type TestApp, createTestApp, testClock } from "../../test/test-app";
import { testPasswordHashing } from "../../test/password-hashing";
import { buy, guestEmail } from "../purchase/checkout.test-helpers";
import { AUTO_CANCEL_REASON, TIMER_BATCH } from "./orders.timers";
import { simulatedRefundsDown } from "../../test/processor-faults";

/**
 * The order timers (decision 0029) with a clock the tests move: nothing happens a second
 * before a deadline, one move and one e-mail at it, also with two processes at once.
 */

let t: TestApp;
let clock: ReturnType<typeof testClock>;
const SECOND = 1000;

// Each test counts what the timers did over the whole database, so each starts on an
// empty one: the file's database, reset, with a new app and clock (see createTestApp).
let database: ResettableTestDatabase;
beforeAll(async () => {
  database = await openResettableTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  clock = testClock(new Date("2026-06-01T12:00:00Z"));
  t = await createTestApp({}, { now: clock.now, database });
});
afterEach(async () => {
  await t?.close();
});

async function sale(price = 10_000) {
  const artist = await createArtist(t.db, { payoutStatus: "active" });
  const artwork = await createArtwork(t.db, { artistId: artist.id, priceCents: price });
  const buyer = guestEmail();
  const bought = await buy(t.client(), artwork.id, { email: buyer });
  return { artist, buyer, order: await readOrder(bought.orderId) };
}

async function readOrder(id: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
}

function mailsOf(recipient: string, kind: string) {
  return t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), eq(outbox.kind, kind)));
}

function eventsOf(orderId: string) {
  return t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
}

/** Moves the clock to `at` (never back). */
function setClock(at: Date) {
  const by = at.getTime() - clock.now().getTime();
  if (by < 0) throw new Error("the test clock only moves forward");
  clock.advanceMs(by);
}

async function ship(order: { id: string; artistId: string }) {
  return t.services.orders.move({
    orderId: order.id,
    move: "ship",
    actor: { id: order.artistId, role: "artist" },
    set: { shippedAt: clock.now(), carrier: "UPS", trackingNumber: "1Z999AA10123456784" },
  });
}

async function confirmReceipt(order: { id: string; purchaserId: string }) {
  return t.services.orders.move({
    orderId: order.id,
    move: "confirm_receipt",
    actor: { id: order.purchaserId, role: "buyer" },
    set: { deliveredAt: clock.now() },
  });
}

/** Another app server on the same database, with the same clock. */
function secondProcess() {
  const handle: DatabaseHandle = {
    db: t.db,
    kind: "pglite",
    migrate: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
  return createServices(t.config, handle, createLogger({ json: false, silent: true }), {
    now: clock.now,
    passwordHashing: testPasswordHashing,
  });
}

describe("the ship-by reminder", () => {
  it("goes to the artist once, two days before the ship-by date, not a second earlier", async () => {
    const { artist, order } = await sale();
    setClock(new Date(addDays(order.shipBy, -2).getTime() - SECOND));
    await t.services.orders.timers.run();
    expect(await mailsOf(artist.email, "order-ship-by-reminder")).toHaveLength(0);

    clock.advanceMs(SECOND);
    const report = await t.services.orders.timers.run();
    expect(report.reminded).toBe(1);
    const [mail, ...more] = await mailsOf(artist.email, "order-ship-by-reminder");
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`Please ship "${order.title}"`);
    expect(mail!.textBody).toContain("must be shipped by");
    expect((await readOrder(order.id)).shipByReminderAt?.toISOString()).toBe(
      clock.now().toISOString(),
    );

    clock.advanceMs(60 * SECOND);
    expect((await t.services.orders.timers.run()).reminded).toBe(0);
    expect(await mailsOf(artist.email, "order-ship-by-reminder")).toHaveLength(1);
  });

  it("is not sent for an order already shipped", async () => {
    const { artist, order } = await sale();
    await ship(order);
    setClock(addDays(order.shipBy, -1));
    await t.services.orders.timers.run();
    expect(await mailsOf(artist.email, "order-ship-by-reminder")).toHaveLength(0);
  });

  it("handles at most a batch per run, oldest ship-by first; the rest on the next run", async () => {
    const artist = await createArtist(t.db, { payoutStatus: "active" });
    const buyer = await createUser(t.db);
    const artwork = await createArtwork(t.db, { artistId: artist.id, isForSale: false });
    const made = [];
    for (let i = 0; i <= TIMER_BATCH; i++) {
      made.push(
        await createOrder(t.db, {
          artworkId: artwork.id,
          purchaserId: buyer.id,
          shipBy: new Date(clock.now().getTime() + 24 * 3600 * SECOND + i * SECOND),
        }),
      );
    }
    expect((await t.services.orders.timers.run()).reminded).toBe(TIMER_BATCH);
    const newest = made.at(-1)!;
    expect((await readOrder(newest.id)).shipByReminderAt).toBeNull();
    expect((await readOrder(made[0]!.id)).shipByReminderAt).not.toBeNull();
    expect((await t.services.orders.timers.run()).reminded).toBe(1);
    expect((await readOrder(newest.id)).shipByReminderAt).not.toBeNull();
    expect(await mailsOf(artist.email, "order-ship-by-reminder")).toHaveLength(TIMER_BATCH + 1);
  });
});

describe("the ship-by deadline", () => {
  it("cancels an order not shipped by then and refunds it in full, with the e-mails", async () => {
    const { artist, buyer, order } = await sale(12_345);
    setClock(new Date(order.shipBy.getTime() - SECOND));
    const early = await t.services.orders.timers.run();
    expect(early.cancelled).toBe(0);
    expect((await readOrder(order.id)).status).toBe("paid");

    clock.advanceMs(SECOND);
    const report = await t.services.orders.timers.run();
    expect(report).toMatchObject({ cancelled: 1, failed: 0 });
    const cancelled = await readOrder(order.id);
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.cancelledAt?.toISOString()).toBe(clock.now().toISOString());

    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({
      status: "succeeded",
      amount: order.totalAmount,
      reason: AUTO_CANCEL_REASON,
      requestedByRole: "system",
      move: "auto_cancel",
    });
    const atProcessor = await t.db
      .select()
      .from(simulatedRefunds)
      .where(eq(simulatedRefunds.idempotencyKey, `refund-${refund!.id}`));
    expect(atProcessor.map((r) => r.amount)).toEqual([order.totalAmount]);
    const entries = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, order.id));
    const sum = (kind: string) =>
      entries.filter((e) => e.kind === kind).reduce((total, e) => total + e.amount, 0);
    expect(sum("refund")).toBe(sum("capture"));
    expect(sum("artist_net_refund")).toBe(order.artistNet);

    const [buyerMail, ...moreBuyer] = await mailsOf(buyer, "order-refunded-buyer");
    expect(moreBuyer).toHaveLength(0);
    expect(buyerMail!.subject).toBe(`Cancelled and refunded: ${order.title}`);
    expect(buyerMail!.textBody).toContain(
      `Your order of "${order.title}" was cancelled, and ${priceText(order.totalAmount)} of your payment has been refunded: your payment is now refunded in full.`,
    );
    expect(buyerMail!.textBody).toContain(`Reason: ${AUTO_CANCEL_REASON}`);
    expect(await mailsOf(artist.email, "order-refunded-artist")).toHaveLength(1);

    const events = await eventsOf(order.id);
    expect(events.find((e) => e.toStatus === "cancelled")).toMatchObject({
      actorRole: "system",
      actorId: null,
      fromStatus: "paid",
      note: AUTO_CANCEL_REASON,
    });

    // Later runs find nothing more to do.
    clock.advanceMs(120 * SECOND);
    expect(await t.services.orders.timers.run()).toMatchObject({ cancelled: 0, failed: 0 });
    expect(await mailsOf(buyer, "order-refunded-buyer")).toHaveLength(1);
  });

  it("gives one outcome when the artist ships as the deadline passes", async () => {
    const { order } = await sale();
    setClock(order.shipBy);
    const [timers, shipped] = await Promise.allSettled([
      t.services.orders.timers.run(),
      ship(order),
    ]);
    expect(timers.status).toBe("fulfilled");
    const after = await readOrder(order.id);
    const orderRefunds = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    if (shipped.status === "fulfilled") {
      expect(after.status).toBe("shipped");
      expect(orderRefunds).toHaveLength(0);
    } else {
      expect(shipped.reason).toMatchObject({ status: 409 });
      expect(after.status).toBe("cancelled");
      expect(orderRefunds).toHaveLength(1);
    }
  });

  it("retries a refund the processor failed, once it is a minute old, and makes it once", async () => {
    const { buyer, order } = await sale();
    // The processor cannot be reached.
    const restore = await simulatedRefundsDown(t.db);
    setClock(order.shipBy);
    allowConsoleError();
    const first = await t.services.orders.timers.run();
    expect(first.cancelled).toBe(1);
    expect((await readOrder(order.id)).status).toBe("cancelled");
    const [pending] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(pending!.status).toBe("pending");
    expect(await mailsOf(buyer, "order-refunded-buyer")).toHaveLength(0);

    await restore();
    // Younger than a minute: still in its own request's hands.
    clock.advanceMs(59 * SECOND);
    expect((await t.services.orders.timers.run()).refundsSettled).toBe(0);
    clock.advanceMs(2 * SECOND);
    const other = secondProcess();
    try {
      const runs = await Promise.all([t.services.orders.timers.run(), other.orders.timers.run()]);
      expect(runs.map((r) => r.failed)).toEqual([0, 0]);
    } finally {
      await other.outbox.stop();
      other.mailTransport.close();
    }
    const [settled] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(settled!.status).toBe("succeeded");
    const atProcessor = await t.db
      .select()
      .from(simulatedRefunds)
      .where(eq(simulatedRefunds.idempotencyKey, `refund-${pending!.id}`));
    expect(atProcessor).toHaveLength(1);
    expect(
      (await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.refundId, pending!.id)))
        .filter((e) => e.kind === "refund")
        .map((e) => e.amount),
    ).toEqual([order.totalAmount]);
    expect(await mailsOf(buyer, "order-refunded-buyer")).toHaveLength(1);
  });

  it("cancels with a refund the processor refuses for good: failed, the team told once, never retried", async () => {
    const { buyer, order } = await sale();
    // The payment was refunded in the processor's dashboard: nothing is left to refund.
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, order.paymentId));
    await t.db.insert(simulatedRefunds).values({
      id: `sim_re_dashboard_${order.id}`,
      paymentId: payment!.providerPaymentId!,
      amount: order.totalAmount,
      idempotencyKey: `dashboard-${order.id}`,
    });
    setClock(order.shipBy);
    const first = await t.services.orders.timers.run();
    expect([first.cancelled, first.failed]).toEqual([1, 0]);
    expect((await readOrder(order.id)).status).toBe("cancelled");
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund!.status).toBe("failed");
    clock.advanceMs(5 * 60 * SECOND);
    const later = await t.services.orders.timers.run();
    expect([later.refundsSettled, later.refundsPending, later.refundsRefused]).toEqual([0, 0, 0]);
    expect(await mailsOf(t.config.teamEmail, "order-refund-refused-team")).toHaveLength(1);
    expect(await mailsOf(buyer, "order-refunded-buyer")).toHaveLength(0);
    expect((await eventsOf(order.id)).map((e) => e.note?.split(":")[0])).toContain(
      `Refund of ${priceText(order.totalAmount)} refused by the card processor`,
    );
  });
});

describe("automatic delivery and completion", () => {
  it("delivers 14 days after shipping, not a second earlier, and tells the artist", async () => {
    const { artist, order } = await sale();
    await ship(order);
    const shippedAt = clock.now();
    setClock(new Date(addDays(shippedAt, 14).getTime() - SECOND));
    await t.services.orders.timers.run();
    expect((await readOrder(order.id)).status).toBe("shipped");

    clock.advanceMs(SECOND);
    expect((await t.services.orders.timers.run()).delivered).toBe(1);
    const delivered = await readOrder(order.id);
    expect(delivered.status).toBe("delivered");
    expect(delivered.deliveredAt?.toISOString()).toBe(clock.now().toISOString());
    const [mail, ...more] = await mailsOf(artist.email, "order-delivered");
    expect(more).toHaveLength(0);
    expect(mail!.textBody).toContain("is now considered delivered: 14 days have passed");
    const event = (await eventsOf(order.id)).find((e) => e.toStatus === "delivered");
    expect(event).toMatchObject({ actorRole: "system", fromStatus: "shipped" });
  });

  it("completes 7 days after delivery with the artist's net after refunds, not a second earlier", async () => {
    const { artist, order } = await sale(10_000);
    await ship(order);
    await confirmReceipt(order);
    await t.services.orders.requestRefund({
      orderId: order.id,
      move: "refund_partial",
      actor: { id: null, role: "team" },
      reason: "A scratch on the frame.",
      amount: 1_000,
    });
    const deliveredAt = clock.now();
    setClock(new Date(addDays(deliveredAt, 7).getTime() - SECOND));
    await t.services.orders.timers.run();
    expect((await readOrder(order.id)).status).toBe("delivered");

    clock.advanceMs(SECOND);
    expect((await t.services.orders.timers.run()).completed).toBe(1);
    const completed = await readOrder(order.id);
    expect(completed.status).toBe("completed");
    expect(completed.completedAt?.toISOString()).toBe(clock.now().toISOString());
    const refunded = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.kind, "artist_net_refund")));
    const net = order.artistNet - refunded.reduce((total, e) => total + e.amount, 0);
    expect(net).toBeLessThan(order.artistNet);
    const [mail, ...more] = await mailsOf(artist.email, "order-completed");
    expect(more).toHaveLength(0);
    expect(mail!.textBody).toContain(`${priceText(net)} is now payable to you`);
  });

  it("leaves an order with a reported problem to the team", async () => {
    const { order } = await sale();
    await ship(order);
    await confirmReceipt(order);
    await t.services.orders.move({
      orderId: order.id,
      move: "report_problem",
      actor: { id: order.purchaserId, role: "buyer" },
      set: { problemKind: "damaged", problemReportedAt: clock.now() },
    });
    clock.advanceDays(30);
    const report = await t.services.orders.timers.run();
    expect(report).toMatchObject({ completed: 0, delivered: 0, failed: 0 });
    expect((await readOrder(order.id)).status).toBe("problem_reported");
  });
});

describe("two processes at once", () => {
  it("make each move once and send each e-mail once", async () => {
    const remind = await sale();
    const cancel = await sale();
    const deliver = await sale();
    const complete = await sale();
    await ship(deliver.order);
    await ship(complete.order);
    await confirmReceipt(complete.order);
    // Fourteen days on: cancel's ship-by passed, deliver's 14 days and complete's 7 days
    // are up, and remind's ship-by (moved) is a day away.
    setClock(addDays(clock.now(), 14));
    await t.db
      .update(orders)
      .set({ shipBy: addDays(clock.now(), 1) })
      .where(eq(orders.id, remind.order.id));

    const other = secondProcess();
    let runs;
    try {
      runs = await Promise.all([
        t.services.orders.timers.run(),
        other.orders.timers.run(),
        t.services.orders.timers.run(),
      ]);
    } finally {
      await other.outbox.stop();
      other.mailTransport.close();
    }
    const total = (key: keyof (typeof runs)[number]) =>
      runs.slice(0, 2).reduce((sum, r) => sum + r[key], 0);
    expect(total("failed")).toBe(0);
    expect(total("reminded")).toBe(1);
    expect(total("cancelled")).toBe(1);
    expect(total("delivered")).toBe(1);
    expect(total("completed")).toBe(1);

    expect((await readOrder(remind.order.id)).status).toBe("paid");
    expect(await mailsOf(remind.artist.email, "order-ship-by-reminder")).toHaveLength(1);
    expect((await readOrder(cancel.order.id)).status).toBe("cancelled");
    expect(
      await t.db.select().from(refunds).where(eq(refunds.orderId, cancel.order.id)),
    ).toHaveLength(1);
    expect(await mailsOf(cancel.buyer, "order-refunded-buyer")).toHaveLength(1);
    expect((await readOrder(deliver.order.id)).status).toBe("delivered");
    expect(await mailsOf(deliver.artist.email, "order-delivered")).toHaveLength(1);
    expect((await readOrder(complete.order.id)).status).toBe("completed");
    expect(await mailsOf(complete.artist.email, "order-completed")).toHaveLength(1);
    for (const { order } of [cancel, deliver, complete]) {
      // One move each (a refund's own event, from cancelled to cancelled, is not a move).
      const moves = (await eventsOf(order.id)).filter(
        (e) => e.actorRole === "system" && e.fromStatus !== e.toStatus,
      );
      expect(moves).toHaveLength(1);
    }
  });
});
