import Stripe from "stripe";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkoutConfigSchema, webhookReceivedSchema } from "../../../contracts/checkout.contract";
import { expectContract } from "../../test/contract";
import { ConfigError, loadConfig } from "../../config";
import { artworks, payments, processedWebhookEvents } from "../../db/schema";
import { allowConsoleError } from "../../test/fail-on-console-error";
import { createArtist, createArtwork } from "../../test/factories";
import { type TestApp, TEST_ORIGIN, createTestApp } from "../../test/test-app";
import {
  complete,
  confirmCard,
  guestEmail,
  ordersOf,
  readArtwork,
  startedPayment,
} from "./checkout.test-helpers";
import { startStripeStandIn } from "./stripe-stand-in.test-helpers";

const WEBHOOK_SECRET = "whsec_test_vernissage";
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: "sk_test_vernissage",
  STRIPE_PUBLISHABLE_KEY: "pk_test_vernissage",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
};

let t: TestApp;
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let artist: Awaited<ReturnType<typeof createArtist>>;
const stripe = new Stripe("sk_test_unused");

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({ ...STRIPE_ENV, STRIPE_API_BASE: standIn.url });
  artist = await createArtist(t.db, { payoutAccountId: "acct_artist_1" });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

const newArtwork = () => createArtwork(t.db, { artistId: artist.id, priceCents: 50_000 });

async function providerIdOf(paymentId: string): Promise<string> {
  const [row] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!row?.providerPaymentId) throw new Error("no provider payment id");
  return row.providerPaymentId;
}

function webhook(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.request("/api/webhooks/stripe", {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body: payload,
  });
}

function intentEvent(id: string, type: string, intentId: string) {
  return {
    id,
    object: "event",
    type,
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    data: { object: standIn.intents.get(intentId) },
  };
}

describe("Stripe configuration", () => {
  it("refuses a half-configured Stripe, naming what is missing", () => {
    const base = { NODE_ENV: "test", DATA_DIR: "/tmp/unused", SESSION_SECRET: "x".repeat(32) };
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: "sk_test_1" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: "sk_test_1" })).toThrow(
      /STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ ...base, PAYMENTS_PROVIDER: "stripe" })).toThrow(ConfigError);
    expect(loadConfig(base).payments).toEqual({ provider: "simulated" });
    expect(loadConfig({ ...base, ...STRIPE_ENV }).payments.provider).toBe("stripe");
    expect(loadConfig({ ...base, ...STRIPE_ENV, PAYMENTS_PROVIDER: "simulated" }).payments).toEqual(
      { provider: "simulated" },
    );
  });

  it("gives the browser the publishable key and lets Stripe's script, frames and API through the CSP", async () => {
    const response = await t.client().get("/api/checkout/config");
    expect(expectContract(checkoutConfigSchema, await response.json())).toEqual({
      provider: "stripe",
      publishableKey: "pk_test_vernissage",
    });
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
  });
});

describe("the Stripe provider against the stand-in", () => {
  it("creates a manual-capture PaymentIntent of the platform's, and captures it on complete", async () => {
    const artwork = await newArtwork();
    const client = t.client();
    const payment = await startedPayment(client, artwork.id, { email: guestEmail("stripe") });
    expect(payment.provider).toBe("stripe");
    const intentId = await providerIdOf(payment.paymentId);
    const intent = standIn.intents.get(intentId)!;
    expect(intent).toMatchObject({
      amount: 52_000,
      currency: "usd",
      capture_method: "manual",
      // Separate charges and transfers (decision 0029): no transfer_data, so the money
      // stays with the platform through the return window; the payout run transfers it.
      transfer_data: null,
      metadata: { paymentId: payment.paymentId, artworkId: artwork.id },
    });
    expect(payment.clientSecret).toBe(intent.client_secret);
    const create = standIn.requests.find((r) => r.path === "/v1/payment_intents");
    expect(create?.idempotencyKey).toBe(`reservation-${artwork.id}-${payment.paymentId}`);
    // The simulated card endpoint is not there in Stripe mode.
    expect((await confirmCard(client, payment.clientSecret)).status).toBe(404);

    // Not confirmed yet: no sale.
    expect((await complete(client, payment)).status).toBe(402);
    standIn.authorize(intentId);
    const response = await complete(client, payment);
    expect(response.status).toBe(200);
    expect(standIn.intents.get(intentId)?.status).toBe("succeeded");
    expect(standIn.captureCalls(intentId)).toBe(1);
    expect(await readArtwork(t, artwork.id)).toMatchObject({ isForSale: false });
  });

  it("completes the purchase from a signed webhook, once, however often it is replayed", async () => {
    const artwork = await newArtwork();
    const payment = await startedPayment(t.client(), artwork.id, { email: guestEmail("hook") });
    const intentId = await providerIdOf(payment.paymentId);
    standIn.authorize(intentId);
    const event = intentEvent(
      "evt_authorized_1",
      "payment_intent.amount_capturable_updated",
      intentId,
    );

    const first = await webhook(event);
    expect(first.status).toBe(200);
    expect(expectContract(webhookReceivedSchema, await first.json())).toEqual({
      received: true,
      duplicate: false,
    });
    expect(await ordersOf(t, artwork.id)).toHaveLength(1);
    expect(standIn.captureCalls(intentId)).toBe(1);

    const replay = await webhook(event);
    expect(expectContract(webhookReceivedSchema, await replay.json())).toEqual({
      received: true,
      duplicate: true,
    });
    expect(await ordersOf(t, artwork.id)).toHaveLength(1);
    expect(standIn.captureCalls(intentId)).toBe(1);
    // The browser's own complete call afterwards answers the same order.
    const [order] = await ordersOf(t, artwork.id);
    expect(await (await complete(t.client(), payment)).json()).toMatchObject({
      orderId: order?.id,
    });
  });

  it("refuses a webhook with a bad signature with 400 and changes nothing", async () => {
    const artwork = await newArtwork();
    const payment = await startedPayment(t.client(), artwork.id, { email: guestEmail("forged") });
    const intentId = await providerIdOf(payment.paymentId);
    standIn.authorize(intentId);
    const event = intentEvent("evt_forged_1", "payment_intent.amount_capturable_updated", intentId);

    const forged = await webhook(event, "whsec_someone_else");
    expect(forged.status).toBe(400);
    const unsigned = await t.app.request("/api/webhooks/stripe", {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN },
      body: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(400);
    expect(await ordersOf(t, artwork.id)).toHaveLength(0);
    expect(await readArtwork(t, artwork.id)).toMatchObject({ isForSale: true });
    expect(standIn.captureCalls(intentId)).toBe(0);
    const recorded = await t.db
      .select()
      .from(processedWebhookEvents)
      .where(eq(processedWebhookEvents.id, "evt_forged_1"));
    expect(recorded).toHaveLength(0);
  });

  it("does not cancel a sold payment on a canceled event: it logs an error for the team", async () => {
    const artwork = await newArtwork();
    const payment = await startedPayment(t.client(), artwork.id, { email: guestEmail("sold") });
    const intentId = await providerIdOf(payment.paymentId);
    standIn.authorize(intentId);
    expect((await complete(t.client(), payment)).status).toBe(200);
    // The capture did not go through, and the authorization was cancelled at Stripe.
    await t.db
      .update(payments)
      .set({ status: "authorized" })
      .where(eq(payments.id, payment.paymentId));
    standIn.intents.get(intentId)!.status = "canceled";
    allowConsoleError();

    const response = await webhook(
      intentEvent("evt_canceled_sold", "payment_intent.canceled", intentId),
    );
    expect(response.status).toBe(200);
    const [row] = await t.db.select().from(payments).where(eq(payments.id, payment.paymentId));
    expect(row?.status).toBe("authorized");
    expect(await ordersOf(t, artwork.id)).toHaveLength(1);
    const logged = vi.mocked(console.error).mock.calls.map((call) => String(call[0]));
    expect(
      logged.some((line) => line.includes("a sold payment was cancelled at the processor")),
    ).toBe(true);
  });

  it("ends an unsold payment on a canceled event and lets the work go", async () => {
    const artwork = await newArtwork();
    const payment = await startedPayment(t.client(), artwork.id, { email: guestEmail("gone") });
    const intentId = await providerIdOf(payment.paymentId);
    standIn.intents.get(intentId)!.status = "canceled";
    const response = await webhook(
      intentEvent("evt_canceled_open", "payment_intent.canceled", intentId),
    );
    expect(response.status).toBe(200);
    const [row] = await t.db.select().from(payments).where(eq(payments.id, payment.paymentId));
    expect(row?.status).toBe("cancelled");
    expect(await readArtwork(t, artwork.id)).toMatchObject({
      reservedUntil: null,
      isForSale: true,
    });
  });

  it("cancels the Stripe authorization of a buyer who lost the artwork", async () => {
    const artwork = await newArtwork();
    const slow = await startedPayment(t.client(), artwork.id, { email: guestEmail("slow") });
    const slowIntent = await providerIdOf(slow.paymentId);
    standIn.authorize(slowIntent);
    // The work stopped being for sale in the meantime (sold elsewhere, or taken off sale).
    await t.db.update(artworks).set({ isForSale: false }).where(eq(artworks.id, artwork.id));
    const response = await complete(t.client(), slow);
    expect(response.status).toBe(409);
    expect(standIn.intents.get(slowIntent)?.status).toBe("canceled");
    expect(standIn.captureCalls(slowIntent)).toBe(0);
  });
});
