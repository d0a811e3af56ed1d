import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "../../../contracts/common.contract";
import {
  saleSchema,
  salesMessages as m,
  salesPageSchema,
  salesSummarySchema,
} from "../../../contracts/sales.contract";
import { formatDateTime } from "../../../domain/date-time";
import { priceText } from "../../../domain/display";
import { PENDING_STATUSES, orderMessages as om } from "../../../domain/orders";
import { inputMessages } from "../../../domain/text-input";
import {
  artworks,
  ledgerEntries,
  orderEvents,
  orders,
  outbox,
  payments,
  refunds,
  simulatedRefunds,
  users,
} from "../../db/schema";
import { expectContract } from "../../test/contract";
import { allowConsoleError } from "../../test/fail-on-console-error";
import { createArtist, createArtwork, createOrder, createUser } from "../../test/factories";
import { type TestApp, createTestApp, testClock } from "../../test/test-app";
import { buy, guestEmail } from "../purchase/checkout.test-helpers";
import { type Member, headersFor, signUp } from "../profiles/profiles.test-helpers";
import { recordCaptureEntries } from "./ledger.repository";
import { RELIST_NOTE } from "./sales.service";
import { listCollectionArtworks } from "../artworks/artworks.api";
import { simulatedRefundsDown } from "../../test/processor-faults";

/** The artist's sales, through the HTTP API: their own orders only. */

let t: TestApp;
const clock = testClock(new Date("2026-06-01T12:00:00Z"));

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
});
afterAll(async () => {
  await t?.close();
});

const artistMember = () => signUp(t, {}, { isArtist: true, payoutStatus: "active" });

/** A real purchase of one of the artist's works by a new guest. */
async function sale(
  artist: Pick<Member, "id">,
  artwork: Partial<Parameters<typeof createArtwork>[1]> = {},
  buyer = guestEmail("buyer"),
) {
  const work = await createArtwork(t.db, { artistId: artist.id, priceCents: 10_000, ...artwork });
  const bought = await buy(t.client(), work.id, { email: buyer });
  return { artworkId: work.id, orderId: bought.orderId, buyerEmail: buyer };
}

async function get(member: Member | undefined, url: string) {
  return await t.app.request(url, { headers: headersFor(member) });
}

async function post(member: Member | undefined, url: string, body?: unknown) {
  const headers = headersFor(
    member,
    body === undefined ? {} : { "content-type": "application/json" },
  );
  return await t.app.request(url, {
    method: "POST",
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function errorOf(response: Response) {
  return expectContract(apiErrorSchema, await response.json()).error;
}

async function readOrder(id: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function readArtwork(id: string) {
  const [row] = await t.db.select().from(artworks).where(eq(artworks.id, id));
  return row!;
}

async function mailsOf(recipient: string, kind: string) {
  return t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), eq(outbox.kind, kind)));
}

async function eventsOf(orderId: string) {
  return t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
}

const ship = (member: Member | undefined, orderId: string, body: unknown) =>
  post(member, `/api/me/sales/${orderId}/ship`, body);
const UPS = { carrier: "UPS", trackingNumber: "1Z999AA10123456784" };

describe("who may see and change sales", () => {
  it("refuses the signed-out (401) and collectors (403) on every route, before reading the body", async () => {
    const artist = await artistMember();
    const { orderId } = await sale(artist);
    const collector = await signUp(t);
    const routes: [string, string, unknown][] = [
      ["GET", "/api/me/sales", undefined],
      ["GET", "/api/me/sales/summary", undefined],
      ["GET", "/api/me/sales.csv", undefined],
      // A body that is not even JSON: the access check answers first.
      ["POST", `/api/me/sales/${orderId}/ship`, "{not json"],
      ["POST", `/api/me/sales/${orderId}/cannot-fulfil`, "{not json"],
      ["POST", `/api/me/sales/${orderId}/relist`, undefined],
    ];
    for (const [method, url, body] of routes) {
      const signedOut =
        method === "GET" ? await get(undefined, url) : await post(undefined, url, body);
      expect(signedOut.status, url).toBe(401);
      expect((await errorOf(signedOut)).message).toBe(m.signInRequired);
      expect(signedOut.headers.get("cache-control")).toContain("no-store");
      const refused =
        method === "GET" ? await get(collector, url) : await post(collector, url, body);
      expect(refused.status, url).toBe(403);
      expect((await errorOf(refused)).message).toBe(m.artistsOnly);
    }
    expect((await readOrder(orderId)).status).toBe("paid");
  });

  it("answers 404 for another artist's order, an unknown id and a malformed one, and changes nothing", async () => {
    const owner = await artistMember();
    const other = await artistMember();
    const { orderId, artworkId } = await sale(owner);
    for (const id of [orderId, "00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      for (const [url, body] of [
        [`/api/me/sales/${id}/ship`, UPS],
        [`/api/me/sales/${id}/cannot-fulfil`, { reason: "No." }],
        [`/api/me/sales/${id}/relist`, undefined],
      ] as const) {
        const response = await post(other, url, body);
        expect(response.status, url).toBe(404);
        expect((await errorOf(response)).message).toBe(om.notFound);
      }
    }
    const page = expectContract(salesPageSchema, await (await get(other, "/api/me/sales")).json());
    expect(page.items).toEqual([]);
    expect((await readOrder(orderId)).status).toBe("paid");
    expect((await readArtwork(artworkId)).ownerId).not.toBe(owner.id);
    expect(await eventsOf(orderId)).toHaveLength(1);
  });
});

describe("the artist's e-mail when a work sells", () => {
  // Artists made directly: this file's sign-ups are near the auth rate limit.
  it("names the buyer, the address, the split, the ship-by date and the sales page", async () => {
    const artist = await createArtist(t.db, { payoutStatus: "active" });
    const { orderId, buyerEmail } = await sale(artist, { title: "Harbour at Dusk" });
    const order = await readOrder(orderId);
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, artist.email), eq(outbox.kind, "sale-notice")));
    expect(mail!.subject).toBe("Sold: Harbour at Dusk");
    for (const part of [
      `<${buyerEmail}>`,
      "1 Main St",
      "Albany",
      "12207",
      `Commission: ${priceText(order.commissionAmount)}`,
      `Your earnings: ${priceText(order.artistNet)}`,
      `Please ship by ${formatDateTime(order.shipBy, "UTC")} and mark`,
      `${t.config.publicUrl}/profile/sales`,
      `Order reference: ${orderId}`,
    ]) {
      expect(mail!.textBody).toContain(part);
    }
    expect(mail!.textBody).not.toContain("pick-up");
  });

  it("gives the pick-up zip code when the artist allows pick-up", async () => {
    const artist = await createArtist(t.db, { payoutStatus: "active" });
    await sale(artist, { allowBuyerPickUp: true, zipCode: "10001" });
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, artist.email), eq(outbox.kind, "sale-notice")));
    expect(mail!.textBody).toContain("You allow buyer pick-up for this work (zip code 10001)");
  });

  it("gives the ship-by deadline in the artist's own time zone, with the zone's name", async () => {
    const artist = await createArtist(t.db, { timeZone: "America/Los_Angeles" });
    const { orderId } = await sale(artist);
    const order = await readOrder(orderId);
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, artist.email), eq(outbox.kind, "sale-notice")));
    const deadline = formatDateTime(order.shipBy, "America/Los_Angeles");
    expect(deadline).toMatch(/ at \d{1,2}:\d{2} [AP]M P[SD]T$/);
    expect(mail!.textBody).toContain(`Please ship by ${deadline} and mark`);
    expect(mail!.textBody).not.toContain("UTC");
  });
});

describe("GET /api/me/sales", () => {
  it("lists the artist's own orders newest first with the buyer, the address and the split", async () => {
    const artist = await artistMember();
    const first = await sale(artist, { priceCents: 12_345 });
    clock.advanceMs(1_000);
    const second = await sale(artist, { allowBuyerPickUp: true, zipCode: "10001" });
    const response = await get(artist, "/api/me/sales");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const page = expectContract(salesPageSchema, await response.json());
    expect(page.nextCursor).toBeNull();
    expect(page.items.map((s) => s.id)).toEqual([second.orderId, first.orderId]);
    expect(page.items[1]).toMatchObject({
      status: "paid",
      price: 12_345,
      commissionBps: 2000,
      commissionAmount: 2_469,
      artistNet: 9_876,
      refundedAmount: 0,
      shippingAddress: { line1: "1 Main St", city: "Albany", state: "NY", postal_code: "12207" },
      pickUpZipCode: null,
      mayRelist: false,
      shipBy: "2026-06-08T12:00:00.000Z",
    });
    expect(page.items[0]!.pickUpZipCode).toBe("10001");
    expect(page.items[0]!.buyerName).not.toBe("");
  });

  it("filters by state, pages 30 at a time with a cursor, and refuses a bad filter or cursor", async () => {
    const artist = await artistMember();
    const work = await createArtwork(t.db, { artistId: artist.id, isForSale: false });
    const buyer = await createUser(t.db);
    const made: string[] = [];
    for (let i = 0; i < 32; i++) {
      const order = await createOrder(t.db, {
        artworkId: work.id,
        purchaserId: buyer.id,
        timestamp: new Date(Date.UTC(2026, 0, 1, 0, i)),
        status: i % 4 === 0 ? "shipped" : "paid",
      });
      made.push(order.id);
    }
    const newestFirst = [...made].reverse();
    const one = expectContract(salesPageSchema, await (await get(artist, "/api/me/sales")).json());
    expect(one.items.map((s) => s.id)).toEqual(newestFirst.slice(0, 30));
    expect(one.nextCursor).not.toBeNull();
    const two = expectContract(
      salesPageSchema,
      await (
        await get(artist, `/api/me/sales?cursor=${encodeURIComponent(one.nextCursor!)}`)
      ).json(),
    );
    expect(two.items.map((s) => s.id)).toEqual(newestFirst.slice(30));
    expect(two.nextCursor).toBeNull();

    const shipped = expectContract(
      salesPageSchema,
      await (await get(artist, "/api/me/sales?status=shipped")).json(),
    );
    expect(shipped.items).toHaveLength(8);
    expect(shipped.items.every((s) => s.status === "shipped")).toBe(true);

    for (const query of ["status=lost", "cursor=nonsense", `cursor=${"x".repeat(300)}`]) {
      const response = await get(artist, `/api/me/sales?${query}`);
      expect(response.status, query).toBe(400);
      expect((await errorOf(response)).message).toBe(m.invalidFilter);
    }
  });
});

describe("POST /api/me/sales/:orderId/ship", () => {
  it("ships once when pressed ten times at once: one move, one e-mail to the buyer", async () => {
    const artist = await artistMember();
    const { orderId, buyerEmail } = await sale(artist);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => ship(artist, orderId, UPS)),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(9).fill(409)]);
    const ok = responses.find((r) => r.status === 200)!;
    expect(expectContract(saleSchema, await ok.json())).toMatchObject({
      status: "shipped",
      carrier: "UPS",
      trackingNumber: UPS.trackingNumber,
      shippedAt: clock.now().toISOString(),
    });
    const shippedEvents = (await eventsOf(orderId)).filter((e) => e.toStatus === "shipped");
    expect(shippedEvents).toHaveLength(1);
    expect(shippedEvents[0]).toMatchObject({ actorId: artist.id, actorRole: "artist" });
    const mails = await mailsOf(buyerEmail, "order-shipped");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(`Tracking number: ${UPS.trackingNumber}`);
  });

  it("takes a carrier not in the list, trimmed, and spells a listed one as the list does", async () => {
    const artist = await artistMember();
    const other = await sale(artist);
    const listed = await sale(artist);
    const a = await ship(artist, other.orderId, {
      carrier: "  Acme Art Movers ",
      trackingNumber: " AC-1 ",
    });
    expect(expectContract(saleSchema, await a.json())).toMatchObject({
      carrier: "Acme Art Movers",
      trackingNumber: "AC-1",
    });
    const b = await ship(artist, listed.orderId, { carrier: "fedex", trackingNumber: "7777" });
    expect(expectContract(saleSchema, await b.json()).carrier).toBe("FedEx");
  });

  it("refuses handed over without pick-up (409); with pick-up it is shipped without a carrier", async () => {
    const artist = await artistMember();
    const plain = await sale(artist);
    const refused = await ship(artist, plain.orderId, { handedOver: true });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(om.pickUpNotAllowed);
    expect((await readOrder(plain.orderId)).status).toBe("paid");
    expect(await mailsOf(plain.buyerEmail, "order-shipped")).toHaveLength(0);

    const pickUp = await sale(artist, { allowBuyerPickUp: true, zipCode: "10001" });
    const handed = await ship(artist, pickUp.orderId, { handedOver: true });
    expect(handed.status).toBe(200);
    expect(expectContract(saleSchema, await handed.json())).toMatchObject({
      status: "shipped",
      carrier: null,
      trackingNumber: null,
    });
    const [mail] = await mailsOf(pickUp.buyerEmail, "order-shipped");
    expect(mail!.textBody).toContain("handed over to you at pick-up");
  });

  it("refuses NUL, oversized, multi-line and missing fields with 400 and changes nothing", async () => {
    const artist = await artistMember();
    const { orderId, buyerEmail } = await sale(artist);
    const cases: [unknown, string][] = [
      [{ carrier: "UPS", trackingNumber: "1Z\u00009" }, inputMessages.nulCharacter],
      [{ carrier: "UPS\u0000", trackingNumber: "1Z9" }, inputMessages.nulCharacter],
      [{ carrier: "UPS", trackingNumber: "9".repeat(61) }, m.trackingTooLong],
      [{ carrier: "C".repeat(61), trackingNumber: "1" }, m.carrierTooLong],
      [{ carrier: "UPS", trackingNumber: "1Z\n9" }, m.oneLine],
      [{ carrier: "UPS", trackingNumber: "   " }, om.trackingRequired],
      [{ carrier: "", trackingNumber: "1Z9" }, om.carrierRequired],
      [{ handedOver: true, carrier: "UPS", trackingNumber: "1" }, m.shipChoice],
      [{ carrier: 5, trackingNumber: "1" }, ""],
      [[UPS], inputMessages.notAnObject],
    ];
    for (const [body, message] of cases) {
      const response = await ship(artist, orderId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = await errorOf(response);
      if (message) expect(error.message).toBe(message);
    }
    const notJson = await t.app.request(`/api/me/sales/${orderId}/ship`, {
      method: "POST",
      headers: headersFor(artist, { "content-type": "text/plain" }),
      body: JSON.stringify(UPS),
    });
    expect(notJson.status).toBe(415);
    const order = await readOrder(orderId);
    expect(order).toMatchObject({ status: "paid", carrier: null, trackingNumber: null });
    expect(await eventsOf(orderId)).toHaveLength(1);
    expect(await mailsOf(buyerEmail, "order-shipped")).toHaveLength(0);
  });
});

describe("POST /api/me/sales/:orderId/cannot-fulfil", () => {
  it("cancels and refunds in full through the processor, and e-mails the buyer and the artist", async () => {
    const artist = await artistMember();
    const { orderId, buyerEmail, artworkId } = await sale(artist);
    const order = await readOrder(orderId);
    const collection = async () =>
      (await listCollectionArtworks(t.db, order.purchaserId)).map((a) => a.id);
    expect(await collection()).toContain(artworkId);
    const response = await post(artist, `/api/me/sales/${orderId}/cannot-fulfil`, {
      reason: "  The work was damaged in my studio.  ",
    });
    expect(response.status).toBe(200);
    expect(expectContract(saleSchema, await response.json())).toMatchObject({
      status: "cancelled",
      refundedAmount: order.totalAmount,
      mayRelist: true,
    });
    const entries = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, orderId));
    const sum = (kind: string) =>
      entries.filter((e) => e.kind === kind).reduce((total, e) => total + e.amount, 0);
    expect(sum("refund")).toBe(order.totalAmount);
    // The buyer no longer has the work, though it stays sold until its artist relists it.
    expect(await collection()).not.toContain(artworkId);
    expect(sum("artist_net_refund")).toBe(order.artistNet);
    expect(sum("commission_refund")).toBe(order.commissionAmount);
    expect(sum("tax_refund")).toBe(order.taxAmount);
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, order.paymentId));
    const processor = await t.db
      .select()
      .from(simulatedRefunds)
      .where(eq(simulatedRefunds.paymentId, payment!.providerPaymentId!));
    expect(processor.map((r) => r.amount)).toEqual([order.totalAmount]);
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(refund).toMatchObject({
      status: "succeeded",
      reason: "The work was damaged in my studio.",
      requestedBy: artist.id,
      requestedByRole: "artist",
    });
    expect(await mailsOf(buyerEmail, "order-refunded-buyer")).toHaveLength(1);
    expect(await mailsOf(artist.email, "order-refunded-artist")).toHaveLength(1);

    const again = await post(artist, `/api/me/sales/${orderId}/cannot-fulfil`, { reason: "Again" });
    expect(again.status).toBe(409);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(1);
  });

  it("refuses a missing, blank or oversized reason, and a shipped order, changing nothing", async () => {
    const artist = await artistMember();
    const { orderId } = await sale(artist);
    for (const [body, message] of [
      [{}, om.reasonRequired],
      [{ reason: "   " }, om.reasonRequired],
      [{ reason: "x".repeat(2_001) }, m.reasonTooLong],
      [{ reason: "bad\u0000" }, inputMessages.nulCharacter],
    ] as const) {
      const response = await post(artist, `/api/me/sales/${orderId}/cannot-fulfil`, body);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toBe(message);
    }
    expect((await readOrder(orderId)).status).toBe("paid");
    await ship(artist, orderId, UPS);
    const late = await post(artist, `/api/me/sales/${orderId}/cannot-fulfil`, { reason: "Lost" });
    expect(late.status).toBe(409);
    expect((await errorOf(late)).message).toBe(om.notAllowed);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(0);
  });
});

describe("races and failures", () => {
  it("ship and cannot-fulfil at once: exactly one wins, and only its e-mails are sent", async () => {
    const artist = await artistMember();
    const { orderId, buyerEmail } = await sale(artist);
    const [shipped, cancelled] = await Promise.all([
      ship(artist, orderId, UPS),
      post(artist, `/api/me/sales/${orderId}/cannot-fulfil`, { reason: "Sorry" }),
    ]);
    expect([shipped.status, cancelled.status].sort()).toEqual([200, 409]);
    const order = await readOrder(orderId);
    const refundRows = await t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    const shippedMails = await mailsOf(buyerEmail, "order-shipped");
    const refundMails = await mailsOf(buyerEmail, "order-refunded-buyer");
    if (shipped.status === 200) {
      expect(order.status).toBe("shipped");
      expect([refundRows.length, shippedMails.length, refundMails.length]).toEqual([0, 1, 0]);
    } else {
      expect(order.status).toBe("cancelled");
      expect([refundRows.length, shippedMails.length, refundMails.length]).toEqual([1, 0, 1]);
    }
  });

  it("cannot-fulfil with the processor down: cancelled at once, the refund pending, e-mailed when the retry makes it", async () => {
    const artist = await artistMember();
    const { orderId, buyerEmail } = await sale(artist);
    const order = await readOrder(orderId);
    allowConsoleError();
    const restore = await simulatedRefundsDown(t.db);
    const response = await post(artist, `/api/me/sales/${orderId}/cannot-fulfil`, {
      reason: "Sorry",
    });
    expect(response.status).toBe(200);
    expect(expectContract(saleSchema, await response.json())).toMatchObject({
      status: "cancelled",
      refundedAmount: 0,
    });
    const [pending] = await t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(pending!.status).toBe("pending");
    expect(await mailsOf(buyerEmail, "order-refunded-buyer")).toHaveLength(0);

    await restore();
    await t.services.orders.settleRefund(pending!.id);
    const page = expectContract(salesPageSchema, await (await get(artist, "/api/me/sales")).json());
    expect(page.items.find((s) => s.id === orderId)!.refundedAmount).toBe(order.totalAmount);
    expect(await mailsOf(buyerEmail, "order-refunded-buyer")).toHaveLength(1);
  });
});

describe("POST /api/me/sales/:orderId/relist", () => {
  it("puts a cancelled sale's work back on sale at its last price, once, even when pressed at once", async () => {
    const artist = await artistMember();
    const { orderId, artworkId } = await sale(artist, { priceCents: 54_321 });
    const early = await post(artist, `/api/me/sales/${orderId}/relist`);
    expect(early.status).toBe(409);
    expect((await errorOf(early)).message).toBe(m.notRelistable);

    await post(artist, `/api/me/sales/${orderId}/cannot-fulfil`, { reason: "Sorry" });
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => post(artist, `/api/me/sales/${orderId}/relist`)),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const ok = responses.find((r) => r.status === 200)!;
    expect(expectContract(saleSchema, await ok.json())).toMatchObject({
      status: "cancelled",
      mayRelist: false,
    });
    expect(await readArtwork(artworkId)).toMatchObject({
      ownerId: artist.id,
      isForSale: true,
      status: "available",
      priceCents: 54_321,
    });
    const notes = (await eventsOf(orderId)).map((e) => e.note ?? "");
    expect(notes.filter((n) => n.startsWith(RELIST_NOTE))).toEqual([`${RELIST_NOTE} at $543.21`]);
    const after = await post(artist, `/api/me/sales/${orderId}/relist`);
    expect(after.status).toBe(409);
  });

  it("offers it only for the work's latest sale, while its buyer still owns it", async () => {
    const artist = await artistMember();
    const first = await sale(artist);
    await post(artist, `/api/me/sales/${first.orderId}/cannot-fulfil`, { reason: "Sorry" });
    await post(artist, `/api/me/sales/${first.orderId}/relist`);
    clock.advanceMs(1_000);
    // Sold again, to someone else; the first order can no longer give the work back.
    const second = await buy(t.client(), first.artworkId, { email: guestEmail() });
    await post(artist, `/api/me/sales/${second.orderId}/cannot-fulfil`, { reason: "Sorry again" });
    const page = expectContract(salesPageSchema, await (await get(artist, "/api/me/sales")).json());
    const flags = new Map(page.items.map((s) => [s.id, s.mayRelist]));
    expect(flags.get(first.orderId)).toBe(false);
    expect(flags.get(second.orderId)).toBe(true);
    expect((await post(artist, `/api/me/sales/${first.orderId}/relist`)).status).toBe(409);
    expect((await readArtwork(first.artworkId)).isForSale).toBe(false);
  });
});

describe("GET /api/me/sales.csv", () => {
  it("exports every own sale, RFC 4180 quoted and safe from formulas, as an attachment", async () => {
    const artist = await artistMember();
    const stranger = await artistMember();
    await sale(stranger);
    const tricky = await sale(artist, { title: '=HYPERLINK("http://x", "Click"), "ok"\nnext' });
    clock.advanceMs(1_000);
    const plain = await sale(artist, { title: "Blue Hour", priceCents: 12_345 });
    await ship(artist, plain.orderId, UPS);
    const response = await get(artist, "/api/me/sales.csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv; charset=utf-8/);
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="vernissage-sales-2026-06-01.csv"',
    );
    expect(response.headers.get("cache-control")).toContain("no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    // The UTF-8 byte-order mark, for spreadsheets; Response.text() would hide it.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith("\uFEFFDate (UTC),Order ID,Title,Buyer,Status,")).toBe(true);
    const plainOrder = await readOrder(plain.orderId);
    const lines = text.slice(1).split("\r\n");
    expect(lines.at(-1)).toBe("");
    expect(lines[1]).toBe(
      [
        plainOrder.timestamp.toISOString().slice(0, 19).replace("T", " "),
        plain.orderId,
        "Blue Hour",
        (await listBuyerName(plain.orderId)) ?? "",
        "Shipped",
        "123.45",
        (plainOrder.taxAmount / 100).toFixed(2),
        (plainOrder.totalAmount / 100).toFixed(2),
        "24.69",
        "98.76",
        "0.00",
        "98.76",
        "0.00",
        clock.now().toISOString().slice(0, 19).replace("T", " "),
        "UPS",
        UPS.trackingNumber,
      ].join(","),
    );
    expect(text).toContain(`,"'=HYPERLINK(""http://x"", ""Click""), ""ok""\nnext",`);
    expect(text).toContain(tricky.orderId);
    expect(text.match(/\r\n/g)).toHaveLength(3);
  });
});

async function listBuyerName(orderId: string) {
  const order = await readOrder(orderId);
  const [row] = await t.db.select().from(users).where(eq(users.id, order.purchaserId));
  return row?.displayName;
}

describe("GET /api/me/sales/summary", () => {
  it("equals the ledger: pending, payable and paid out", async () => {
    const artist = await artistMember();
    const empty = expectContract(
      salesSummarySchema,
      await (await get(artist, "/api/me/sales/summary")).json(),
    );
    expect(empty).toEqual({ pending: 0, payable: 0, paidOut: 0 });

    const open = await sale(artist, { priceCents: 10_000 });
    const done = await sale(artist, { priceCents: 20_000 });
    const cancelled = await sale(artist, { priceCents: 30_000 });
    await ship(artist, done.orderId, UPS);
    const doneOrder = await readOrder(done.orderId);
    await t.services.orders.move({
      orderId: done.orderId,
      move: "confirm_receipt",
      actor: { id: doneOrder.purchaserId, role: "buyer" },
      set: { deliveredAt: clock.now() },
    });
    await t.services.orders.move({
      orderId: done.orderId,
      move: "complete",
      actor: { id: null, role: "system" },
      set: { completedAt: clock.now() },
    });
    await post(artist, `/api/me/sales/${cancelled.orderId}/cannot-fulfil`, { reason: "Sorry" });

    const summary = expectContract(
      salesSummarySchema,
      await (await get(artist, "/api/me/sales/summary")).json(),
    );
    // From the ledger rows themselves, by the state of their order.
    const ids = [open.orderId, done.orderId, cancelled.orderId];
    const rows = await t.db
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount, status: orders.status })
      .from(ledgerEntries)
      .innerJoin(orders, eq(orders.id, ledgerEntries.orderId))
      .where(inArray(ledgerEntries.orderId, ids));
    const earned = (statuses: string[]) =>
      rows
        .filter((r) => statuses.includes(r.status))
        .reduce(
          (sum, r) =>
            sum +
            (r.kind === "artist_net" ? r.amount : r.kind === "artist_net_refund" ? -r.amount : 0),
          0,
        );
    expect(summary).toEqual({
      pending: earned(["paid", "shipped", "delivered", "problem_reported"]),
      payable: earned(["completed", "partially_refunded", "refunded", "cancelled"]),
      paidOut: 0,
    });
    expect(summary).toEqual({ pending: 8_000, payable: 16_000, paidOut: 0 });
  });
});

describe("each sale's earnings and payouts", () => {
  // Through the sales service, as the routes call it: this file already signs up as many
  // people as the sign-up limit lets one address in a minute.
  const sales = () => t.services.sales;

  /** Per order, the artist's net less its refunds and the payouts less reversals, from the rows. */
  async function fromLedger(orderIds: string[]) {
    const rows = await t.db
      .select()
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.orderId, orderIds));
    const sum = (orderId: string, kind: string) =>
      rows
        .filter((r) => r.orderId === orderId && r.kind === kind)
        .reduce((total, r) => total + r.amount, 0);
    return new Map(
      orderIds.map((id) => [
        id,
        {
          earned: sum(id, "artist_net") - sum(id, "artist_net_refund"),
          paidOut: sum(id, "payout") - sum(id, "payout_reversal"),
        },
      ]),
    );
  }

  /** A real purchase of a new work of the artist's. */
  async function soldWork(artistId: string, priceCents: number) {
    const work = await createArtwork(t.db, { artistId, priceCents });
    return (await buy(t.client(), work.id, { email: guestEmail("earnings") })).orderId;
  }

  async function complete(orderId: string) {
    const order = await readOrder(orderId);
    await sales().ship(order.artistId, orderId, { handedOver: false, ...UPS });
    await t.services.orders.move({
      orderId,
      move: "confirm_receipt",
      actor: { id: order.purchaserId, role: "buyer" },
      set: { deliveredAt: clock.now() },
    });
    await t.services.orders.move({
      orderId,
      move: "complete",
      actor: { id: null, role: "system" },
      set: { completedAt: clock.now() },
    });
  }

  /** The CSV's lines by order id, each cell by its column's name (no cell here is quoted). */
  async function csvByOrder(artistId: string) {
    const { body } = await sales().csv(artistId);
    const [header, ...lines] = body.split("\r\n").filter(Boolean);
    const names = header!.split(",");
    return new Map(
      lines.map((line) => {
        const cells = line.split(",");
        const cell = (name: string) => cells[names.indexOf(name)] ?? "";
        return [cell("Order ID"), cell] as const;
      }),
    );
  }

  const dollarsOf = (cents: number) => (cents / 100).toFixed(2);
  const list = async (artistId: string) =>
    expectContract(salesPageSchema, await sales().list(artistId, {})).items;

  it("reads them from the ledger: a sale paid out, one partly refunded, one cancelled before the capture, one sold before the ledger", async () => {
    const artist = await createArtist(t.db);
    const paid = await soldWork(artist.id, 10_000);
    await complete(paid);
    await t.services.payouts.run();

    const partly = await soldWork(artist.id, 20_000);
    await t.services.orders.requestRefund({
      orderId: partly,
      move: "refund_partial",
      actor: { id: null, role: "team" },
      reason: "A scratch",
      amount: 5_001,
    });

    const buyer = await createUser(t.db);
    const work = await createArtwork(t.db, {
      artistId: artist.id,
      ownerId: buyer.id,
      isForSale: false,
    });
    // Cancelled while the reconciler was still retrying the capture: only an authorization.
    const uncaptured = await createOrder(t.db, {
      artworkId: work.id,
      purchaserId: buyer.id,
      status: "cancelled",
      cancelledAt: clock.now(),
    });
    await t.db
      .update(payments)
      .set({ status: "authorized" })
      .where(eq(payments.id, uncaptured.paymentId));
    // Sold before the ledger existed (migration 0012's backfill): completed, no commission, no rows.
    const legacy = await createOrder(t.db, {
      artworkId: work.id,
      purchaserId: buyer.id,
      timestamp: new Date("2025-01-01T00:00:00Z"),
      status: "completed",
      completedAt: new Date("2025-01-08T00:00:00Z"),
      commissionBps: 0,
      commissionAmount: 0,
      artistNet: 25_000,
    });
    await t.db.insert(orderEvents).values({
      orderId: legacy.id,
      actorRole: "system",
      fromStatus: null,
      toStatus: "completed",
      note: "Sold before orders were tracked.",
    });

    const ids = [paid, partly, uncaptured.id, legacy.id];
    const ledger = await fromLedger(ids);
    expect(ledger.get(paid)).toEqual({ earned: 8_000, paidOut: 8_000 });
    expect(ledger.get(partly)!.earned).toBeGreaterThan(0);
    expect(ledger.get(partly)!.earned).toBeLessThan((await readOrder(partly)).artistNet);
    expect(ledger.get(uncaptured.id)).toEqual({ earned: 0, paidOut: 0 });
    expect(ledger.get(legacy.id)).toEqual({ earned: 0, paidOut: 0 });
    // The orders' columns still carry the full net: that is what must not be shown.
    expect(uncaptured.artistNet).toBeGreaterThan(0);
    expect(legacy.artistNet).toBe(25_000);

    const items = await list(artist.id);
    const csv = await csvByOrder(artist.id);
    expect(items.map((s) => s.id).sort()).toEqual([...ids].sort());
    for (const id of ids) {
      const item = items.find((s) => s.id === id)!;
      expect({ earned: item.earned, paidOut: item.paidOut }, id).toEqual(ledger.get(id));
      const cell = csv.get(id)!;
      expect(cell("Net"), id).toBe(dollarsOf(item.artistNet));
      expect(cell("Net after refunds"), id).toBe(dollarsOf(ledger.get(id)!.earned));
      expect(cell("Paid out"), id).toBe(dollarsOf(ledger.get(id)!.paidOut));
    }
    expect(items.find((s) => s.id === partly)!.refundedAmount).toBe(5_001);

    // Summed by the orders' states, the sales give the artist's three totals.
    const summary = expectContract(salesSummarySchema, await sales().summary(artist.id));
    const owed = (settled: boolean) =>
      items
        .filter((s) => PENDING_STATUSES.includes(s.status) !== settled)
        .reduce((total, s) => total + s.earned - s.paidOut, 0);
    expect(summary).toEqual({
      pending: owed(false),
      payable: owed(true),
      paidOut: items.reduce((total, s) => total + s.paidOut, 0),
    });
    expect(summary.paidOut).toBe(8_000);

    // One sale alone (the answer of a move) carries the same figures.
    expect(
      expectContract(saleSchema, await sales().relist(artist.id, uncaptured.id)),
    ).toMatchObject({ earned: 0, paidOut: 0, mayRelist: false });
  });

  it("counts a cancelled order as earning nothing, even with its net still in the ledger", async () => {
    const artist = await createArtist(t.db);
    const buyer = await createUser(t.db);
    const work = await createArtwork(t.db, { artistId: artist.id, isForSale: false });
    // Captured, cancelled, and its refund refused by the processor for good: the net
    // stays in the ledger, but that money is the team's to settle, never the artist's.
    const order = await createOrder(t.db, {
      artworkId: work.id,
      purchaserId: buyer.id,
      status: "cancelled",
      cancelledAt: clock.now(),
    });
    await recordCaptureEntries(t.db, order);
    expect((await fromLedger([order.id])).get(order.id)!.earned).toBe(order.artistNet);

    expect(await list(artist.id)).toMatchObject([{ id: order.id, earned: 0, paidOut: 0 }]);
    const cell = (await csvByOrder(artist.id)).get(order.id)!;
    expect(cell("Net")).toBe(dollarsOf(order.artistNet));
    expect(cell("Net after refunds")).toBe("0.00");
  });
});
