import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutMessages as m } from "../../../domain/checkout";
import { users } from "../../db/schema";
import { createArtist, createArtwork } from "../../test/factories";
import { type TestApp, createTestApp } from "../../test/test-app";
import {
  NY_ADDRESS,
  complete,
  confirmCard,
  errorOf,
  guestEmail,
  ledgerOf,
  ordersOf,
  paymentsOf,
  readArtwork,
  startPayment,
  startedPayment,
} from "./checkout.test-helpers";

/**
 * Every checkout step refuses a work the marketplace would not list (its artist's
 * payouts are not active, or it is a draft), as search does (decision 0020).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function listedArtwork() {
  const artist = await createArtist(t.db);
  const artwork = await createArtwork(t.db, { artistId: artist.id, priceCents: 60_000 });
  return { artist, artwork };
}

async function stopPayouts(artistId: string) {
  await t.db.update(users).set({ payoutStatus: "restricted" }).where(eq(users.id, artistId));
}

function quote(artworkId: string) {
  return t.client().post("/api/checkout/quote", {
    artworkId,
    email: guestEmail("quote"),
    shippingAddress: NY_ADDRESS,
  });
}

const notListed = { code: "CONFLICT", message: m.artworkNotForSale };

describe("a work the marketplace does not list", () => {
  it("is refused a quote and a payment with 409 when its artist's payouts are not active", async () => {
    const { artist, artwork } = await listedArtwork();
    await stopPayouts(artist.id);

    const quoted = await quote(artwork.id);
    expect(quoted.status).toBe(409);
    expect(await errorOf(quoted)).toEqual(notListed);
    const started = await startPayment(t.client(), artwork.id, {
      email: guestEmail("unlisted"),
      expectedTotal: 63_000,
    });
    expect(started.status).toBe(409);
    expect(await errorOf(started)).toEqual(notListed);
    expect(await readArtwork(t, artwork.id)).toMatchObject({ reservedUntil: null });
    expect(await paymentsOf(t, artwork.id)).toEqual([]);
  });

  it("is refused a quote and a payment when it is a draft", async () => {
    const artist = await createArtist(t.db);
    const draft = await createArtwork(t.db, { artistId: artist.id, status: "draft" });
    expect((await quote(draft.id)).status).toBe(409);
    const started = await startPayment(t.client(), draft.id, {
      email: guestEmail("draft"),
      expectedTotal: 26_250,
    });
    expect(started.status).toBe(409);
    expect(await paymentsOf(t, draft.id)).toEqual([]);
  });

  it("refuses the card of a payment started before the work stopped being listed", async () => {
    const { artist, artwork } = await listedArtwork();
    const client = t.client();
    const payment = await startedPayment(client, artwork.id, { email: guestEmail("confirm") });
    await stopPayouts(artist.id);

    const confirmed = await confirmCard(client, payment.clientSecret);
    expect(confirmed.status).toBe(409);
    expect(await errorOf(confirmed)).toEqual(notListed);
    expect((await ledgerOf(t, artwork.id))[0]?.status).toBe("cancelled");
    expect(await readArtwork(t, artwork.id)).toMatchObject({ reservedByPaymentId: null });
  });

  it("does not sell or charge a card confirmed before the work stopped being listed", async () => {
    const { artist, artwork } = await listedArtwork();
    const client = t.client();
    const payment = await startedPayment(client, artwork.id, { email: guestEmail("complete") });
    expect((await confirmCard(client, payment.clientSecret)).status).toBe(200);
    await stopPayouts(artist.id);

    const completed = await complete(client, payment);
    expect(completed.status).toBe(409);
    expect(await errorOf(completed)).toEqual({
      code: "CONFLICT",
      message: `${m.artworkNotForSale} ${m.notCharged}`,
    });
    expect(await ordersOf(t, artwork.id)).toEqual([]);
    const [ledger] = await ledgerOf(t, artwork.id);
    expect(ledger).toMatchObject({ status: "cancelled", captureRequests: 0 });
    expect((await paymentsOf(t, artwork.id))[0]?.status).toBe("cancelled");
    expect(await readArtwork(t, artwork.id)).toMatchObject({
      isForSale: true,
      ownerId: artist.id,
      reservedByPaymentId: null,
    });
    // The reconciler does not sell it later either.
    await t.services.checkout.reconciler.run();
    expect(await ordersOf(t, artwork.id)).toEqual([]);
  });
});
