import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "../../../contracts/common.contract";
import { type Purchase, purchasesSchema } from "../../../contracts/checkout.contract";
import { purchaseDetailSchema } from "../../../contracts/orders.contract";
import { purchaseOrderMessages as pm } from "../../../contracts/purchases.contract";
import { checkoutMessages } from "../../../domain/checkout";
import { orderMessages as m } from "../../../domain/orders";
import { inputMessages } from "../../../domain/text-input";
import { orderEvents, orders, outbox } from "../../db/schema";
import { createArtwork } from "../../test/factories";
import { expectContract } from "../../test/contract";
import { type TestApp, createTestApp, testClock } from "../../test/test-app";
import { buy } from "../purchase/checkout.test-helpers";
import { type Member, headersFor, signUp } from "../profiles/profiles.test-helpers";
import { systemActor } from "./orders.service";

/**
 * The buyer's orders (docs/api.md "Buyer's orders"): only the buyer sees or
 * moves their order; confirm receipt and report a problem are one move each, however
 * often they are sent; the return window is measured on the injectable clock.
 */

let t: TestApp;
const clock = testClock(new Date("2026-06-01T12:00:00Z"));
// Three sessions for the whole file (sign-up is rate limited): every sale is a new work.
let artist: Member;
let buyer: Member;
let stranger: Member;

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
  artist = await signUp(
    t,
    { firstName: "Ines", lastName: "Moreau" },
    { isArtist: true, payoutStatus: "active", payoutAccountId: "acct_buyer_orders" },
  );
  buyer = await signUp(t, { firstName: "Pia", lastName: "Buyer" });
  stranger = await signUp(t, { firstName: "Sam", lastName: "Stranger" });
});
afterAll(async () => {
  await t?.close();
});

type Sale = { artist: Member; buyer: Member; orderId: string; artworkId: string; title: string };

let n = 0;
async function sale(): Promise<Sale> {
  n += 1;
  const title = `Salt Marsh ${n}`;
  const artwork = await createArtwork(t.db, { artistId: artist.id, title, priceCents: 10_000 });
  const bought = await buy(buyer.client, artwork.id);
  return { artist, buyer, orderId: bought.orderId, artworkId: artwork.id, title };
}

async function ship(s: Sale, set: { carrier: string | null; trackingNumber: string | null }) {
  await t.services.orders.move({
    orderId: s.orderId,
    move: "ship",
    actor: { id: s.artist.id, role: "artist" },
    set: { shippedAt: clock.now(), ...set },
  });
}

async function shipped(): Promise<Sale> {
  const s = await sale();
  await ship(s, { carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
  return s;
}

async function delivered(): Promise<Sale> {
  const s = await shipped();
  const response = await s.buyer.client.post(`/api/me/purchases/${s.orderId}/confirm-receipt`);
  expect(response.status).toBe(200);
  return s;
}

async function orderRow(id: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function eventsOf(id: string) {
  return t.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
}

function mailsOf(kind: string) {
  return t.db.select().from(outbox).where(eq(outbox.kind, kind));
}

async function mailsTo(recipient: string, kind: string) {
  return t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), eq(outbox.kind, kind)));
}

async function errorOf(response: Response) {
  return ((await response.json()) as ApiErrorBody).error;
}

/** Everything a refused request must leave as it was. */
async function snapshot(id: string) {
  const row = await orderRow(id);
  return {
    order: { ...row, updatedAt: null },
    events: (await eventsOf(id)).length,
    mails: (await t.db.select().from(outbox)).length,
  };
}

const report = (member: Member, id: string, body: unknown) =>
  member.client.post(`/api/me/purchases/${id}/report-problem`, body);

describe("GET /api/me/purchases/:orderId", () => {
  it("answers the buyer's order: the work, amounts, address, state, tracking and history", async () => {
    const s = await sale();
    const paid = expectContract(
      purchaseDetailSchema,
      await (await s.buyer.client.get(`/api/me/purchases/${s.orderId}`)).json(),
    );
    expect(paid).toMatchObject({
      id: s.orderId,
      artworkId: s.artworkId,
      status: "paid",
      price: 10_000,
      refundedAmount: 0,
      shippedAt: null,
      shippingAddress: { line1: "1 Main St", city: "Albany", state: "NY", postal_code: "12207" },
      mayConfirmReceipt: false,
      mayReportProblem: false,
    });
    expect(paid.totalAmount).toBe(paid.price + paid.taxAmount);
    expect(paid.events.map((e) => [e.fromStatus, e.toStatus])).toEqual([[null, "paid"]]);

    await ship(s, { carrier: "UPS", trackingNumber: "1Z999" });
    const response = await s.buyer.client.get(`/api/me/purchases/${s.orderId}`);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const now = expectContract(purchaseDetailSchema, await response.json());
    expect(now).toMatchObject({
      status: "shipped",
      carrier: "UPS",
      trackingNumber: "1Z999",
      mayConfirmReceipt: true,
      mayReportProblem: true,
    });
    expect(now.events.at(-1)).toMatchObject({
      actorRole: "artist",
      actorName: "Ines Moreau",
      fromStatus: "paid",
      toStatus: "shipped",
    });
  });

  it("shows a refund the team made as the refunded amount", async () => {
    const s = await sale();
    await t.services.orders.requestRefund({
      orderId: s.orderId,
      move: "refund_partial",
      actor: { id: null, role: "team" },
      reason: "A scratch on the frame",
      amount: 1_250,
    });
    const body = expectContract(
      purchaseDetailSchema,
      await (await s.buyer.client.get(`/api/me/purchases/${s.orderId}`)).json(),
    );
    expect(body.refundedAmount).toBe(1_250);
    expect(body.events.at(-1)?.note).toBe("Refunded $12.50: A scratch on the frame");
  });
});

describe("who may see and move an order", () => {
  it("answers 404 to another buyer and to the artist, 401 signed out, and changes nothing", async () => {
    const s = await shipped();
    const before = await snapshot(s.orderId);
    const paths = [
      ["GET", `/api/me/purchases/${s.orderId}`],
      ["POST", `/api/me/purchases/${s.orderId}/confirm-receipt`],
      ["POST", `/api/me/purchases/${s.orderId}/report-problem`],
    ] as const;
    for (const [method, path] of paths) {
      const body = { kind: "damaged" };
      for (const member of [stranger, s.artist]) {
        const response =
          method === "GET" ? await member.client.get(path) : await member.client.post(path, body);
        expect(response.status, `${method} ${path}`).toBe(404);
        expect((await errorOf(response)).message).toBe(m.notFound);
      }
      const guest = t.client();
      const response = method === "GET" ? await guest.get(path) : await guest.post(path, body);
      expect(response.status).toBe(401);
      expect((await errorOf(response)).message).toBe(checkoutMessages.signInForPurchases);
    }
    expect(await snapshot(s.orderId)).toEqual(before);
  });

  it("answers 404 for an id that is not a UUID and for an unknown one", async () => {
    const s = await sale();
    for (const id of ["not-an-id", "00000000-0000-4000-8000-000000000000", "%27%20or%201=1"]) {
      expect((await s.buyer.client.get(`/api/me/purchases/${id}`)).status).toBe(404);
      expect((await s.buyer.client.post(`/api/me/purchases/${id}/confirm-receipt`)).status).toBe(
        404,
      );
      expect((await report(s.buyer, id, { kind: "damaged" })).status).toBe(404);
    }
  });

  it("finds the order whatever the case of its id", async () => {
    const s = await sale();
    const response = await s.buyer.client.get(`/api/me/purchases/${s.orderId.toUpperCase()}`);
    expect(response.status).toBe(200);
  });
});

describe("POST /api/me/purchases/:orderId/confirm-receipt", () => {
  it("moves a shipped order to delivered once, with one e-mail, when pressed ten times at once", async () => {
    const s = await shipped();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        s.buyer.client.post(`/api/me/purchases/${s.orderId}/confirm-receipt`),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const ok = responses.find((r) => r.status === 200)!;
    const body = expectContract(purchaseDetailSchema, await ok.json());
    expect(body).toMatchObject({
      status: "delivered",
      deliveredAt: clock.now().toISOString(),
      mayConfirmReceipt: false,
      mayReportProblem: true,
    });
    const events = await eventsOf(s.orderId);
    expect(events.filter((e) => e.toStatus === "delivered")).toMatchObject([
      { actorId: s.buyer.id, actorRole: "buyer", fromStatus: "shipped" },
    ]);
    const mails = await mailsTo(s.artist.email, "order-delivered");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(`Pia Buyer confirmed receiving "${s.title}".`);
  });

  it("refuses before the work is shipped, and changes nothing", async () => {
    const s = await sale();
    const before = await snapshot(s.orderId);
    const response = await s.buyer.client.post(`/api/me/purchases/${s.orderId}/confirm-receipt`);
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe(m.notAllowed);
    expect(await snapshot(s.orderId)).toEqual(before);
  });
});

describe("POST /api/me/purchases/:orderId/report-problem", () => {
  it("reports a problem within the return window: the order waits for the team, who and the artist are e-mailed", async () => {
    const s = await delivered();
    clock.advanceDays(6);
    const note = "The corner of the canvas is torn.\nSee the photo I can send.";
    const response = await report(s.buyer, s.orderId, { kind: "damaged", note: `  ${note} ` });
    expect(response.status).toBe(200);
    const body = expectContract(purchaseDetailSchema, await response.json());
    expect(body).toMatchObject({
      status: "problem_reported",
      problemKind: "damaged",
      problemNote: note,
      mayReportProblem: false,
      mayConfirmReceipt: false,
    });
    expect(body.events.at(-1)).toMatchObject({
      actorRole: "buyer",
      fromStatus: "delivered",
      toStatus: "problem_reported",
      note: `The work arrived damaged: ${note}`,
    });
    const row = await orderRow(s.orderId);
    expect(row.problemReportedAt?.toISOString()).toBe(clock.now().toISOString());

    const [team] = await mailsTo(t.config.teamEmail, "order-problem-team");
    expect(team!.textBody).toContain(`${t.config.publicUrl}/admin/orders/${s.orderId}`);
    expect(team!.textBody).toContain("Problem: The work arrived damaged");
    expect(team!.textBody).toContain(note);
    expect(await mailsTo(s.artist.email, "order-problem-artist")).toHaveLength(1);
  });

  it("takes a report while the work travels ('not received'), without a note, once when sent twice at once", async () => {
    const s = await shipped();
    const before = (await mailsOf("order-problem-team")).length;
    const responses = await Promise.all([
      report(s.buyer, s.orderId, { kind: "not_received" }),
      report(s.buyer, s.orderId, { kind: "not_received" }),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    const row = await orderRow(s.orderId);
    expect(row).toMatchObject({ status: "problem_reported", problemNote: null });
    expect((await mailsOf("order-problem-team")).length).toBe(before + 1);
    const events = await eventsOf(s.orderId);
    expect(events.filter((e) => e.toStatus === "problem_reported")).toHaveLength(1);
  });

  it("refuses once the 7-day window after delivery has closed, also after completion, and changes nothing", async () => {
    const s = await delivered();
    clock.advanceDays(7);
    let before = await snapshot(s.orderId);
    let response = await report(s.buyer, s.orderId, { kind: "not_as_described" });
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe(m.problemWindowClosed);
    expect(await snapshot(s.orderId)).toEqual(before);
    const page = expectContract(
      purchaseDetailSchema,
      await (await s.buyer.client.get(`/api/me/purchases/${s.orderId}`)).json(),
    );
    expect(page.mayReportProblem).toBe(false);

    // The completion timer's move: the order is completed, the answer the same.
    await t.services.orders.move({ orderId: s.orderId, move: "complete", actor: systemActor });
    before = await snapshot(s.orderId);
    response = await report(s.buyer, s.orderId, { kind: "not_as_described" });
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe(m.problemWindowClosed);
    expect(await snapshot(s.orderId)).toEqual(before);
  });

  it("takes a report one second before the window closes", async () => {
    const s = await delivered();
    clock.advanceDays(7);
    clock.advanceMs(-1000);
    const response = await report(s.buyer, s.orderId, { kind: "not_as_described" });
    expect(response.status).toBe(200);
    clock.advanceMs(1000);
  });

  it("refuses before the work is shipped", async () => {
    const s = await sale();
    const response = await report(s.buyer, s.orderId, { kind: "not_received" });
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe(m.notAllowed);
    expect((await orderRow(s.orderId)).status).toBe("paid");
  });

  it("refuses a NUL character, an oversized note, an unknown or missing kind with 400, and changes nothing", async () => {
    const s = await shipped();
    const before = await snapshot(s.orderId);
    const cases: [unknown, string][] = [
      [{ kind: "damaged", note: "torn\u0000" }, inputMessages.nulCharacter],
      [{ kind: "damaged\u0000" }, inputMessages.nulCharacter],
      [{ kind: "damaged", note: "x".repeat(2_001) }, pm.noteTooLong],
      [{ kind: "damaged", note: 42 }, pm.noteTooLong],
      [{ kind: "broken" }, pm.kindRequired],
      [{ kind: "" }, pm.kindRequired],
      [{ note: "no kind" }, pm.kindRequired],
      [{ kind: "__proto__" }, pm.kindRequired],
    ];
    for (const [body, message] of cases) {
      const response = await report(s.buyer, s.orderId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(response)).message).toBe(message);
    }
    const notJson = await t.app.request(`/api/me/purchases/${s.orderId}/report-problem`, {
      method: "POST",
      headers: headersFor(s.buyer, { "content-type": "application/x-www-form-urlencoded" }),
      body: "kind=damaged",
    });
    expect(notJson.status).toBe(415);
    expect(await snapshot(s.orderId)).toEqual(before);
  });

  it("takes a note of exactly 2,000 characters", async () => {
    const s = await shipped();
    const response = await report(s.buyer, s.orderId, { kind: "damaged", note: "y".repeat(2_000) });
    expect(response.status).toBe(200);
    expect((await orderRow(s.orderId)).problemNote).toHaveLength(2_000);
  });
});

function entry(list: { purchases: Purchase[] }, orderId: string): Purchase {
  const found = list.purchases.find((p) => p.id === orderId);
  if (!found) throw new Error(`order ${orderId} is not in the list`);
  return found;
}

describe("GET /api/me/purchases", () => {
  it("shows each purchase's state, and the carrier and tracking number once shipped", async () => {
    const s = await sale();
    let list = expectContract(
      purchasesSchema,
      await (await s.buyer.client.get("/api/me/purchases")).json(),
    );
    expect(entry(list, s.orderId)).toMatchObject({
      status: "paid",
      shippedAt: null,
      carrier: null,
      trackingNumber: null,
    });
    await ship(s, { carrier: "DHL", trackingNumber: "JD014600003SE" });
    list = expectContract(
      purchasesSchema,
      await (await s.buyer.client.get("/api/me/purchases")).json(),
    );
    expect(entry(list, s.orderId)).toMatchObject({
      status: "shipped",
      shippedAt: clock.now().toISOString(),
      carrier: "DHL",
      trackingNumber: "JD014600003SE",
    });
  });

  it("shows a work handed over at pick-up as shipped with no carrier", async () => {
    const s = await sale();
    await ship(s, { carrier: null, trackingNumber: null });
    const list = expectContract(
      purchasesSchema,
      await (await s.buyer.client.get("/api/me/purchases")).json(),
    );
    expect(entry(list, s.orderId)).toMatchObject({ status: "shipped", carrier: null });
    expect(entry(list, s.orderId).shippedAt).not.toBeNull();
  });
});
