import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PAYMENT_STARTS_PER_CLIENT, checkoutMessages as m } from "../../../domain/checkout";
import { artworks, payments, users } from "../../db/schema";
import { type TestApp, TEST_ORIGIN } from "../../test/test-app";
import { type Member, signUp } from "../profiles/profiles.test-helpers";
import { reserveArtwork } from "./checkout.repository";
import {
  type CheckoutApp,
  NY_ADDRESS,
  buy,
  complete,
  confirmCard,
  errorOf,
  guestEmail,
  openCheckoutApp,
  ordersOf,
  paymentsOf,
  readArtwork,
  startPayment,
  startedPayment,
} from "./checkout.test-helpers";
import type { PaymentStarted, Quote } from "../../../contracts/checkout.contract";
import { sessionSchema } from "../../../contracts/auth.contract";
import { expectContract } from "../../test/contract";

/**
 * What the checkout refuses to do for the wrong person or at the wrong price
 * (decision 0015): addresses saved on matched accounts, holds taken over by e-mail,
 * totals that changed, and reservations without limit.
 */

let t: TestApp;
let newArtwork: CheckoutApp["newArtwork"];
let collector: Member;

beforeAll(async () => {
  ({ t, newArtwork } = await openCheckoutApp());
  collector = await signUp(t, { firstName: "Vic", lastName: "Tim" });
});
afterAll(() => t.close());

async function savedAddressOf(userId: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, userId));
  return row?.shippingAddress ?? null;
}

async function setPrice(artworkId: string, priceCents: number) {
  await t.db.update(artworks).set({ priceCents }).where(eq(artworks.id, artworkId));
}

describe("the buyer's shipping address", () => {
  it("is not saved on an account a guest matched by typing its e-mail", async () => {
    const elsewhere = { line1: "9 Drop Point", city: "Reno", state: "NV", postal_code: "89501" };
    const result = await buy(t.client(), (await newArtwork()).id, {
      email: collector.email,
      shippingAddress: elsewhere,
    });
    expect(result.accountMessage).toBe(m.guestAccountMatched);
    expect(await savedAddressOf(collector.id)).toBeNull();

    // Bought signed in, the address is the buyer's own and is remembered.
    await buy(collector.client, (await newArtwork()).id);
    expect(await savedAddressOf(collector.id)).toEqual(NY_ADDRESS);
    await buy(t.client(), (await newArtwork()).id, {
      email: collector.email,
      shippingAddress: elsewhere,
    });
    expect(await savedAddressOf(collector.id)).toEqual(NY_ADDRESS);
    // The session answer with a saved address, checked against its contract.
    const session = expectContract(
      sessionSchema,
      await (await collector.client.get("/api/session")).json(),
    );
    expect(session?.shippingAddress).toEqual(NY_ADDRESS);
  });
});

describe("the price the buyer was shown", () => {
  it("refuses with 409 and reserves nothing when the total differs from the quote", async () => {
    const artwork = await newArtwork(80_000);
    const email = guestEmail("quoted");
    const client = t.client();
    const quote = (await (
      await client.post("/api/checkout/quote", {
        artworkId: artwork.id,
        email,
        shippingAddress: NY_ADDRESS,
      })
    ).json()) as Quote;
    expect(quote.totalAmount).toBe(83_200);
    await setPrice(artwork.id, 95_000);

    const response = await startPayment(client, artwork.id, {
      email,
      expectedTotal: quote.totalAmount,
    });
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toEqual({ code: "PRICE_CHANGED", message: m.priceChanged });
    expect((await readArtwork(t, artwork.id)).reservedUntil).toBeNull();
    expect(await paymentsOf(t, artwork.id)).toHaveLength(0);

    // With the new quote the buyer pays the new price.
    const payment = await startedPayment(client, artwork.id, { email });
    expect(payment.totalAmount).toBe(98_800);
  });

  it("asks for the total: a body without expectedTotal is refused", async () => {
    const artwork = await newArtwork();
    const response = await t.client().post("/api/checkout/payments", {
      artworkId: artwork.id,
      email: guestEmail(),
      shippingAddress: NY_ADDRESS,
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("VALIDATION_FAILED");
    expect((await readArtwork(t, artwork.id)).reservedUntil).toBeNull();
  });

  it("reserves only at the price the amounts were computed from", async () => {
    const artwork = await newArtwork(80_000);
    // The price changed after the amounts were read and before the reservation.
    await setPrice(artwork.id, 70_000);
    const reserved = await reserveArtwork(t.db, {
      artworkId: artwork.id,
      paymentId: crypto.randomUUID(),
      priceCents: 80_000,
      buyerId: null,
      takeOverPaymentId: null,
      minutes: 15,
    });
    expect(reserved).toBeNull();
    expect((await readArtwork(t, artwork.id)).reservedUntil).toBeNull();
  });

  it.runIf(onPostgres())(
    "a price changed while the payment starts is never recorded (PostgreSQL: a real second writer)",
    async () => {
      const artwork = await newArtwork(80_000);
      const client = t.client();
      let pending: Promise<Response> | undefined;
      // The artist's edit holds the row: the payment reads the old price, then its
      // reserving UPDATE waits for the edit and sees the new row.
      await t.db.transaction(async (tx) => {
        await tx.update(artworks).set({ priceCents: 90_000 }).where(eq(artworks.id, artwork.id));
        pending = startPayment(client, artwork.id, {
          email: guestEmail("racing"),
          expectedTotal: 83_200,
        });
        await waitForALockWait();
      });
      const response = await pending!;
      expect(response.status).toBe(409);
      expect((await errorOf(response)).message).toBe(m.priceChanged);
      expect(await paymentsOf(t, artwork.id)).toHaveLength(0);
      expect((await readArtwork(t, artwork.id)).reservedUntil).toBeNull();
    },
  );
});

function onPostgres() {
  return Boolean(process.env.TEST_DATABASE_URL);
}

async function waitForALockWait() {
  for (let i = 0; i < 200; i++) {
    const result: unknown = await t.db.execute(
      sql`select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    );
    // node-postgres's QueryResult (the test runs only on PostgreSQL).
    const { rows } = result as { rows: { waiting: number }[] };
    if ((rows[0]?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("the payment never waited for the artist's edit");
}

describe("taking over a hold", () => {
  it("a stranger who types the buyer's e-mail gets 409 and the buyer's payment still completes", async () => {
    const artwork = await newArtwork();
    const email = guestEmail("holder");
    const buyer = t.client();
    const held = await startedPayment(buyer, artwork.id, { email });

    const stranger = await startPayment(t.client(), artwork.id, { email });
    expect(stranger.status).toBe(409);
    expect((await errorOf(stranger)).message).toBe(m.artworkReserved);
    // Naming a secret that is not the hold's does not help either.
    const guessed = await startPayment(t.client(), artwork.id, {
      email,
      previousClientSecret: `${held.clientSecret}x`,
    });
    expect(guessed.status).toBe(409);
    // Nor does knowing the buyer's payment id (it is in their address bar, mails, logs).
    const byId = await startPayment(t.client(), artwork.id, {
      email,
      previousPaymentId: held.paymentId,
    });
    expect(byId.status).toBe(409);
    expect((await errorOf(byId)).message).toBe(m.artworkReserved);

    expect((await readArtwork(t, artwork.id)).reservedByPaymentId).toBe(held.paymentId);
    expect((await confirmCard(buyer, held.clientSecret)).status).toBe(200);
    expect((await complete(buyer, held)).status).toBe(200);
  });

  it("the signed-in purchaser takes their own hold over; a guest with their e-mail does not", async () => {
    const artwork = await newArtwork();
    const first = await startedPayment(collector.client, artwork.id);
    const intruder = await startPayment(t.client(), artwork.id, { email: collector.email });
    expect(intruder.status).toBe(409);
    const again = await startedPayment(collector.client, artwork.id);
    expect((await readArtwork(t, artwork.id)).reservedByPaymentId).toBe(again.paymentId);
    expect((await confirmCard(collector.client, first.clientSecret)).status).toBe(409);
  });

  it("a guest takes over their own hold with the client secret their browser was given", async () => {
    const artwork = await newArtwork();
    const email = guestEmail("again");
    const buyer = t.client();
    const first = await startedPayment(buyer, artwork.id, { email });
    const again = await startedPayment(buyer, artwork.id, {
      email,
      previousClientSecret: first.clientSecret,
    });
    expect((await readArtwork(t, artwork.id)).reservedByPaymentId).toBe(again.paymentId);
    expect((await confirmCard(buyer, again.clientSecret)).status).toBe(200);
    expect((await complete(buyer, again)).status).toBe(200);
  });
});

describe("completing a payment", () => {
  it("answers only the payer: another buyer's payment id alone gets 404 and changes nothing", async () => {
    const artwork = await newArtwork();
    const buyer = t.client();
    const payment = await startedPayment(buyer, artwork.id, { email: guestEmail("payer") });
    expect((await confirmCard(buyer, payment.clientSecret)).status).toBe(200);

    for (const body of [
      { paymentId: payment.paymentId },
      { paymentId: payment.paymentId, clientSecret: "" },
      { paymentId: payment.paymentId, clientSecret: `${payment.clientSecret}x` },
    ]) {
      const response = await t.client().post("/api/checkout/complete", body);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      const text = await response.text();
      expect(text).not.toContain("orderId");
      expect(text).not.toContain(m.guestAccountCreated);
    }
    expect(await ordersOf(t, artwork.id)).toHaveLength(0);
    expect((await readArtwork(t, artwork.id)).isForSale).toBe(true);

    const done = await complete(buyer, payment);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ accountMessage: m.guestAccountCreated });
    // Once sold, the id alone still tells a stranger nothing.
    const stranger = await t.client().post("/api/checkout/complete", {
      paymentId: payment.paymentId,
      clientSecret: "pi_guess_secret_guess",
    });
    expect(stranger.status).toBe(404);
    expect(await errorOf(stranger)).toEqual({ code: "NOT_FOUND", message: "Payment not found." });
  });
});

describe("limits on reservations", () => {
  it("holds at most 3 works per e-mail; taking over one of them is still allowed", async () => {
    const email = guestEmail("hoarder");
    const client = t.client();
    const held: PaymentStarted[] = [];
    for (let i = 0; i < 3; i++)
      held.push(await startedPayment(client, (await newArtwork()).id, { email }));

    const fourth = await newArtwork();
    const refused = await startPayment(client, fourth.id, { email });
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toEqual({ code: "TOO_MANY_ATTEMPTS", message: m.tooManyHolds });
    expect((await readArtwork(t, fourth.id)).reservedUntil).toBeNull();

    const [firstHold] = await t.db
      .select({ artworkId: payments.artworkId })
      .from(payments)
      .where(eq(payments.id, held[0]!.paymentId));
    const retaken = await startPayment(client, firstHold!.artworkId, {
      email,
      previousClientSecret: held[0]!.clientSecret,
    });
    expect(retaken.status).toBe(201);

    // A declined card lets its work go, and with it one of the three.
    expect((await confirmCard(client, held[1]!.clientSecret, "4000 0000 0000 0002")).status).toBe(
      402,
    );
    expect((await startPayment(client, fourth.id, { email })).status).toBe(201);
  });

  it(`answers 429 after ${MAX_PAYMENT_STARTS_PER_CLIENT} payment starts from one address in 15 minutes`, async () => {
    const works = await Promise.all(
      Array.from({ length: MAX_PAYMENT_STARTS_PER_CLIENT + 2 }, () => newArtwork()),
    );
    for (const work of works.slice(0, MAX_PAYMENT_STARTS_PER_CLIENT)) {
      const response = await startFrom("203.0.113.7", work.id, guestEmail("script"));
      expect(response.status).toBe(201);
    }
    const limited = await startFrom("203.0.113.7", works.at(-2)!.id, guestEmail("script"));
    expect(limited.status).toBe(429);
    expect(await errorOf(limited)).toEqual({
      code: "TOO_MANY_ATTEMPTS",
      message: m.tooManyPaymentStarts,
    });
    expect((await readArtwork(t, works.at(-2)!.id)).reservedUntil).toBeNull();
    // Another address, and requests without one (in-process), are not held back.
    expect((await startFrom("198.51.100.4", works.at(-2)!.id, guestEmail())).status).toBe(201);
    expect((await startPayment(t.client(), works.at(-1)!.id, { email: guestEmail() })).status).toBe(
      201,
    );
  });
});

/** A payment start as it arrives over the network from `ip` (Node's socket address). */
function startFrom(ip: string, artworkId: string, email: string) {
  return t.app.request(
    "/api/checkout/payments",
    {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({
        artworkId,
        email,
        shippingAddress: NY_ADDRESS,
        expectedTotal: 83_200,
      }),
    },
    { incoming: { socket: { remoteAddress: ip } } },
  );
}
