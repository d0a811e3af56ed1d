import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutMessages as m } from "../../../domain/checkout";
import { artworks, users } from "../../db/schema";
import { createArtist, createArtwork } from "../../test/factories";
import { type TestApp, createTestApp } from "../../test/test-app";
import { type Member, signUp } from "../profiles/profiles.test-helpers";
import {
  NY_ADDRESS,
  buy,
  complete,
  confirmCard,
  errorOf,
  guestEmail,
  ledgerOf,
  mailTo,
  ordersOf,
  readArtwork,
  startPayment,
  startedPayment,
} from "./checkout.test-helpers";
import {
  checkoutConfigSchema,
  purchaseCompletedSchema,
  purchasesSchema,
  quoteSchema,
} from "../../../contracts/checkout.contract";
import { expectContract } from "../../test/contract";

let t: TestApp;
let artist: Awaited<ReturnType<typeof createArtist>>;
let collector: Member;

beforeAll(async () => {
  t = await createTestApp();
  artist = await createArtist(t.db, {
    firstName: "Ines",
    lastName: "Moreau",
    displayName: "Ines Moreau",
  });
  collector = await signUp(t, { firstName: "Cora", lastName: "Lee" });
});
afterAll(() => t.close());

function newArtwork(overrides: Partial<typeof artworks.$inferInsert> = {}) {
  return createArtwork(t.db, { artistId: artist.id, priceCents: 250_000, ...overrides });
}

describe("GET /api/checkout/config", () => {
  it("names the simulated processor, with no publishable key, and keeps the strict CSP", async () => {
    const response = await t.client().get("/api/checkout/config");
    expect(expectContract(checkoutConfigSchema, await response.json())).toEqual({
      provider: "simulated",
      publishableKey: null,
    });
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain("stripe");
  });
});

describe("POST /api/checkout/quote", () => {
  it("answers the tax split in cents from the state's rate", async () => {
    const artwork = await newArtwork({ priceCents: 19_999 });
    const response = await t.client().post("/api/checkout/quote", {
      artworkId: artwork.id,
      email: "a@b.c",
      shippingAddress: { ...NY_ADDRESS, state: "california" },
    });
    expect(response.status).toBe(200);
    expect(expectContract(quoteSchema, await response.json())).toEqual({
      preTaxAmount: 19_999,
      taxAmount: 1_450,
      totalAmount: 21_449,
    });
  });

  it("refuses an incomplete address, an unknown state, and unknown or unsold works", async () => {
    const artwork = await newArtwork();
    const quote = (body: Record<string, unknown>) =>
      t.client().post("/api/checkout/quote", {
        artworkId: artwork.id,
        email: "a@b.c",
        shippingAddress: NY_ADDRESS,
        ...body,
      });
    let response = await quote({ shippingAddress: { ...NY_ADDRESS, city: "" } });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(m.fillShipping);
    response = await quote({ shippingAddress: { ...NY_ADDRESS, state: "Narnia" } });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(m.unknownState);
    response = await quote({ shippingAddress: { ...NY_ADDRESS, postal_code: "122" } });
    expect((await errorOf(response)).message).toBe(m.invalidPostalCode);
    response = await quote({ artworkId: "00000000-0000-4000-8000-000000000000" });
    expect(response.status).toBe(404);
    const offersOnly = await newArtwork({ isForSale: false, priceCents: null });
    response = await quote({ artworkId: offersOnly.id });
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe(m.artworkNotForSale);
  });
});

describe("a signed-in purchase", () => {
  it("sells the work to the buyer, records the order, queues both e-mails and captures once", async () => {
    const artwork = await newArtwork({ allowBuyerPickUp: true, zipCode: "10001" });
    const payment = await startedPayment(collector.client, artwork.id, {
      // The body's e-mail is ignored when signed in: the account's is used.
      email: "someone.else@example.com",
    });
    expect(payment).toMatchObject({
      provider: "simulated",
      preTaxAmount: 250_000,
      taxAmount: 10_000,
      totalAmount: 260_000,
    });
    expect(new Date(payment.reservedUntil).getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect((await readArtwork(t, artwork.id)).reservedByPaymentId).toBe(payment.paymentId);

    expect((await confirmCard(collector.client, payment.clientSecret)).status).toBe(200);
    const response = await complete(collector.client, payment);
    expect(response.status).toBe(200);
    const completed = expectContract(purchaseCompletedSchema, await response.json());
    expect(completed).toMatchObject({ artworkId: artwork.id, accountMessage: null });

    const sold = await readArtwork(t, artwork.id);
    expect(sold).toMatchObject({
      isForSale: false,
      ownerId: collector.id,
      reservedUntil: null,
      reservedByPaymentId: null,
    });
    const [order] = await ordersOf(t, artwork.id);
    expect(order).toMatchObject({
      purchaserId: collector.id,
      title: artwork.title,
      imageThumbnail: artwork.imageThumbnail,
      imageOriginal: artwork.imageOriginal,
      artistName: "Ines Moreau",
      price: 250_000,
      preTaxAmount: 250_000,
      taxAmount: 10_000,
      totalAmount: 260_000,
    });
    const [ledger] = await ledgerOf(t, artwork.id);
    expect(ledger).toMatchObject({ status: "captured", captureRequests: 1, amount: 260_000 });
    // Separate charges and transfers (decision 0029): the charge names no artist account;
    // the artist is paid by a transfer once the order completes.
    expect(ledger?.transferDestination).toBeNull();

    const [buyerMail] = await mailTo(t, collector.email);
    expect(buyerMail?.subject).toContain(artwork.title);
    expect(buyerMail?.textBody).toContain("$2,600");
    const [sellerMail] = await mailTo(t, artist.email);
    expect(sellerMail?.textBody).toContain("1 Main St");
    expect(sellerMail?.textBody).toContain("zip code 10001");

    const [buyer] = await t.db.select().from(users).where(eq(users.id, collector.id));
    expect(buyer?.shippingAddress).toEqual(NY_ADDRESS);

    // Completing again answers the same, with no second order or capture.
    const again = await complete(collector.client, payment);
    expect(await again.json()).toEqual(completed);
    expect(await ordersOf(t, artwork.id)).toHaveLength(1);
    expect((await ledgerOf(t, artwork.id))[0]?.captureRequests).toBe(1);
  });

  it("refuses a sold work, the own work and a work reserved by someone else with clear 409s", async () => {
    const artwork = await newArtwork();
    await buy(collector.client, artwork.id);
    let response = await startPayment(t.client(), artwork.id, { email: guestEmail() });
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe(m.artworkSold);

    // The collector now owns it.
    response = await startPayment(collector.client, artwork.id);
    expect((await errorOf(response)).message).toBe(m.ownArtwork);
    // A guest typing the buyer's e-mail is not told who owns the sold work.
    response = await startPayment(t.client(), artwork.id, { email: collector.email });
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe(m.artworkSold);

    const other = await newArtwork();
    await startedPayment(t.client(), other.id, { email: guestEmail() });
    response = await startPayment(t.client(), other.id, { email: guestEmail() });
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe(m.artworkReserved);
  });

  it("gives the same buyer starting again the reservation back, cancelling the old authorization", async () => {
    const artwork = await newArtwork();
    const email = guestEmail("again");
    const first = await startedPayment(t.client(), artwork.id, { email });
    const second = await startedPayment(t.client(), artwork.id, {
      email,
      previousClientSecret: first.clientSecret,
      shippingAddress: { ...NY_ADDRESS, state: "OR" },
    });
    expect(second.paymentId).not.toBe(first.paymentId);
    expect(second.taxAmount).toBe(0);
    expect((await readArtwork(t, artwork.id)).reservedByPaymentId).toBe(second.paymentId);
    const ledger = await ledgerOf(t, artwork.id);
    expect(ledger.map((row) => row.status).sort()).toEqual(["cancelled", "created"]);
    // The old one cannot be confirmed into a sale any more.
    expect((await confirmCard(t.client(), first.clientSecret)).status).toBe(409);
  });

  it("checks the payment body in the SPEC's order", async () => {
    const artwork = await newArtwork();
    let response = await startPayment(t.client(), artwork.id, {
      email: "",
      shippingAddress: { ...NY_ADDRESS, line1: "" },
    });
    expect((await errorOf(response)).message).toBe(m.fillShipping);
    response = await startPayment(t.client(), artwork.id, { email: "" });
    expect((await errorOf(response)).message).toBe(m.guestEmail);
    response = await startPayment(t.client(), artwork.id, { email: "nobody" });
    expect((await errorOf(response)).message).toBe(m.invalidEmail);
    expect((await readArtwork(t, artwork.id)).reservedUntil).toBeNull();
  });
});

describe("a guest purchase", () => {
  it("creates a collector account for a new e-mail, without a session, that can reset its password", async () => {
    const artwork = await newArtwork();
    const email = guestEmail("new");
    const client = t.client();
    const result = await buy(client, artwork.id, { email, name: "Gus Guest" });
    expect(result.accountMessage).toBe(m.guestAccountCreated);
    expect(client.jar.size).toBe(0);
    const [account] = await t.db.select().from(users).where(eq(users.email, email));
    expect(account).toMatchObject({ firstName: "Gus", lastName: "Guest", isArtist: false });
    expect((await readArtwork(t, artwork.id)).ownerId).toBe(account?.id);
    expect(account?.shippingAddress).toEqual(NY_ADDRESS);
    expect(await mailTo(t, email)).toHaveLength(1);

    const reset = await client.post("/api/auth/request-password-reset", { email });
    expect(reset.status).toBe(200);
    expect((await mailTo(t, email)).map((mail) => mail.kind)).toContain("password-reset");
  });

  it("matches an existing account by e-mail (any case) and starts no session for it", async () => {
    const artwork = await newArtwork();
    const client = t.client();
    const result = await buy(client, artwork.id, { email: collector.email.toUpperCase() });
    expect(result.accountMessage).toBe(m.guestAccountMatched);
    expect(client.jar.size).toBe(0);
    expect((await readArtwork(t, artwork.id)).ownerId).toBe(collector.id);
  });
});

describe("declined cards", () => {
  it.each([
    ["4000 0000 0000 0002", "Your card was declined."],
    ["4000 0000 0000 9995", "Your card has insufficient funds."],
    ["4000 0000 0000 0069", "Your card has expired."],
    ["4111 1111 1111 1111", "Your card number is incorrect."],
    ["4242 4242 4242 4241", "Your card number is incorrect."],
  ])("%s: says %s, sells nothing and releases the reservation", async (card, message) => {
    const artwork = await newArtwork();
    const client = t.client();
    const payment = await startedPayment(client, artwork.id, { email: guestEmail() });
    const response = await confirmCard(client, payment.clientSecret, card);
    expect(response.status).toBe(402);
    expect(await errorOf(response)).toEqual({ code: "PAYMENT_FAILED", message });
    const after = await readArtwork(t, artwork.id);
    expect(after).toMatchObject({ isForSale: true, reservedUntil: null, ownerId: artist.id });
    const completeResponse = await complete(client, payment);
    expect(completeResponse.status).toBe(402);
    expect(await ordersOf(t, artwork.id)).toHaveLength(0);
    // The next buyer gets in at once.
    expect((await startPayment(t.client(), artwork.id, { email: guestEmail() })).status).toBe(201);
  });

  it("refuses a confirm with a wrong client secret", async () => {
    const artwork = await newArtwork();
    const payment = await startedPayment(t.client(), artwork.id, { email: guestEmail() });
    const forged = payment.clientSecret.replace(/.$/, (c) => (c === "0" ? "1" : "0"));
    expect((await confirmCard(t.client(), forged)).status).toBe(404);
    expect((await complete(t.client(), payment)).status).toBe(402);
  });
});

describe("GET /api/me/purchases", () => {
  it("lists the buyer's purchases newest first, and keeps them when the artwork changes", async () => {
    const buyer = await signUp(t, { firstName: "Pia", lastName: "Buyer" });
    const first = await newArtwork({ title: "First work" });
    const second = await newArtwork({ title: "Second work", priceCents: 12_345 });
    await buy(buyer.client, first.id);
    await buy(buyer.client, second.id);
    await t.db
      .update(artworks)
      .set({ title: "Renamed later", priceCents: 1 })
      .where(eq(artworks.id, second.id));

    const response = await buyer.client.get("/api/me/purchases");
    expect(response.status).toBe(200);
    const { purchases } = expectContract(purchasesSchema, await response.json());
    expect(purchases.map((p) => p.title)).toEqual(["Second work", "First work"]);
    expect(purchases[0]).toMatchObject({
      artworkId: second.id,
      artistName: "Ines Moreau",
      price: 12_345,
      preTaxAmount: 12_345,
      taxAmount: 494,
      totalAmount: 12_839,
    });
    expect(await t.services.checkout.purchases(buyer.id)).toEqual(purchases);
  });

  it("answers 401 when signed out", async () => {
    expect((await t.client().get("/api/me/purchases")).status).toBe(401);
  });
});
