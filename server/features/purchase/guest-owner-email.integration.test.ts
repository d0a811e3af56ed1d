import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offerViewSchema } from "../../../contracts/offers.contract";
import { checkoutMessages as cm } from "../../../domain/checkout";
import { offerMessages as om } from "../../../domain/offers";
import { offers, orders } from "../../db/schema";
import { expectContract } from "../../test/contract";
import { createArtwork } from "../../test/factories";
import { type TestApp, createTestApp, testClock } from "../../test/test-app";
import { type Member, signUp } from "../profiles/profiles.test-helpers";
import {
  dollars,
  holdStatuses,
  keyed,
  makeOffer,
  postOffer,
  readOffer,
} from "./offers.test-helpers";
import {
  type ErrorBody,
  complete,
  confirmCard,
  guestEmail,
  ledgerOf,
  ordersOf,
  readArtwork,
  startPayment,
  startedPayment,
} from "./checkout.test-helpers";

/**
 * A guest typing the e-mail of the work's own artist (decision 0042): the answers before any
 * card is held are the same as for any other e-mail, and no sale is ever made to the artist.
 * A guest has one open offer per work, as a signed-in buyer has.
 */

let t: TestApp;
const clock = testClock(new Date("2026-11-24T12:00:00Z"));
let artist: Member;

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
  artist = await signUp(
    t,
    { firstName: "Ines", lastName: "Moreau" },
    { isArtist: true, payoutStatus: "active", payoutAccountId: "acct_owner_email" },
  );
});
afterAll(() => t.close());

async function errorOf(response: Response) {
  return ((await response.json()) as ErrorBody).error;
}

describe("a guest checkout with the artist's own e-mail", () => {
  it("starts like any guest's, then is not sold: the hold is released and nobody is charged", async () => {
    const work = await createArtwork(t.db, { artistId: artist.id, priceCents: 40_000 });
    // Signed out, the artist's e-mail answers as a stranger's would: the work is held.
    const started = await startedPayment(t.client(), work.id, {
      email: artist.email.toUpperCase(),
    });
    expect((await readArtwork(t, work.id)).reservedByPaymentId).toBe(started.paymentId);

    const client = t.client();
    expect((await confirmCard(client, started.clientSecret)).status).toBe(200);
    const refused = await complete(client, started);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(`${cm.ownArtwork} ${cm.notCharged}`);
    // No order, the work is still the artist's, for sale and free, the card not charged.
    expect(await ordersOf(t, work.id)).toHaveLength(0);
    expect(await readArtwork(t, work.id)).toMatchObject({
      ownerId: artist.id,
      isForSale: true,
      reservedByPaymentId: null,
    });
    const [ledger] = await ledgerOf(t, work.id);
    expect(ledger).toMatchObject({ status: "cancelled", captureRequests: 0 });
    // Completing again (a webhook, a double submit) answers the same and sells nothing.
    const again = await complete(client, started);
    expect((await errorOf(again)).message).toBe(`${cm.ownArtwork} ${cm.notCharged}`);
    expect(await ordersOf(t, work.id)).toHaveLength(0);
  });

  it("keeps refusing the signed-in artist before any card is held", async () => {
    const work = await createArtwork(t.db, { artistId: artist.id, priceCents: 40_000 });
    const response = await startPayment(artist.client, work.id);
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe(cm.ownArtwork);
  });
});

describe("a guest offer with the artist's own e-mail", () => {
  it("is not sold to the artist when accepted: the offer closes and its hold is released", async () => {
    const work = await createArtwork(t.db, { artistId: artist.id, isForSale: false });
    const made = await makeOffer(t.client(), work.id, dollars(700), { email: artist.email });
    const accepted = await artist.client.post(`/api/offers/${made.offer.id}/accept`, {
      amount: dollars(700),
    });
    expect(accepted.status).toBe(409);
    expect((await errorOf(accepted)).message).toBe(om.ownEmail);
    expect(await t.db.select().from(orders).where(eq(orders.artworkId, work.id))).toHaveLength(0);
    expect(await readArtwork(t, work.id)).toMatchObject({ ownerId: artist.id });
    expect(await readOffer(t, made.offer.id)).toMatchObject({
      status: "declined",
      declineReason: "own_artwork",
      orderId: null,
    });
    expect(await holdStatuses(t, made.offer.id)).toEqual(["cancelled"]);
    // The buyer's page says why it closed.
    const page = await t.client().get(`/api/offers/${made.offer.id}?key=${made.accessKey}`);
    const view = expectContract(offerViewSchema, await page.json());
    expect(view.statusText).toBe("Closed: made with the artist's email");
  });
});

describe("one open offer per guest e-mail and work", () => {
  it("refuses a guest's second open offer on the same work, whatever the e-mail's case", async () => {
    const work = await createArtwork(t.db, { artistId: artist.id, isForSale: false });
    const email = guestEmail("twice");
    await makeOffer(t.client(), work.id, dollars(500), { email });
    const second = await postOffer(t.client(), work.id, dollars(550), {
      email: email.toUpperCase(),
    });
    expect(second.status).toBe(409);
    expect((await errorOf(second)).message).toBe(om.alreadyOpen);
    const open = await t.db.select().from(offers).where(eq(offers.artworkId, work.id));
    expect(open.filter((offer) => offer.status === "open")).toHaveLength(1);
  });

  it("opens only one of two offers confirmed at once, releasing the other's hold", async () => {
    const work = await createArtwork(t.db, { artistId: artist.id, isForSale: false });
    const email = guestEmail("racing");
    // Both made before either is open, so the check at making passes for both.
    const made = await Promise.all(
      [dollars(500), dollars(520)].map(async (amount) => {
        const client = t.client();
        const response = await postOffer(client, work.id, amount, { email });
        expect(response.status).toBe(201);
        const body = (await response.json()) as {
          offer: { id: string };
          accessKey: string;
          authorization: { clientSecret: string };
        };
        expect((await confirmCard(client, body.authorization.clientSecret)).status).toBe(200);
        return { client, body };
      }),
    );
    const answers = await Promise.all(
      made.map(({ client, body }) =>
        client.post(`/api/offers/${body.offer.id}/confirm`, {}, keyed(body)),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const rows = await t.db.select().from(offers).where(eq(offers.artworkId, work.id));
    expect(rows.map((row) => row.status).sort()).toEqual(["lapsed", "open"]);
    const lapsed = rows.find((row) => row.status === "lapsed")!;
    expect(await holdStatuses(t, lapsed.id)).toEqual(["cancelled"]);
  });
});
