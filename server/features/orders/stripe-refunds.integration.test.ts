import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminOrderAction,
  adminOrderActionSchema,
  adminOrderDetailSchema,
  adminOrderMessages as am,
} from "../../../contracts/admin-orders.contract";
import { priceText } from "../../../domain/display";
import { orderMessages as m } from "../../../domain/orders";
import { outbox } from "../../db/schema";
import { expectContract } from "../../test/contract";
import { allowConsoleError } from "../../test/fail-on-console-error";
import { type TestApp, createTestApp } from "../../test/test-app";
import { stripeSale as sale, stripeTestEnv } from "../purchase/stripe-sale.test-helpers";
import { startStripeStandIn } from "../purchase/stripe-stand-in.test-helpers";
import { type ErrorBody, type Member, headersFor, signUp } from "../profiles/profiles.test-helpers";
import { orderTotals } from "./ledger.repository";

/** The team's refunds in Stripe mode, against the local stand-in with the real SDK. */

let t: TestApp;
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let admin: Member;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp(stripeTestEnv(standIn.url));
  admin = await signUp(t, {}, { role: "admin" });
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

const stripeSale = (price = 10_000) =>
  sale(t, standIn, { price, artist: { payoutStatus: "active", payoutAccountId: "acct_x" } });

async function send(method: string, url: string, body?: unknown) {
  const headers = headersFor(
    admin,
    body === undefined ? {} : { "content-type": "application/json" },
  );
  return t.app.request(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function refund(orderId: string, body: unknown): Promise<Response> {
  return send("POST", `/api/admin/orders/${orderId}/refund`, body);
}

async function ok(response: Response): Promise<AdminOrderAction> {
  expect(response.status, await response.clone().text()).toBe(200);
  return expectContract(adminOrderActionSchema, await response.json());
}

/** A refund made at Stripe directly (its dashboard, another tool): no key, no metadata. */
async function refundAtStripe(intentId: string, amount?: number) {
  const body = new URLSearchParams({ payment_intent: intentId });
  if (amount !== undefined) body.set("amount", String(amount));
  return fetch(`${standIn.url}/v1/refunds`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: body.toString(),
  });
}

const refundedAtStripe = (intentId: string) =>
  standIn.refunds.filter((r) => r.payment_intent === intentId).reduce((s, r) => s + r.amount, 0);

describe("a team refund in Stripe mode", () => {
  it("refunds part through Stripe with the refund's key, then the rest; Stripe and the ledger agree", async () => {
    const { order, intentId } = await stripeSale(10_000);
    const part = await ok(await refund(order.id, { amount: 1_234, reason: "Scuffed frame" }));
    expect(part.message).toBe(am.refunded("$12.34"));
    expect(part.refund).toMatchObject({ status: "succeeded", amount: 1_234 });
    expect(part.refund!.providerRefundId).toMatch(/^re_/);
    expect(part.order.payment).toMatchObject({
      provider: "stripe",
      providerPaymentId: intentId,
      captured: order.totalAmount,
      refunded: 1_234,
    });
    const request = standIn.requests.filter((r) => r.path === "/v1/refunds").at(-1);
    expect(request?.idempotencyKey).toBe(`refund-${part.refund!.id}`);
    expect(standIn.refunds.at(-1)).toMatchObject({ payment_intent: intentId, amount: 1_234 });

    const rest = await ok(await refund(order.id, { reason: "Returned" }));
    expect(rest.order.status).toBe("refunded");
    expect(refundedAtStripe(intentId)).toBe(order.totalAmount);
    expect((await orderTotals(t.db, order.id)).refund).toBe(order.totalAmount);

    // Stripe's list of the intent's refunds says the same, newest first.
    const listed = await fetch(`${standIn.url}/v1/refunds?payment_intent=${intentId}`);
    const list = (await listed.json()) as { data: { amount: number }[] };
    expect(list.data.map((r) => r.amount)).toEqual([order.totalAmount - 1_234, 1_234]);
  });

  it("stays pending while Stripe fails; settleRefund finishes it once, with the same key", async () => {
    allowConsoleError();
    const { order, intentId } = await stripeSale(10_000);
    standIn.failNextRefunds(1);
    const pending = await ok(await refund(order.id, { amount: 3_000, reason: "Damaged" }));
    expect(pending.message).toBe(am.refundPending);
    expect(pending.refund).toMatchObject({ status: "pending", providerRefundId: null });
    expect(refundedAtStripe(intentId)).toBe(0);

    const settled = await Promise.all([
      t.services.orders.settleRefund(pending.refund!.id),
      t.services.orders.settleRefund(pending.refund!.id),
    ]);
    expect(settled.map((s) => s.refund?.status)).toEqual(["succeeded", "succeeded"]);
    // Both asked Stripe with the same key: one refund at Stripe, one in the ledger.
    expect(refundedAtStripe(intentId)).toBe(3_000);
    expect((await orderTotals(t.db, order.id)).refund).toBe(3_000);
    const keys = standIn.requests
      .filter((r) => r.path === "/v1/refunds" && r.idempotencyKey?.includes(pending.refund!.id))
      .map((r) => r.idempotencyKey);
    expect(new Set(keys)).toEqual(new Set([`refund-${pending.refund!.id}`]));
    const view = expectContract(
      adminOrderDetailSchema,
      await (await send("GET", `/api/admin/orders/${order.id}`)).json(),
    );
    expect(view.refunds[0]).toMatchObject({ status: "succeeded" });
    expect(view.refundable).toBe(order.totalAmount - 3_000);
  });

  it("a refund Stripe made whose answer was lost is found by its key after Stripe forgot the key, not made twice", async () => {
    allowConsoleError();
    const { order, intentId } = await stripeSale(10_000);
    standIn.failNextRefunds(1, "after");
    const pending = await ok(await refund(order.id, { amount: 3_000, reason: "Damaged" }));
    expect(pending.refund).toMatchObject({ status: "pending", providerRefundId: null });
    const made = standIn.refunds.at(-1)!;
    expect(made).toMatchObject({
      payment_intent: intentId,
      amount: 3_000,
      metadata: { vernissage_key: `refund-${pending.refund!.id}` },
    });
    // More than a page of the intent's refunds made since (from the dashboard, say): the
    // lookup must read the next page to find ours.
    for (let i = 0; i < 100; i += 1) await refundAtStripe(intentId, 10);

    // The outage outlasts Stripe's 24 hours; the timers' next try must not refund again.
    standIn.forgetIdempotencyKeys();
    const before = standIn.requests.length;
    const settled = await t.services.orders.settleRefund(pending.refund!.id);
    expect(settled.refund).toMatchObject({ status: "succeeded", providerRefundId: made.id });
    expect(refundedAtStripe(intentId)).toBe(3_000 + 1_000);
    expect((await orderTotals(t.db, order.id)).refund).toBe(3_000);
    const asked = standIn.requests.slice(before).filter((r) => r.path === "/v1/refunds");
    expect(asked.map((r) => r.method)).toEqual(["GET", "GET"]);
  });

  it("never refunds more than the capture when two refunds race, at Stripe too", async () => {
    const { order, intentId } = await stripeSale(10_000);
    const amount = order.totalAmount - 50;
    const answers = await Promise.all([
      refund(order.id, { amount, reason: "one" }),
      refund(order.id, { amount, reason: "two" }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    const refused = answers.find((r) => r.status === 400)!;
    expect(((await refused.json()) as ErrorBody).error.message).toBe(
      m.refundTooLarge(priceText(50)),
    );
    expect(refundedAtStripe(intentId)).toBe(amount);
  });

  it("the stand-in refuses more than was captured, as Stripe does", async () => {
    const { order, intentId } = await stripeSale(10_000);
    const tooMuch = await fetch(`${standIn.url}/v1/refunds`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        payment_intent: intentId,
        amount: String(order.totalAmount + 1),
      }).toString(),
    });
    expect(tooMuch.status).toBe(400);
    expect(((await tooMuch.json()) as { error: { code: string } }).error.code).toBe(
      "amount_too_large",
    );
    expect(refundedAtStripe(intentId)).toBe(0);
  });

  it("ends failed when Stripe refuses for good (refunded in the dashboard), and the team is told", async () => {
    const { order, intentId } = await stripeSale(10_000);
    // Someone refunded the whole payment in Stripe's dashboard.
    const elsewhere = await refundAtStripe(intentId);
    expect(elsewhere.status).toBe(200);
    const answer = await ok(await refund(order.id, { reason: "Not as described" }));
    expect(answer.refund).toMatchObject({ status: "failed", providerRefundId: null });
    expect(answer.refund!.failureMessage).toMatch(/greater than unrefunded amount/);
    expect(answer.message).toBe(am.refundRefused(answer.refund!.failureMessage!));
    expect(answer.order).toMatchObject({ status: "paid", refundedAmount: 0 });
    expect((await orderTotals(t.db, order.id)).refund).toBe(0);
    // One request to Stripe with the refund's key, none after: it is not retried.
    const asked = () =>
      standIn.requests.filter((r) => r.idempotencyKey === `refund-${answer.refund!.id}`).length;
    expect(asked()).toBe(1);
    await t.services.orders.settleRefund(answer.refund!.id);
    expect(asked()).toBe(1);
    const team = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, "order-refund-refused-team"));
    expect(team.filter((x) => x.textBody.includes(order.id))).toHaveLength(1);
  });
});
