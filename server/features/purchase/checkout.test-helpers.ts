import type { ApiErrorBody } from "../../../contracts/common.contract";
import { eq } from "drizzle-orm";
import { artworks, orders, outbox, payments, simulatedPayments } from "../../db/schema";
import { createArtist, createArtwork } from "../../test/factories";
import { type TestApp, createTestApp } from "../../test/test-app";
import {
  type PaymentStarted,
  type PurchaseCompleted,
  paymentStartedSchema,
  purchaseCompletedSchema,
  quoteSchema,
  simulatedConfirmationSchema,
} from "../../../contracts/checkout.contract";
import { expectContract } from "../../test/contract";

export type Client = ReturnType<TestApp["client"]>;
/** An error answer (contracts/common.contract.ts). */
export type ErrorBody = ApiErrorBody;

export const NY_ADDRESS = { line1: "1 Main St", city: "Albany", state: "NY", postal_code: "12207" };
export const GOOD_CARD = "4242 4242 4242 4242";

/**
 * What a checkout test file starts from: an app of its own and an artist whose works are
 * listed; `newArtwork` lists one more of theirs, at $800 unless priced otherwise. The
 * file closes `t` after its tests.
 */
export async function openCheckoutApp() {
  const t = await createTestApp();
  const artistId = (await createArtist(t.db)).id;
  const newArtwork = (priceCents = 80_000) => createArtwork(t.db, { artistId, priceCents });
  return { t, newArtwork };
}

export type CheckoutApp = Awaited<ReturnType<typeof openCheckoutApp>>;

/** The `error` of an error answer. */
export async function errorOf(response: Response): Promise<ErrorBody["error"]> {
  return ((await response.json()) as ErrorBody).error;
}

export function guestEmail(label = "guest"): string {
  return `${label}.${Math.random().toString(36).slice(2)}@example.com`;
}

/**
 * Starts a payment as the buy panel does: with the quoted total as `expectedTotal`
 * unless the body gives one (0 when there is no quote, e.g. an invalid address: the
 * server refuses those before it compares totals).
 */
export async function startPayment(
  client: Client,
  artworkId: string,
  body: Record<string, unknown> = {},
) {
  const request: Record<string, unknown> = {
    artworkId,
    email: "",
    shippingAddress: NY_ADDRESS,
    ...body,
  };
  if (!("expectedTotal" in body)) {
    const quoted = await client.post("/api/checkout/quote", request);
    request.expectedTotal = quoted.ok
      ? expectContract(quoteSchema, await quoted.json()).totalAmount
      : 0;
  }
  return client.post("/api/checkout/payments", request);
}

export async function startedPayment(
  client: Client,
  artworkId: string,
  body: Record<string, unknown> = {},
): Promise<PaymentStarted> {
  const response = await startPayment(client, artworkId, body);
  if (response.status !== 201) {
    throw new Error(`payment refused: ${response.status} ${await response.text()}`);
  }
  return expectContract(paymentStartedSchema, await response.json());
}

/** What Stripe.js's confirmCardPayment does in the browser, against the simulated processor. */
export function confirmCard(client: Client, clientSecret: string, number = GOOD_CARD) {
  return client.post("/api/checkout/simulated/confirm", {
    clientSecret,
    card: { number, expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: "123" },
    billingDetails: { name: "Test Buyer", email: "buyer@example.com" },
  });
}

/** The browser's complete call: the payment id and the client secret only the payer was given. */
export function complete(
  client: Client,
  payment: Pick<PaymentStarted, "paymentId" | "clientSecret">,
) {
  return client.post("/api/checkout/complete", {
    paymentId: payment.paymentId,
    clientSecret: payment.clientSecret,
  });
}

/** The whole purchase as the browser makes it: pay, confirm the card, complete. */
export async function buy(
  client: Client,
  artworkId: string,
  body: Record<string, unknown> = {},
): Promise<PurchaseCompleted & { payment: PaymentStarted }> {
  const payment = await startedPayment(client, artworkId, body);
  const confirmed = await confirmCard(client, payment.clientSecret);
  if (confirmed.status !== 200) throw new Error(`card refused: ${await confirmed.text()}`);
  expectContract(simulatedConfirmationSchema, await confirmed.json());
  const completed = await complete(client, payment);
  if (completed.status !== 200) throw new Error(`complete refused: ${await completed.text()}`);
  return { ...expectContract(purchaseCompletedSchema, await completed.json()), payment };
}

export async function readArtwork(t: TestApp, id: string) {
  const [row] = await t.db.select().from(artworks).where(eq(artworks.id, id));
  if (!row) throw new Error(`no artwork ${id}`);
  return row;
}

export function ordersOf(t: TestApp, artworkId: string) {
  return t.db.select().from(orders).where(eq(orders.artworkId, artworkId));
}

export async function paymentsOf(t: TestApp, artworkId: string) {
  return t.db.select().from(payments).where(eq(payments.artworkId, artworkId));
}

/** The simulated processor's ledger rows of an artwork's payments. */
export async function ledgerOf(t: TestApp, artworkId: string) {
  const rows = await paymentsOf(t, artworkId);
  const ids = new Set(rows.map((p) => p.providerPaymentId));
  const ledger = await t.db.select().from(simulatedPayments);
  return ledger.filter((row) => ids.has(row.id));
}

export function mailTo(t: TestApp, recipient: string) {
  return t.db.select().from(outbox).where(eq(outbox.recipient, recipient));
}
