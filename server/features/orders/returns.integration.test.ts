import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "../../../contracts/common.contract";
import { platformSettingsSchema } from "../../../contracts/admin-orders.contract";
import {
  type OrderReturnState,
  orderReturnStateSchema,
  returnPhotoSchema,
  returnWindowSchema,
} from "../../../contracts/returns.contract";
import { saleSchema } from "../../../contracts/sales.contract";
import { dayText } from "../../../domain/reconciliation";
import { returnMessages as rm } from "../../../domain/returns";
import { inputMessages } from "../../../domain/text-input";
import {
  artistPayouts,
  artworks,
  auditEvents,
  ledgerEntries,
  orderEvents,
  orderReturns,
  orders,
  outbox,
  refunds,
  returnImages,
} from "../../db/schema";
import { expectContract } from "../../test/contract";
import { openResettableTestDatabase, type ResettableTestDatabase } from "../../test/database";
import { allowConsoleError } from "../../test/fail-on-console-error";
import { createArtwork } from "../../test/factories";
import { solidJpeg } from "../../test/images";
import { simulatedRefundsDown } from "../../test/processor-faults";
import { type TestApp, createTestApp, testClock } from "../../test/test-app";
import { listCollectionArtworks } from "../artworks/artworks.api";
import { buy } from "../purchase/checkout.test-helpers";
import { completeOrder, secondServices } from "../payouts/payout-run.test-helpers";
import { type Member, headersFor, signUp } from "../profiles/profiles.test-helpers";
import { RETURN_REFUND_REASON } from "./returns.service";

/**
 * Returns (decision 0055), on the real database, image pipeline, simulated processor and
 * payout run, with a clock the tests move: the window frozen at the sale, a final sale
 * and a window of 0 refused, one request however often it is sent, the artist's answer
 * or the team's after 3 days, the buyer's refund once the work is back (or deemed back
 * after 14 days), and a return after the artist was paid taken from their next payout,
 * the ledger reconciling to the cent throughout.
 */

let t: TestApp;
let clock: ReturnType<typeof testClock>;
let database: ResettableTestDatabase;
let artist: Member;
let buyer: Member;
let other: Member;
let admin: Member;
let start: Date;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The reconciliation from the test clock's start to today (the database's clock), with
 * something compared: our records against the providers' to the cent.
 */
async function reconcile() {
  const report = await t.services.reconciliation.run({
    from: dayText(start),
    to: dayText(new Date()),
  });
  expect(report.summary.captures.ours.count).toBeGreaterThan(0);
  expect(report.summary.refunds.ours.count).toBeGreaterThan(0);
  return report;
}

// Each test counts what the timers and the payout run did over the whole database, so
// each starts on an empty one (the file's database, reset).
beforeAll(async () => {
  database = await openResettableTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  // Three weeks ago: the processor's and the payout provider's books are dated by the
  // database's clock, so the test clock runs in the past up to today (see reconcile()).
  clock = testClock(new Date(Date.now() - 21 * DAY_MS));
  start = clock.now();
  t = await createTestApp({}, { now: clock.now, database });
  artist = await signUp(
    t,
    { firstName: "Ines", lastName: "Moreau" },
    { isArtist: true, payoutStatus: "active", payoutAccountId: "acct_returns" },
  );
  buyer = await signUp(t, { firstName: "Pia", lastName: "Buyer" });
  other = await signUp(t, { firstName: "Sam", lastName: "Stranger" });
  admin = await signUp(t, { firstName: "Grace", lastName: "Hopper" }, { role: "admin" });
});
afterEach(async () => {
  await t?.close();
});

async function send(member: Member, method: string, url: string, body?: unknown) {
  return t.app.request(url, {
    method,
    headers: headersFor(member, body === undefined ? {} : { "content-type": "application/json" }),
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function ok(response: Response): Promise<OrderReturnState> {
  expect(response.status, await response.clone().text()).toBe(200);
  return expectContract(orderReturnStateSchema, await response.json());
}

async function errorOf(response: Response) {
  return ((await response.json()) as ApiErrorBody).error;
}

async function sale(options: { finalSale?: boolean; price?: number } = {}) {
  const artwork = await createArtwork(t.db, {
    artistId: artist.id,
    priceCents: options.price ?? 10_000,
  });
  if (options.finalSale) {
    await t.db.update(artworks).set({ finalSale: true }).where(eq(artworks.id, artwork.id));
  }
  const bought = await buy(buyer.client, artwork.id);
  return { orderId: bought.orderId, artworkId: artwork.id };
}

async function orderRow(id: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function delivered(options: { finalSale?: boolean; price?: number } = {}) {
  const s = await sale(options);
  await t.services.orders.move({
    orderId: s.orderId,
    move: "ship",
    actor: { id: artist.id, role: "artist" },
    set: { shippedAt: clock.now(), carrier: "UPS", trackingNumber: "1Z999" },
  });
  const confirmed = await buyer.client.post(`/api/me/purchases/${s.orderId}/confirm-receipt`);
  expect(confirmed.status).toBe(200);
  return s;
}

async function uploadPhoto(member: Member) {
  const form = new FormData();
  const file = await solidJpeg(800, 600);
  form.append("image", new Blob([new Uint8Array(file)], { type: "image/jpeg" }), "damage.jpg");
  const response = await t.app.request("/api/me/purchases/returns/photos", {
    method: "POST",
    headers: headersFor(member),
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return expectContract(returnPhotoSchema, await response.json());
}

const ask = (orderId: string, body: unknown = { reason: "The colours are not as shown." }) =>
  send(buyer, "POST", `/api/me/purchases/${orderId}/return`, body);
const accept = (orderId: string, who: Member = artist) =>
  send(
    who,
    "POST",
    who === admin
      ? `/api/admin/orders/${orderId}/return/accept`
      : `/api/me/sales/${orderId}/return/accept`,
    { returnAddress: "12 Rue des Arts\nLyon 69001" },
  );
const shipBack = (orderId: string) =>
  send(buyer, "POST", `/api/me/purchases/${orderId}/return/shipment`, {
    carrier: "UPS",
    trackingNumber: "1ZRETURN",
  });
const arrived = (orderId: string) =>
  send(artist, "POST", `/api/me/sales/${orderId}/return/arrived`);

function mailsOf(kind: string) {
  return t.db.select().from(outbox).where(eq(outbox.kind, kind));
}

async function ledgerOf(orderId: string) {
  const rows = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));
  const sums: Record<string, number> = {};
  for (const row of rows) sums[row.kind] = (sums[row.kind] ?? 0) + row.amount;
  return sums;
}

async function returned(orderId: string) {
  await ok(await ask(orderId));
  await ok(await accept(orderId));
  await ok(await shipBack(orderId));
  return ok(await arrived(orderId));
}

describe("the return window", () => {
  it("defaults to 14 days, is set in the console (audited) and is frozen on each order", async () => {
    const settings = await send(admin, "GET", "/api/admin/settings");
    expect(expectContract(platformSettingsSchema, await settings.json()).returnWindowDays).toBe(14);
    const window = await t.app.request("/api/return-window");
    expect(expectContract(returnWindowSchema, await window.json())).toEqual({
      returnWindowDays: 14,
    });
    const before = await sale();

    for (const bad of [-1, 366, 1.5, "7", null]) {
      const refused = await send(admin, "PUT", "/api/admin/settings/returns", {
        returnWindowDays: bad,
      });
      expect(refused.status, String(bad)).toBe(400);
      expect((await errorOf(refused)).message).toBe(rm.windowInvalid);
    }
    const notAdmin = await send(buyer, "PUT", "/api/admin/settings/returns", {
      returnWindowDays: 30,
    });
    expect(notAdmin.status).toBe(403);
    const set = await send(admin, "PUT", "/api/admin/settings/returns", { returnWindowDays: 30 });
    expect(set.status).toBe(200);
    expect(((await set.json()) as { message: string }).message).toBe(rm.windowSaved(30));
    const after = await sale();

    expect((await orderRow(before.orderId)).returnWindowDays).toBe(14);
    expect((await orderRow(after.orderId)).returnWindowDays).toBe(30);
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "settings.return_window"));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ returnWindowDays: 30 });
  });

  it("refuses a return of a final sale, and of a sale made with returns off", async () => {
    const final = await delivered({ finalSale: true });
    expect((await orderRow(final.orderId)).returnWindowDays).toBe(0);
    const refused = await ask(final.orderId);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(rm.noReturns);

    await send(admin, "PUT", "/api/admin/settings/returns", { returnWindowDays: 0 });
    const off = await delivered();
    const state = await ok(await send(buyer, "GET", `/api/me/purchases/${off.orderId}/return`));
    expect(state).toMatchObject({ mayRequest: false, requestRefusal: rm.noReturns });
    expect((await ask(off.orderId)).status).toBe(409);
    expect(await t.db.select().from(orderReturns)).toEqual([]);
  });

  it("refuses before delivery, and once the window has closed, to the second", async () => {
    const s = await sale();
    const early = await ask(s.orderId);
    expect(early.status).toBe(409);
    expect((await errorOf(early)).message).toBe(rm.notReturnable);

    const inTime = await delivered();
    const d = await delivered();
    clock.advanceDays(14);
    clock.advanceMs(-1);
    await ok(await ask(inTime.orderId));
    clock.advanceMs(1);
    const late = await ask(d.orderId);
    expect(late.status).toBe(409);
    expect((await errorOf(late)).message).toBe(rm.windowClosed);
    // The completion timer moved it on meanwhile: still closed, in the same words.
    await t.services.orders.timers.run();
    expect((await orderRow(d.orderId)).status).toBe("completed");
    expect((await errorOf(await ask(d.orderId))).message).toBe(rm.windowClosed);
  });

  it("refuses bad text and foreign photos, changing nothing", async () => {
    const d = await delivered();
    const cases: [unknown, string][] = [
      [{ reason: "   " }, rm.reasonRequired],
      [{ reason: "x".repeat(2_001) }, rm.reasonTooLong],
      [{ reason: "bad\u0000" }, inputMessages.nulCharacter],
      [{ reason: "bad \ud800" }, inputMessages.illFormedText],
      [{ reason: "ok", photoIds: ["nope"] }, rm.photoNotFound],
    ];
    for (const [body, message] of cases) {
      const response = await ask(d.orderId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(response)).message).toBe(message);
    }
    const foreign = await uploadPhoto(other);
    const stolen = await ask(d.orderId, { reason: "Damaged", photoIds: [foreign.id] });
    expect(stolen.status).toBe(400);
    expect((await errorOf(stolen)).message).toBe(rm.photoNotFound);
    expect(await t.db.select().from(orderReturns)).toEqual([]);
    expect((await orderRow(d.orderId)).status).toBe("delivered");
    // Someone else's order does not exist for them.
    const stranger = await send(other, "POST", `/api/me/purchases/${d.orderId}/return`, {
      reason: "Mine now",
    });
    expect(stranger.status).toBe(404);
  });
});

describe("a return from request to refund", () => {
  it("takes the photos, tells the artist, refunds price and tax and reverses the commission", async () => {
    const d = await delivered();
    const photo = await uploadPhoto(buyer);
    const asked = await ok(
      await ask(d.orderId, { reason: "The frame is cracked.", photoIds: [photo.id] }),
    );
    expect(asked.status).toBe("return_requested");
    expect(asked.return?.photos.map((p) => p.id)).toEqual([photo.id]);
    const [image] = await t.db.select().from(returnImages);
    expect(image!.returnId).not.toBeNull();
    expect(await mailsOf("return-requested-artist")).toHaveLength(1);
    expect(await mailsOf("return-requested-buyer")).toHaveLength(1);

    // Nobody else sees it: another buyer, the artist through the buyer's API.
    expect((await send(other, "GET", `/api/me/purchases/${d.orderId}/return`)).status).toBe(404);
    expect((await send(artist, "GET", `/api/me/purchases/${d.orderId}/return`)).status).toBe(404);
    expect((await send(other, "GET", `/api/me/sales/${d.orderId}/return`)).status).toBe(403);
    const seen = await ok(await send(artist, "GET", `/api/me/sales/${d.orderId}/return`));
    expect(seen).toMatchObject({ mayAccept: true, mayRefuse: false, mayConfirmArrival: false });
    // The buyer cannot accept their own return, nor the artist ship it back.
    expect((await send(buyer, "POST", `/api/me/sales/${d.orderId}/return/accept`, {})).status).toBe(
      403,
    );
    const accepted = await ok(await accept(d.orderId));
    expect(accepted.return?.returnAddress).toBe("12 Rue des Arts\nLyon 69001");
    const [acceptedMail] = await mailsOf("return-accepted-buyer");
    expect(acceptedMail!.textBody).toContain("12 Rue des Arts");

    expect((await arrived(d.orderId)).status).toBe(409);
    const shippedBack = await ok(await shipBack(d.orderId));
    expect(shippedBack.status).toBe("return_shipped");
    expect(await mailsOf("return-shipped-artist")).toHaveLength(1);

    const done = await ok(await arrived(d.orderId));
    expect(done.status).toBe("refunded");
    expect(done.return?.arrivalDeemed).toBe(false);
    const order = await orderRow(d.orderId);
    expect(await ledgerOf(d.orderId)).toEqual({
      capture: order.totalAmount,
      tax: order.taxAmount,
      commission: order.commissionAmount,
      artist_net: order.artistNet,
      refund: order.totalAmount,
      ...(order.taxAmount > 0 ? { tax_refund: order.taxAmount } : {}),
      commission_refund: order.commissionAmount,
      artist_net_refund: order.artistNet,
    });
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, d.orderId));
    expect(refund).toMatchObject({ move: "refund_return", reason: RETURN_REFUND_REASON });
    expect(await mailsOf("order-refunded-buyer")).toHaveLength(1);

    // The work is its artist's to put back on sale.
    const relisted = await send(artist, "POST", `/api/me/sales/${d.orderId}/relist`);
    expect(relisted.status).toBe(200);
    expectContract(saleSchema, await relisted.json());
    const [work] = await t.db.select().from(artworks).where(eq(artworks.id, d.artworkId));
    expect(work).toMatchObject({ ownerId: artist.id, isForSale: true });
    expect((await reconcile()).differences).toEqual([]);
  });

  it("gives the work back to its artist, not for sale, who may put it back on sale and sell it", async () => {
    const d = await delivered();
    const collection = async () =>
      (await listCollectionArtworks(t.db, buyer.id)).map((work) => work.id);
    expect(await collection()).toContain(d.artworkId);
    const work = async () =>
      (await t.db.select().from(artworks).where(eq(artworks.id, d.artworkId)))[0]!;
    expect(await work()).toMatchObject({ ownerId: buyer.id, isForSale: false });

    expect((await returned(d.orderId)).status).toBe("refunded");
    expect(await work()).toMatchObject({ ownerId: artist.id, isForSale: false });
    expect(await collection()).not.toContain(d.artworkId);

    const sales = await send(artist, "GET", `/api/me/sales`);
    const listed = (await sales.json()) as { items: { id: string; mayRelist: boolean }[] };
    expect(listed.items.find((s) => s.id === d.orderId)?.mayRelist).toBe(true);
    const relisted = await send(artist, "POST", `/api/me/sales/${d.orderId}/relist`);
    expect(relisted.status, await relisted.clone().text()).toBe(200);
    expect(await work()).toMatchObject({ ownerId: artist.id, isForSale: true });
    expect((await send(artist, "POST", `/api/me/sales/${d.orderId}/relist`)).status).toBe(409);

    const again = await buy(other.client, d.artworkId);
    expect((await orderRow(again.orderId)).purchaserId).toBe(other.id);
    expect(await work()).toMatchObject({ ownerId: other.id, isForSale: false });
  });

  it("makes one request of a double submit and of two servers at once", async () => {
    const d = await delivered();
    const second = secondServices(t, clock.now);
    try {
      const [a, b] = await Promise.all([
        ask(d.orderId),
        second.returns.request(buyer.id, d.orderId, { reason: "Twice", photoIds: [] }).then(
          () => 200,
          (error: { status: number; message: string }) => error,
        ),
      ]);
      const statuses = [a.status, typeof b === "number" ? b : b.status].sort();
      expect(statuses).toEqual([200, 409]);
    } finally {
      await second.outbox.stop();
      second.mailTransport.close();
    }
    expect(await t.db.select().from(orderReturns)).toHaveLength(1);
    expect(await mailsOf("return-requested-artist")).toHaveLength(1);
    const again = await ask(d.orderId);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(rm.alreadyRequested);

    await ok(await accept(d.orderId));
    await ok(await shipBack(d.orderId));
    const arrivals = await Promise.all([arrived(d.orderId), arrived(d.orderId)]);
    expect(arrivals.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, d.orderId))).toHaveLength(1);
  });
});

describe("the return's deadlines", () => {
  it("lets the team decide only after 3 days of silence, e-mailing it once", async () => {
    const d = await delivered();
    await ok(await ask(d.orderId));
    const early = await send(admin, "POST", `/api/admin/orders/${d.orderId}/return/refuse`, {
      reason: "Used",
    });
    expect(early.status).toBe(409);
    expect((await errorOf(early)).message).toBe(rm.notYetEscalated);
    clock.advanceDays(3);
    clock.advanceMs(-1);
    expect((await t.services.orders.timers.run()).returnsEscalated).toBe(0);
    clock.advanceMs(1);
    const second = secondServices(t, clock.now);
    try {
      const runs = await Promise.all([t.services.orders.timers.run(), second.orders.timers.run()]);
      expect(runs.map((r) => r.returnsEscalated).sort()).toEqual([0, 1]);
    } finally {
      await second.outbox.stop();
      second.mailTransport.close();
    }
    expect(await mailsOf("return-escalated-team")).toHaveLength(1);
    const state = await ok(await send(admin, "GET", `/api/admin/orders/${d.orderId}/return`));
    expect(state).toMatchObject({ mayAccept: true, mayRefuse: true });
    expect(state.return?.escalatedAt).not.toBeNull();

    const blank = await send(admin, "POST", `/api/admin/orders/${d.orderId}/return/refuse`, {
      reason: " ",
    });
    expect(blank.status).toBe(400);
    const refused = await ok(
      await send(admin, "POST", `/api/admin/orders/${d.orderId}/return/refuse`, {
        reason: "The work shows signs of use.",
      }),
    );
    // Back where it was asked from; the sale stands and completes on its own clock.
    expect(refused.status).toBe("delivered");
    expect(refused.return).toMatchObject({ decision: "refused", decidedByRole: "team" });
    expect(await mailsOf("return-refused-buyer")).toHaveLength(1);
    expect(await mailsOf("return-refused-artist")).toHaveLength(1);
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, "order.refuse_return"), eq(auditEvents.targetId, d.orderId)),
      );
    expect(audit).toHaveLength(1);
    expect((await ask(d.orderId)).status).toBe(409);
  });

  it("accepts from the console after the 3 days, telling both", async () => {
    const d = await delivered();
    await ok(await ask(d.orderId));
    clock.advanceDays(3);
    const accepted = await ok(await accept(d.orderId, admin));
    expect(accepted.return).toMatchObject({ decision: "accepted", decidedByRole: "team" });
    expect(await mailsOf("return-accepted-artist")).toHaveLength(1);
    // The artist's own acceptance now finds it decided.
    expect((await accept(d.orderId)).status).toBe(409);
  });

  it("deems the work arrived 14 days after shipping and refunds the buyer", async () => {
    const d = await delivered();
    await ok(await ask(d.orderId));
    await ok(await accept(d.orderId));
    await ok(await shipBack(d.orderId));
    clock.advanceDays(14);
    clock.advanceMs(-1);
    expect((await t.services.orders.timers.run()).returnsDeemedArrived).toBe(0);
    clock.advanceMs(1);
    expect((await t.services.orders.timers.run()).returnsDeemedArrived).toBe(1);
    expect((await orderRow(d.orderId)).status).toBe("refunded");
    const [row] = await t.db.select().from(orderReturns);
    expect(row!.arrivalDeemed).toBe(true);
    expect((await t.services.orders.timers.run()).returnsDeemedArrived).toBe(0);
  });

  it("ends an accepted return not sent back in 14 days, once with two timers at once", async () => {
    // One asked after completion goes back to completed; one sent back in time stays.
    const fromCompleted = await delivered();
    clock.advanceDays(7);
    expect((await t.services.orders.timers.run()).completed).toBe(1);
    await ok(await ask(fromCompleted.orderId));
    await ok(await accept(fromCompleted.orderId));
    const fromDelivered = await delivered();
    await ok(await ask(fromDelivered.orderId));
    await ok(await accept(fromDelivered.orderId));
    const sentBack = await delivered();
    await ok(await ask(sentBack.orderId));
    await ok(await accept(sentBack.orderId));
    await ok(await shipBack(sentBack.orderId));
    expect((await orderRow(fromDelivered.orderId)).status).toBe("return_accepted");

    clock.advanceDays(14);
    clock.advanceMs(-1);
    expect((await t.services.orders.timers.run()).returnsLapsed).toBe(0);
    clock.advanceMs(1);
    const second = secondServices(t, clock.now);
    try {
      const runs = await Promise.all([t.services.orders.timers.run(), second.orders.timers.run()]);
      // Each return lapsed once, by whichever run got to it first.
      expect(runs.reduce((sum, r) => sum + r.returnsLapsed, 0)).toBe(2);
    } finally {
      await second.outbox.stop();
      second.mailTransport.close();
    }
    // Back where each was asked from (a delivered order then completes on its own clock).
    const back = await orderRow(fromDelivered.orderId);
    expect(["delivered", "completed"]).toContain(back.status);
    expect((await orderRow(fromCompleted.orderId)).status).toBe("completed");
    // Sent back in time: not lapsed (deemed arrived on the same day, and refunded).
    expect((await orderRow(sentBack.orderId)).status).toBe("refunded");
    const rows = await t.db.select().from(orderReturns);
    const lapsed = rows.filter((row) => row.lapsedAt !== null).map((row) => row.orderId);
    expect(lapsed.sort()).toEqual([fromDelivered.orderId, fromCompleted.orderId].sort());
    const seen = await ok(
      await send(buyer, "GET", `/api/me/purchases/${fromCompleted.orderId}/return`),
    );
    expect(seen.return?.lapsedAt).not.toBeNull();
    expect(seen.mayShip).toBe(false);
    const events = await t.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.note, "Return ended: the work was not sent back in time"));
    expect(events.map((e) => e.orderId).sort()).toEqual(lapsed.sort());
    expect(await mailsOf("return-lapsed-buyer")).toHaveLength(2);
    expect(await mailsOf("return-lapsed-artist")).toHaveLength(2);
    // Once: neither the next run nor the buyer's late shipment moves it again.
    expect(await t.services.orders.timers.run()).toMatchObject({ returnsLapsed: 0, skipped: 0 });
    expect((await shipBack(fromCompleted.orderId)).status).toBe(409);
  });

  it("passes over returns the team ended with a full refund: no retry, no e-mail, no starving", async () => {
    const refundByTeam = async (orderId: string) => {
      const response = await send(admin, "POST", `/api/admin/orders/${orderId}/refund`, {
        reason: "Settled with the buyer.",
      });
      expect(response.status, await response.clone().text()).toBe(200);
      expect((await orderRow(orderId)).status).toBe("refunded");
    };
    // Refunded by the team while on its way back, and while awaiting the artist.
    const shipped = await delivered();
    await ok(await ask(shipped.orderId));
    await ok(await accept(shipped.orderId));
    await ok(await shipBack(shipped.orderId));
    await refundByTeam(shipped.orderId);
    const asked = await delivered();
    await ok(await ask(asked.orderId));
    await refundByTeam(asked.orderId);
    // A later return, due too.
    const later = await delivered();
    await ok(await ask(later.orderId));
    await ok(await accept(later.orderId));
    clock.advanceMs(1_000);
    await ok(await shipBack(later.orderId));
    clock.advanceDays(14);
    const run = await t.services.orders.timers.run();
    expect(run).toMatchObject({ returnsEscalated: 0, returnsDeemedArrived: 1, skipped: 0 });
    expect((await orderRow(later.orderId)).status).toBe("refunded");
    expect(await mailsOf("return-escalated-team")).toHaveLength(0);
    expect(await t.services.orders.timers.run()).toMatchObject({
      returnsDeemedArrived: 0,
      skipped: 0,
    });
  });

  it("leaves nothing half done when the processor fails: the refund is retried, made once", async () => {
    const d = await delivered();
    await ok(await ask(d.orderId));
    await ok(await accept(d.orderId));
    await ok(await shipBack(d.orderId));
    const restore = await simulatedRefundsDown(t.db);
    allowConsoleError();
    const state = await ok(await arrived(d.orderId));
    // Arrival recorded with its refund pending, together; nothing in the ledger yet.
    expect(state.status).toBe("return_shipped");
    expect(state.return?.arrivedAt).not.toBeNull();
    const [pending] = await t.db.select().from(refunds).where(eq(refunds.orderId, d.orderId));
    expect(pending!.status).toBe("pending");
    expect((await ledgerOf(d.orderId)).refund).toBeUndefined();
    expect((await arrived(d.orderId)).status).toBe(409);
    await restore();
    clock.advanceMs(61_000);
    expect((await t.services.orders.timers.run()).refundsSettled).toBe(1);
    expect((await orderRow(d.orderId)).status).toBe("refunded");
    expect((await ledgerOf(d.orderId)).refund).toBe((await orderRow(d.orderId)).totalAmount);
    expect((await reconcile()).differences).toEqual([]);
  });
});

describe("photos no request took", () => {
  it("are deleted a day after their upload, files and all; a request's photos stay", async () => {
    const d = await delivered();
    const used = await uploadPhoto(buyer);
    const unused = await uploadPhoto(buyer);
    await ok(await ask(d.orderId, { reason: "Cracked", photoIds: [used.id] }));
    clock.advanceDays(1);
    clock.advanceMs(-1);
    expect((await t.services.orders.timers.run()).returnPhotosDeleted).toBe(0);
    clock.advanceMs(1);
    expect((await t.services.orders.timers.run()).returnPhotosDeleted).toBe(1);
    expect((await t.db.select().from(returnImages)).map((row) => row.id)).toEqual([used.id]);
    expect((await t.app.request(unused.medium)).status).toBe(404);
    expect((await t.app.request(used.medium)).status).toBe(200);
  });
});

describe("a return after the artist was paid", () => {
  it("takes the returned net from the next payout; the ledger reconciles", async () => {
    const first = await delivered({ price: 10_000 });
    // The 7-day problem window ends: the order completes and the artist is paid.
    clock.advanceDays(7);
    expect((await t.services.orders.timers.run()).completed).toBe(1);
    clock.advanceMs(1_000);
    await t.services.payouts.run();
    const firstOrder = await orderRow(first.orderId);
    const [paid] = await t.db.select().from(artistPayouts);
    expect(paid).toMatchObject({ amount: firstOrder.artistNet });

    // Day 10 of the 14-day window: the buyer returns it.
    clock.advanceDays(3);
    const state = await returned(first.orderId);
    expect(state.status).toBe("refunded");
    const sums = await ledgerOf(first.orderId);
    expect(sums.artist_net! - sums.artist_net_refund! - sums.payout!).toBe(-firstOrder.artistNet);

    // The next sale completes; its payout is its net less what the return took back.
    const secondSale = await sale({ price: 30_000 });
    const secondOrder = await orderRow(secondSale.orderId);
    await completeOrder(t, clock, secondOrder);
    clock.advanceMs(1_000);
    await t.services.payouts.run();
    const payouts = await t.db.select().from(artistPayouts).orderBy(artistPayouts.createdAt);
    expect(payouts.map((p) => [p.amount, p.status])).toEqual([
      [firstOrder.artistNet, "paid"],
      [secondOrder.artistNet - firstOrder.artistNet, "paid"],
    ]);
    const balances = await ledgerOf(first.orderId);
    expect(balances.payout! - (balances.payout_reversal ?? 0)).toBe(0);
    const report = await reconcile();
    expect(report.differences).toEqual([]);
    expect(report.summary.payouts.ours.count).toBe(2);
  });
});
