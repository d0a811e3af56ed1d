import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminOrderAction,
  MAX_ORDER_TEXT,
  adminOrderActionSchema,
  adminOrderDetailSchema,
  adminOrderMessages as am,
  adminOrdersPageSchema,
} from "../../../contracts/admin-orders.contract";
import { adminMessages } from "../../../contracts/admin.contract";
import { priceText } from "../../../domain/display";
import { orderMessages as m } from "../../../domain/orders";
import { inputMessages } from "../../../domain/text-input";
import {
  auditEvents,
  ledgerEntries,
  orders,
  outbox,
  payments,
  refunds,
  simulatedPayments,
  simulatedRefunds,
} from "../../db/schema";
import { expectContract } from "../../test/contract";
import { allowConsoleError } from "../../test/fail-on-console-error";
import { createArtist, createArtwork, createOrder, createUser } from "../../test/factories";
import { type TestApp, createTestApp, testClock } from "../../test/test-app";
import { buy, guestEmail } from "../purchase/checkout.test-helpers";
import { type ErrorBody, type Member, headersFor, signUp } from "../profiles/profiles.test-helpers";
import { orderTotals } from "./ledger.repository";
import { createPaymentProvider } from "../../adapters/payments/create-payment-provider";
import { simulatedRefundsDown } from "../../test/processor-faults";

/** The team's orders console through its API (docs/api.md "Orders" → "Console"). */

let t: TestApp;
let admin: Member;
const clock = testClock(new Date("2026-06-01T12:00:00Z"));

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
  admin = await signUp(t, { firstName: "Grace", lastName: "Hopper" }, { role: "admin" });
});
afterAll(async () => {
  await t?.close();
});

async function send(method: string, url: string, body?: unknown) {
  const headers = headersFor(
    admin,
    body === undefined ? {} : { "content-type": "application/json" },
  );
  return t.app.request(url, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function errorOf(response: Response, status: number): Promise<string> {
  expect(response.status, await response.clone().text()).toBe(status);
  return ((await response.json()) as ErrorBody).error.message;
}

async function ok(response: Response): Promise<AdminOrderAction> {
  expect(response.status, await response.clone().text()).toBe(200);
  return expectContract(adminOrderActionSchema, await response.json());
}

async function detail(id: string) {
  const response = await send("GET", `/api/admin/orders/${id}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return expectContract(adminOrderDetailSchema, await response.json());
}

async function sale(price = 10_000, label = "buyer") {
  // The orders' clock stands still; each sale a second later, so "newest first" is defined.
  clock.advanceMs(1_000);
  const artist = await createArtist(t.db, { payoutStatus: "active" });
  const artwork = await createArtwork(t.db, { artistId: artist.id, priceCents: price });
  const email = guestEmail(label);
  const bought = await buy(t.client(), artwork.id, { email });
  const [order] = await t.db.select().from(orders).where(eq(orders.id, bought.orderId));
  return { artist, artwork, email, order: order! };
}

const refund = (id: string, body: unknown) => send("POST", `/api/admin/orders/${id}/refund`, body);

async function auditOf(orderId: string) {
  return t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.targetType, "order"), eq(auditEvents.targetId, orderId)))
    .orderBy(asc(auditEvents.createdAt));
}

async function processorRefunded(paymentId: string): Promise<number> {
  const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
  const rows = await t.db
    .select()
    .from(simulatedRefunds)
    .where(eq(simulatedRefunds.paymentId, payment!.providerPaymentId!));
  return rows.reduce((sum, r) => sum + r.amount, 0);
}

/** Nothing was written for the order: no refund row, no audit row, the ledger as at the sale. */
async function expectUnchanged(orderId: string) {
  expect(await t.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toEqual([]);
  expect(await auditOf(orderId)).toEqual([]);
  expect((await orderTotals(t.db, orderId)).refund).toBe(0);
}

describe("the list", () => {
  it("finds orders by buyer, title or id, filters by state, counts every state, and pages", async () => {
    const first = await sale(10_000, "listed");
    const second = await sale(20_000, "listed");
    const page = expectContract(
      adminOrdersPageSchema,
      await (await send("GET", "/api/admin/orders")).json(),
    );
    expect(page.orders.slice(0, 2).map((o) => o.id)).toEqual([second.order.id, first.order.id]);
    expect(page.counts.paid).toBeGreaterThanOrEqual(2);
    expect(page.counts.refunded).toBe(0);

    const byEmail = expectContract(
      adminOrdersPageSchema,
      await (
        await send("GET", `/api/admin/orders?q=${encodeURIComponent(first.email.toUpperCase())}`)
      ).json(),
    );
    expect(byEmail.orders.map((o) => o.id)).toEqual([first.order.id]);
    expect(byEmail.orders[0]).toMatchObject({
      buyerEmail: first.email,
      artistId: first.artist.id,
      totalAmount: first.order.totalAmount,
      commissionAmount: 2_000,
      artistNet: 8_000,
    });
    const byId = expectContract(
      adminOrdersPageSchema,
      await (await send("GET", `/api/admin/orders?q=${second.order.id.toUpperCase()}`)).json(),
    );
    expect(byId.orders.map((o) => o.id)).toEqual([second.order.id]);
    // The short reference artists and buyers see ("Order c6067041") finds it too.
    const byReference = expectContract(
      adminOrdersPageSchema,
      await (await send("GET", `/api/admin/orders?q=${second.order.id.slice(0, 8)}`)).json(),
    );
    expect(byReference.orders.map((o) => o.id)).toContain(second.order.id);
    expect(byReference.orders.every((o) => o.id.startsWith(second.order.id.slice(0, 8)))).toBe(
      true,
    );
    const byTitle = expectContract(
      adminOrdersPageSchema,
      await (
        await send("GET", `/api/admin/orders?q=${encodeURIComponent(second.artwork.title)}`)
      ).json(),
    );
    expect(byTitle.orders.map((o) => o.id)).toContain(second.order.id);
    // A LIKE wildcard is a character like any other.
    const wild = expectContract(
      adminOrdersPageSchema,
      await (await send("GET", "/api/admin/orders?q=%25")).json(),
    );
    expect(wild.orders).toEqual([]);

    // The page's "Any" state sends an empty status: every state.
    const any = expectContract(
      adminOrdersPageSchema,
      await (
        await send("GET", `/api/admin/orders?status=&q=${encodeURIComponent(first.email)}`)
      ).json(),
    );
    expect(any.orders.map((o) => o.id)).toEqual([first.order.id]);
    const refunded = expectContract(
      adminOrdersPageSchema,
      await (await send("GET", "/api/admin/orders?status=refunded")).json(),
    );
    expect(refunded.orders).toEqual([]);

    // Paging: newest first, each order once (orders as the factory writes them, for speed).
    const buyer = await createUser(t.db);
    for (let i = 0; i < 50; i++) {
      await createOrder(t.db, { artworkId: first.artwork.id, purchaserId: buyer.id });
    }
    const one = expectContract(
      adminOrdersPageSchema,
      await (await send("GET", "/api/admin/orders")).json(),
    );
    expect(one.orders).toHaveLength(50);
    expect(one.next).not.toBeNull();
    const two = expectContract(
      adminOrdersPageSchema,
      await (await send("GET", `/api/admin/orders?cursor=${one.next}`)).json(),
    );
    const ids = [...one.orders, ...two.orders].map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(first.order.id);
  });

  it("refuses a bad filter with 400", async () => {
    for (const query of ["status=lost", "cursor=nonsense", `q=${"x".repeat(201)}`]) {
      expect(await errorOf(await send("GET", `/api/admin/orders?${query}`), 400)).toBe(
        adminMessages.invalidFilter,
      );
    }
    expect(await errorOf(await send("GET", "/api/admin/orders?q=a%00b"), 400)).toBe(
      inputMessages.nulCharacter,
    );
  });
});

describe("one order", () => {
  it("shows the buyer, the artist, the money, the payment and the moves open now", async () => {
    const { artist, email, order } = await sale(12_345);
    const view = await detail(order.id);
    expect(view).toMatchObject({
      id: order.id,
      status: "paid",
      buyerEmail: email,
      artistId: artist.id,
      artistEmail: artist.email,
      price: 12_345,
      commissionBps: 2000,
      commissionAmount: 2_469,
      artistNet: 9_876,
      refundedAmount: 0,
      refundable: order.totalAmount,
      payment: {
        provider: "simulated",
        status: "captured",
        authorized: order.totalAmount,
        captured: order.totalAmount,
        refunded: 0,
        pendingRefunds: 0,
      },
      refunds: [],
      actions: { refund: true, closeProblem: false, cancel: true },
    });
    expect(view.payment.providerPaymentId).toMatch(/^sim_pi_/);
    expect(view.events.map((e) => e.toStatus)).toEqual(["paid"]);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id", "1"]) {
      expect(await errorOf(await send("GET", `/api/admin/orders/${id}`), 404)).toBe(m.notFound);
      expect(await errorOf(await refund(id, { reason: "x" }), 404)).toBe(m.notFound);
      expect(
        await errorOf(await send("POST", `/api/admin/orders/${id}/cancel`, { reason: "x" }), 404),
      ).toBe(m.notFound);
      expect(
        await errorOf(
          await send("POST", `/api/admin/orders/${id}/close-problem`, { note: "x" }),
          404,
        ),
      ).toBe(m.notFound);
    }
  });
});

describe("refunds", () => {
  it("refunds part, then everything left; each audited as the admin, mailed, in the ledger", async () => {
    const { artist, email, order } = await sale(10_000);
    const part = await ok(await refund(order.id, { amount: 2_550, reason: "  A scratch  " }));
    expect(part.message).toBe(am.refunded("$25.50"));
    expect(part.refund).toMatchObject({
      amount: 2_550,
      status: "succeeded",
      reason: "A scratch",
      move: "refund_partial",
      requestedByRole: "team",
      requestedByName: "Grace Hopper",
    });
    // A partial refund of an order still to ship leaves it to ship.
    expect(part.order).toMatchObject({
      status: "paid",
      refundedAmount: 2_550,
      refundable: order.totalAmount - 2_550,
      actions: { refund: true, cancel: true },
    });

    // The orders' clock stands still: a second later, so the refunds' order is defined.
    clock.advanceMs(1_000);
    const rest = await ok(await refund(order.id, { reason: "Returned" }));
    expect(rest.message).toBe(am.refunded(priceText(order.totalAmount - 2_550)));
    expect(rest.refund).toMatchObject({ amount: order.totalAmount - 2_550, move: "refund_full" });
    expect(rest.order).toMatchObject({
      status: "refunded",
      refundedAmount: order.totalAmount,
      refundable: 0,
      actions: { refund: false, closeProblem: false, cancel: false },
      payment: { refunded: order.totalAmount, pendingRefunds: 0 },
    });
    expect(rest.order.refunds.map((r) => r.amount)).toEqual([2_550, order.totalAmount - 2_550]);
    expect(rest.order.events.map((e) => e.toStatus)).toEqual(["paid", "paid", "refunded"]);

    const totals = await orderTotals(t.db, order.id);
    expect(totals).toMatchObject({
      refund: order.totalAmount,
      tax_refund: order.taxAmount,
      commission_refund: order.commissionAmount,
      artist_net_refund: order.artistNet,
    });
    expect(await processorRefunded(order.paymentId)).toBe(order.totalAmount);

    const audit = await auditOf(order.id);
    expect(audit.map((a) => [a.action, a.actorId, a.actorEmail])).toEqual([
      ["order.refund_partial", admin.id, admin.email],
      ["order.refund_full", admin.id, admin.email],
    ]);
    const mails = await t.db.select().from(outbox);
    expect(
      mails.filter((x) => x.recipient === email && x.kind === "order-refunded-buyer"),
    ).toHaveLength(2);
    expect(
      mails.filter((x) => x.recipient === artist.email && x.kind === "order-refunded-artist"),
    ).toHaveLength(2);
    // The last mail names the last refund's amount, and that the payment is now refunded in full.
    const last = mails.filter((x) => x.recipient === email && x.kind === "order-refunded-buyer");
    expect(last.map((x) => x.textBody).join("\n")).toContain(
      `${priceText(order.totalAmount - 2_550)} of your payment for`,
    );
    expect(last.map((x) => x.textBody).join("\n")).toContain("now refunded in full");

    // Nothing is left: a further refund is refused and changes nothing.
    expect(await errorOf(await refund(order.id, { amount: 1, reason: "more" }), 409)).toBe(
      m.notAllowed,
    );
    expect(await processorRefunded(order.paymentId)).toBe(order.totalAmount);
  });

  it("never refunds more than the capture when two refunds race through the API", async () => {
    const { order } = await sale(10_000);
    const amount = order.totalAmount - 100;
    const answers = await Promise.all([
      refund(order.id, { amount, reason: "first" }),
      refund(order.id, { amount, reason: "second" }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    const refused = answers.find((r) => r.status === 400)!;
    expect(((await refused.json()) as ErrorBody).error.message).toBe(m.refundTooLarge("$1"));
    expect((await orderTotals(t.db, order.id)).refund).toBe(amount);
    expect(await processorRefunded(order.paymentId)).toBe(amount);
  });

  it("gives one full refund when five are sent at once", async () => {
    const { order } = await sale(10_000);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => refund(order.id, { reason: `press ${i}` })),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of answers.filter((a) => a.status !== 200)) {
      expect([400, 409]).toContain(r.status);
    }
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(1);
    expect((await orderTotals(t.db, order.id)).refund).toBe(order.totalAmount);
    expect(await processorRefunded(order.paymentId)).toBe(order.totalAmount);
  });

  it("stays pending when the processor fails, counts against what is left, and settleRefund finishes it", async () => {
    allowConsoleError();
    const { order } = await sale(10_000);
    const restore = await simulatedRefundsDown(t.db);
    const pending = await ok(await refund(order.id, { amount: 4_000, reason: "Frame broken" }));
    expect(pending.message).toBe(am.refundPending);
    expect(pending.message).toBe("The refund is being processed and will be retried.");
    expect(pending.refund).toMatchObject({ status: "pending", amount: 4_000 });
    expect(pending.order).toMatchObject({
      refundedAmount: 0,
      refundable: order.totalAmount - 4_000,
      payment: { refunded: 0, pendingRefunds: 4_000 },
    });
    // The pending refund counts: the rest of the total is the most that may follow.
    expect(
      await errorOf(await refund(order.id, { amount: order.totalAmount, reason: "all" }), 400),
    ).toBe(m.refundTooLarge(priceText(order.totalAmount - 4_000)));

    await restore();
    const settled = await t.services.orders.settleRefund(pending.refund!.id);
    expect(settled.refund?.status).toBe("succeeded");
    const after = await detail(order.id);
    expect(after).toMatchObject({
      refundedAmount: 4_000,
      refundable: order.totalAmount - 4_000,
      payment: { refunded: 4_000, pendingRefunds: 0 },
    });
    expect(after.refunds[0]).toMatchObject({ status: "succeeded" });
    expect(await processorRefunded(order.paymentId)).toBe(4_000);
  });

  it("refuses bad input with 400 and its message, and changes nothing", async () => {
    const { order } = await sale(10_000);
    const max = priceText(order.totalAmount);
    const cases: [body: unknown, message: string][] = [
      [{ amount: 0, reason: "x" }, m.refundPositive],
      [{ amount: -500, reason: "x" }, m.refundPositive],
      [{ amount: 10.5, reason: "x" }, am.wholeCents],
      [{ amount: "1000", reason: "x" }, am.wholeCents],
      [{ amount: 2 ** 60, reason: "x" }, m.refundPositive],
      [{ amount: order.totalAmount + 1, reason: "x" }, m.refundTooLarge(max)],
      [{ amount: 100 }, m.reasonRequired],
      [{ amount: 100, reason: "   " }, m.reasonRequired],
      [{ amount: 100, reason: "x".repeat(MAX_ORDER_TEXT + 1) }, am.reasonTooLong],
      [{ amount: 100, reason: "bad\u0000byte" }, inputMessages.nulCharacter],
    ];
    for (const [body, message] of cases) {
      expect(await errorOf(await refund(order.id, body), 400), JSON.stringify(body)).toBe(message);
    }
    expect(await errorOf(await refund(order.id, "[1]"), 400)).toBeTruthy();
    await expectUnchanged(order.id);
    // The longest reason is taken.
    await ok(await refund(order.id, { amount: 100, reason: "y".repeat(MAX_ORDER_TEXT) }));
  });
});

describe("a refund the processor refuses", () => {
  /** The payment refunded from the processor's dashboard: our refund finds nothing left. */
  async function refundedElsewhere(paymentId: string) {
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    const provider = createPaymentProvider(t.config.payments, t.db);
    await provider.refund({
      id: payment!.providerPaymentId!,
      amount: payment!.totalAmount,
      idempotencyKey: `dashboard-${paymentId}`,
    });
  }

  it("ends failed, is not retried, tells the team once, and leaves the order and ledger as they were", async () => {
    const { email, order } = await sale(10_000);
    await refundedElsewhere(order.paymentId);
    const answer = await ok(await refund(order.id, { amount: 2_000, reason: "A scratch" }));
    expect(answer.message).toBe(
      am.refundRefused("The refund is more than what is left of the payment."),
    );
    expect(answer.refund).toMatchObject({
      status: "failed",
      amount: 2_000,
      failureMessage: "The refund is more than what is left of the payment.",
    });
    // Nothing refunded, nothing pending: all of it is refundable again.
    expect(answer.order).toMatchObject({
      status: "paid",
      refundedAmount: 0,
      refundable: order.totalAmount,
      payment: { refunded: 0, pendingRefunds: 0 },
    });
    expect(answer.order.events.at(-1)).toMatchObject({
      fromStatus: "paid",
      toStatus: "paid",
      actorRole: "system",
      note: `Refund of ${priceText(2_000)} refused by the card processor: The refund is more than what is left of the payment.`,
    });
    expect((await orderTotals(t.db, order.id)).refund).toBe(0);
    // The buyer's history does not show it: it is the team's to settle.
    const forBuyer = await t.services.purchases.get(order.purchaserId, order.id);
    expect(forBuyer.events.map((e) => e.toStatus)).toEqual(["paid"]);

    // Retried by no one: settleRefund again, and the timers a minute later, change nothing.
    const again = await Promise.all([
      t.services.orders.settleRefund(answer.refund!.id),
      t.services.orders.settleRefund(answer.refund!.id),
    ]);
    expect(again.map((r) => r.refund?.status)).toEqual(["failed", "failed"]);
    clock.advanceMs(2 * 60_000);
    const run = await t.services.orders.timers.run();
    expect([run.refundsSettled, run.refundsPending, run.refundsRefused]).toEqual([0, 0, 0]);

    const mails = await t.db.select().from(outbox);
    const team = mails.filter((x) => x.kind === "order-refund-refused-team");
    expect(team).toHaveLength(1);
    expect(team[0]!.recipient).toBe(t.config.teamEmail);
    expect(team[0]!.textBody).toContain(`refused a refund of ${priceText(2_000)} for`);
    expect(team[0]!.textBody).toContain(`/admin/orders/${order.id}`);
    expect(mails.filter((x) => x.recipient === email && x.kind.startsWith("order-refund"))).toEqual(
      [],
    );
  });

  it("leaves a cancelled order cancelled, with the refund failed and the team told", async () => {
    const { order } = await sale(10_000);
    await refundedElsewhere(order.paymentId);
    const answer = await ok(
      await send("POST", `/api/admin/orders/${order.id}/cancel`, { reason: "Lost in transit" }),
    );
    expect(answer.message).toBe(
      am.cancelledRefundRefused("The refund is more than what is left of the payment."),
    );
    expect(answer.order.status).toBe("cancelled");
    expect(answer.refund?.status).toBe("failed");
    const team = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, "order-refund-refused-team"));
    expect(team.filter((x) => x.textBody.includes(`/admin/orders/${order.id}`))).toHaveLength(1);
  });
});

describe("a reported problem", () => {
  async function reported() {
    const s = await sale(10_000);
    await t.services.orders.move({
      orderId: s.order.id,
      move: "ship",
      actor: { id: s.artist.id, role: "artist" },
      set: { shippedAt: clock.now(), carrier: "UPS", trackingNumber: "1Z1" },
    });
    await t.services.orders.move({
      orderId: s.order.id,
      move: "report_problem",
      actor: { id: s.order.purchaserId, role: "buyer" },
      set: { problemKind: "damaged", problemNote: "Corner dented", problemReportedAt: clock.now() },
    });
    return s;
  }

  it("is closed by the team: completed, the artist told the net is payable, audited; once", async () => {
    const { artist, order } = await reported();
    const close = () =>
      send("POST", `/api/admin/orders/${order.id}/close-problem`, {
        note: "The buyer accepted the dent.",
      });
    const answers = await Promise.all([close(), close()]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const done = expectContract(
      adminOrderActionSchema,
      await answers.find((r) => r.status === 200)!.json(),
    );
    expect(done.message).toBe(am.problemClosed);
    expect(done.refund).toBeNull();
    expect(done.order).toMatchObject({ status: "completed", actions: { closeProblem: false } });
    expect(done.order.completedAt).toBe(clock.now().toISOString());
    expect(done.order.events.at(-1)).toMatchObject({
      fromStatus: "problem_reported",
      toStatus: "completed",
      actorRole: "team",
      actorName: "Grace Hopper",
      note: "The buyer accepted the dent.",
    });
    const mails = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, artist.email), eq(outbox.kind, "order-completed")));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain("$80 is now payable");
    expect((await auditOf(order.id)).map((a) => a.action)).toEqual(["order.close_problem"]);
  });

  it("is settled by a partial refund: nothing is left to close, the rest of the net payable", async () => {
    const { artist, email, order } = await reported();
    const part = await ok(await refund(order.id, { amount: 5_000, reason: "Half for the dent" }));
    expect(part.order.status).toBe("partially_refunded");
    expect(part.order.actions.closeProblem).toBe(false);
    expect(
      await errorOf(
        await send("POST", `/api/admin/orders/${order.id}/close-problem`, { note: "x" }),
        409,
      ),
    ).toBe(m.notAllowed);
    // The rest of the artist's net is payable now, and they are told how much, once.
    const totals = await orderTotals(t.db, order.id);
    const left = totals.artist_net - totals.artist_net_refund;
    expect(left).toBeGreaterThan(0);
    const mails = await t.db.select().from(outbox).where(eq(outbox.recipient, artist.email));
    const payable = mails.filter((x) => x.kind === "order-completed");
    expect(payable).toHaveLength(1);
    const [toBuyer] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "order-refunded-buyer"), eq(outbox.recipient, email)));
    expect(toBuyer!.textBody).toContain("This settles the problem you reported; it is now closed.");
    expect(payable[0]!.textBody).toContain(`${priceText(left)} is now payable`);
  });

  it("closed after an earlier partial refund, tells the artist what is left of their net", async () => {
    const s = await sale(10_000);
    // Refunded in part while the work was on its way (the order stays shipped).
    await t.services.orders.move({
      orderId: s.order.id,
      move: "ship",
      actor: { id: s.artist.id, role: "artist" },
      set: { shippedAt: clock.now(), carrier: "UPS", trackingNumber: "1Z3" },
    });
    expect(
      (await ok(await refund(s.order.id, { amount: 2_500, reason: "Late" }))).order.status,
    ).toBe("shipped");
    await t.services.orders.move({
      orderId: s.order.id,
      move: "report_problem",
      actor: { id: s.order.purchaserId, role: "buyer" },
      set: {
        problemKind: "not_received",
        problemNote: "Nothing yet",
        problemReportedAt: clock.now(),
      },
    });
    await ok(
      await send("POST", `/api/admin/orders/${s.order.id}/close-problem`, { note: "It arrived." }),
    );
    const totals = await orderTotals(t.db, s.order.id);
    const left = totals.artist_net - totals.artist_net_refund;
    expect(left).toBeLessThan(8_000);
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, s.artist.email), eq(outbox.kind, "order-completed")));
    expect(mail!.textBody).toContain(`${priceText(left)} is now payable`);
  });

  it("is not closed while a refund is with the processor", async () => {
    allowConsoleError();
    const { order } = await reported();
    const restore = await simulatedRefundsDown(t.db);
    const pending = await ok(await refund(order.id, { amount: 1_000, reason: "Part" }));
    await restore();
    expect(pending.refund?.status).toBe("pending");
    expect(
      await errorOf(
        await send("POST", `/api/admin/orders/${order.id}/close-problem`, { note: "Done" }),
        409,
      ),
    ).toBe(am.refundInProgress);
  });

  it("refuses closing an order with no problem, and a bad note, changing nothing", async () => {
    const { order } = await sale();
    const url = `/api/admin/orders/${order.id}/close-problem`;
    expect(await errorOf(await send("POST", url, { note: "x" }), 409)).toBe(m.notAllowed);
    expect(await errorOf(await send("POST", url, {}), 400)).toBe(am.noteRequired);
    expect(await errorOf(await send("POST", url, { note: " " }), 400)).toBe(am.noteRequired);
    expect(
      await errorOf(await send("POST", url, { note: "x".repeat(MAX_ORDER_TEXT + 1) }), 400),
    ).toBe(am.noteTooLong);
    expect(await errorOf(await send("POST", url, { note: "a\u0000" }), 400)).toBe(
      inputMessages.nulCharacter,
    );
    await expectUnchanged(order.id);
    expect((await detail(order.id)).status).toBe("paid");
  });
});

describe("cancelling", () => {
  it("cancels a paid order and refunds everything, once however often it is pressed", async () => {
    const { email, order } = await sale(10_000);
    const cancel = () =>
      send("POST", `/api/admin/orders/${order.id}/cancel`, { reason: "Lost in transit" });
    const answers = await Promise.all([cancel(), cancel(), cancel()]);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    const done = expectContract(
      adminOrderActionSchema,
      await answers.find((r) => r.status === 200)!.json(),
    );
    expect(done.message).toBe(am.cancelledRefunded(priceText(order.totalAmount)));
    expect(done.refund).toMatchObject({ move: "cancel", amount: order.totalAmount });
    expect(done.order).toMatchObject({
      status: "cancelled",
      refundedAmount: order.totalAmount,
      refundable: 0,
      actions: { refund: false, closeProblem: false, cancel: false },
    });
    expect(done.order.events.at(-2)).toMatchObject({
      toStatus: "cancelled",
      note: "Lost in transit",
      actorRole: "team",
    });
    expect(await processorRefunded(order.paymentId)).toBe(order.totalAmount);
    expect((await auditOf(order.id)).map((a) => a.action)).toEqual(["order.cancel"]);
    const mails = await t.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(mails.filter((x) => x.kind === "order-refunded-buyer")).toHaveLength(1);
  });

  it("cancels an order whose capture never happened: the card is not charged, both are e-mailed once", async () => {
    // A sale whose capture the reconciler is still retrying: authorized, nothing in the ledger.
    const artist = await createArtist(t.db);
    const buyer = await createUser(t.db);
    const artwork = await createArtwork(t.db, { artistId: artist.id });
    const order = await createOrder(t.db, { artworkId: artwork.id, purchaserId: buyer.id });
    await t.db
      .update(payments)
      .set({ status: "authorized", providerPaymentId: null })
      .where(eq(payments.id, order.paymentId));
    const cancel = () =>
      send("POST", `/api/admin/orders/${order.id}/cancel`, { reason: "The work was stolen" });
    const answers = await Promise.all([cancel(), cancel()]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const done = expectContract(
      adminOrderActionSchema,
      await answers.find((r) => r.status === 200)!.json(),
    );
    expect(done.message).toBe(am.cancelledUncaptured);
    expect(done.refund).toBeNull();
    expect(done.order.status).toBe("cancelled");
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, order.paymentId));
    expect(payment!.status).toBe("cancelled");
    const mails = await t.db.select().from(outbox);
    const toBuyer = mails.filter((x) => x.recipient === buyer.email);
    expect(toBuyer.map((x) => x.kind)).toEqual(["order-cancelled-buyer"]);
    expect(toBuyer[0]!.textBody).toContain("was cancelled before your card was charged");
    expect(toBuyer[0]!.textBody).toContain("Reason: The work was stolen");
    expect(mails.filter((x) => x.recipient === artist.email).map((x) => x.kind)).toEqual([
      "order-cancelled-artist",
    ]);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
  });

  it("cancels while the capture was in flight: the capture is recorded and refunded, the buyer told of the refund", async () => {
    const artist = await createArtist(t.db);
    const buyer = await createUser(t.db);
    const artwork = await createArtwork(t.db, { artistId: artist.id });
    const order = await createOrder(t.db, { artworkId: artwork.id, purchaserId: buyer.id });
    // Our payment is still authorized; the processor has just captured it.
    const providerPaymentId = `sim_pi_inflight_${order.id}`;
    await t.db.insert(simulatedPayments).values({
      id: providerPaymentId,
      clientSecret: `${providerPaymentId}_secret`,
      idempotencyKey: `inflight-${order.id}`,
      amount: order.totalAmount,
      currency: "usd",
      status: "captured",
      metadata: {},
      capturedAt: clock.now(),
    });
    await t.db
      .update(payments)
      .set({ status: "authorized", providerPaymentId })
      .where(eq(payments.id, order.paymentId));
    const done = await ok(
      await send("POST", `/api/admin/orders/${order.id}/cancel`, { reason: "Lost in transit" }),
    );
    expect(done.message).toBe(am.cancelledRefunded(priceText(order.totalAmount)));
    expect(done.order).toMatchObject({ status: "cancelled", refundedAmount: order.totalAmount });
    const totals = await orderTotals(t.db, order.id);
    expect([totals.capture, totals.refund]).toEqual([order.totalAmount, order.totalAmount]);
    expect(await processorRefunded(order.paymentId)).toBe(order.totalAmount);
    const kinds = (await t.db.select().from(outbox).where(eq(outbox.recipient, buyer.email))).map(
      (x) => x.kind,
    );
    expect(kinds).toEqual(["order-refunded-buyer"]);
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, order.paymentId));
    expect(payment!.status).toBe("captured");
  });

  it("refuses a delivered order and a bad reason, changing nothing", async () => {
    const { artist, order } = await sale();
    await t.services.orders.move({
      orderId: order.id,
      move: "ship",
      actor: { id: artist.id, role: "artist" },
      set: { shippedAt: clock.now(), carrier: "UPS", trackingNumber: "1Z2" },
    });
    const url = `/api/admin/orders/${order.id}/cancel`;
    expect(await errorOf(await send("POST", url, {}), 400)).toBe(m.reasonRequired);
    expect(
      await errorOf(await send("POST", url, { reason: "x".repeat(MAX_ORDER_TEXT + 1) }), 400),
    ).toBe(am.reasonTooLong);
    await t.services.orders.move({
      orderId: order.id,
      move: "confirm_receipt",
      actor: { id: order.purchaserId, role: "buyer" },
      set: { deliveredAt: clock.now() },
    });
    expect(await errorOf(await send("POST", url, { reason: "Too late" }), 409)).toBe(m.notAllowed);
    await expectUnchanged(order.id);
    const [ledger] = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.kind, "refund")));
    expect(ledger).toBeUndefined();
  });
});
