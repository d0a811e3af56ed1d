import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkoutMessages as m } from "../../../domain/checkout";
import { artworks, payments, simulatedPayments } from "../../db/schema";
import { allowConsoleError } from "../../test/fail-on-console-error";
import type { TestApp } from "../../test/test-app";
import { lostSaleMessage } from "./purchase.service";
import {
  type CheckoutApp,
  type ErrorBody,
  complete,
  confirmCard,
  guestEmail,
  ledgerOf,
  openCheckoutApp,
  ordersOf,
  paymentsOf,
  readArtwork,
  startPayment,
  startedPayment,
} from "./checkout.test-helpers";
import type { PaymentStarted } from "../../../contracts/checkout.contract";

let t: TestApp;
let newArtwork: CheckoutApp["newArtwork"];

beforeAll(async () => {
  ({ t, newArtwork } = await openCheckoutApp());
});
afterAll(() => t.close());

async function expireReservation(artworkId: string) {
  await t.db
    .update(artworks)
    .set({ reservedUntil: sql`now() - interval '1 minute'` })
    .where(eq(artworks.id, artworkId));
}

describe("exactly one sale per artwork", () => {
  it("completing the same payment 10 times at once makes one order and one capture", async () => {
    const artwork = await newArtwork();
    const client = t.client();
    const payment = await startedPayment(client, artwork.id, { email: guestEmail("ten") });
    expect((await confirmCard(client, payment.clientSecret)).status).toBe(200);

    const responses = await Promise.all(
      Array.from({ length: 10 }, () => complete(t.client(), payment)),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    const bodies = await Promise.all(responses.map((r) => r.json()));
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(bodies[0]).toMatchObject({ accountMessage: m.guestAccountCreated });

    expect(await ordersOf(t, artwork.id)).toHaveLength(1);
    const ledger = await ledgerOf(t, artwork.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ status: "captured", captureRequests: 1 });
  });

  it("20 buyers racing for one artwork: one order, 19 refused, one price captured", async () => {
    const artwork = await newArtwork();
    const clients = Array.from({ length: 20 }, () => t.client());
    const attempts = await Promise.all(
      clients.map(async (client) => {
        const response = await startPayment(client, artwork.id, { email: guestEmail("race") });
        if (response.status !== 201) {
          return { status: response.status, body: (await response.json()) as ErrorBody };
        }
        const payment = (await response.json()) as PaymentStarted;
        await confirmCard(client, payment.clientSecret);
        const done = await complete(client, payment);
        return { status: done.status, body: (await done.json()) as ErrorBody };
      }),
    );
    const won = attempts.filter((a) => a.status === 200);
    const refused = attempts.filter((a) => a.status === 409);
    expect(won).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.body.error.message).toBe(m.artworkReserved);

    expect(await ordersOf(t, artwork.id)).toHaveLength(1);
    const ledger = await ledgerOf(t, artwork.id);
    const captured = ledger.filter((row) => row.status === "captured");
    expect(captured.reduce((sum, row) => sum + row.amount, 0)).toBe(83_200);
    expect((await readArtwork(t, artwork.id)).isForSale).toBe(false);
  });

  it("an expired reservation lets the next buyer in; the late first buyer is cancelled, not charged", async () => {
    const artwork = await newArtwork();
    const firstClient = t.client();
    const first = await startedPayment(firstClient, artwork.id, { email: guestEmail("slow") });
    expect((await confirmCard(firstClient, first.clientSecret)).status).toBe(200);
    // While the reservation runs, nobody else gets in.
    expect((await startPayment(t.client(), artwork.id, { email: guestEmail() })).status).toBe(409);

    await expireReservation(artwork.id);
    const secondClient = t.client();
    const second = await startedPayment(secondClient, artwork.id, { email: guestEmail("next") });
    expect((await confirmCard(secondClient, second.clientSecret)).status).toBe(200);

    // Both hold authorizations and complete at the same moment: the holder wins.
    const [late, winner] = await Promise.all([
      complete(firstClient, first),
      complete(secondClient, second),
    ]);
    expect(winner.status).toBe(200);
    expect(late.status).toBe(409);
    expect(((await late.json()) as ErrorBody).error.message).toBe(
      "Sorry, this artwork has already been sold. Your card has not been charged.",
    );
    expect(lostSaleMessage).toBe(
      "Sorry, this artwork has already been sold. Your card has not been charged.",
    );
    const [order] = await ordersOf(t, artwork.id);
    expect(order?.paymentId).toBe(second.paymentId);
    const ledger = await ledgerOf(t, artwork.id);
    const byId = new Map(ledger.map((row) => [row.id, row]));
    const rows = await paymentsOf(t, artwork.id);
    const firstRow = rows.find((p) => p.id === first.paymentId)!;
    const secondRow = rows.find((p) => p.id === second.paymentId)!;
    expect(byId.get(firstRow.providerPaymentId!)).toMatchObject({
      status: "cancelled",
      captureRequests: 0,
    });
    expect(byId.get(secondRow.providerPaymentId!)?.status).toBe("captured");
    // Asking again keeps saying no.
    expect((await complete(firstClient, first)).status).toBe(409);
  });
});

describe("the reconciler", () => {
  async function age(paymentId: string, seconds: number) {
    await t.db
      .update(payments)
      .set({ createdAt: sql`now() - make_interval(secs => ${seconds})` })
      .where(eq(payments.id, paymentId));
  }

  it("completes an authorized payment whose complete call never came (a crash)", async () => {
    const artwork = await newArtwork();
    const client = t.client();
    const email = guestEmail("crash");
    const payment = await startedPayment(client, artwork.id, { email });
    expect((await confirmCard(client, payment.clientSecret)).status).toBe(200);
    // No complete call. A fresh payment is left alone: the browser may still call.
    expect((await t.services.checkout.reconciler.run()).completed).toBe(0);
    await age(payment.paymentId, 600);

    const report = await t.services.checkout.reconciler.run();
    expect(report.completed).toBe(1);
    const [order] = await ordersOf(t, artwork.id);
    expect(order?.paymentId).toBe(payment.paymentId);
    expect((await ledgerOf(t, artwork.id))[0]).toMatchObject({
      status: "captured",
      captureRequests: 1,
    });
    expect(await readArtwork(t, artwork.id)).toMatchObject({ isForSale: false });
    // The browser's late call gets the same answer.
    const late = await complete(client, payment);
    expect(late.status).toBe(200);
    expect(await late.json()).toMatchObject({
      orderId: order?.id,
      accountMessage: m.guestAccountCreated,
    });
  });

  it("cancels an unconfirmed authorization once its reservation is over and releases the work", async () => {
    const artwork = await newArtwork();
    const payment = await startedPayment(t.client(), artwork.id, { email: guestEmail("idle") });
    await age(payment.paymentId, 600);
    // Still within the reservation: left alone.
    expect((await t.services.checkout.reconciler.run()).cancelled).toBe(0);
    await t.db
      .update(payments)
      .set({ reservedUntil: sql`now() - interval '1 minute'` })
      .where(eq(payments.id, payment.paymentId));
    await expireReservation(artwork.id);

    const report = await t.services.checkout.reconciler.run();
    expect(report.cancelled).toBe(1);
    expect(report.released).toBeGreaterThanOrEqual(0);
    expect((await ledgerOf(t, artwork.id))[0]?.status).toBe("cancelled");
    expect(await readArtwork(t, artwork.id)).toMatchObject({
      isForSale: true,
      reservedUntil: null,
      reservedByPaymentId: null,
    });
    expect((await complete(t.client(), payment)).status).toBe(409);
  });

  it("counts and logs a capture that failed, and captures it on a later run", async () => {
    const artwork = await newArtwork();
    const client = t.client();
    const payment = await startedPayment(client, artwork.id, { email: guestEmail("capture") });
    expect((await confirmCard(client, payment.clientSecret)).status).toBe(200);
    expect((await complete(client, payment)).status).toBe(200);
    // The sale is made, but the processor refused the capture (here: it says cancelled).
    const [row] = await paymentsOf(t, artwork.id);
    const providerId = row!.providerPaymentId!;
    const setLedger = (status: "authorized" | "cancelled") =>
      t.db.update(simulatedPayments).set({ status }).where(eq(simulatedPayments.id, providerId));
    await setLedger("cancelled");
    await t.db
      .update(payments)
      .set({ status: "authorized", updatedAt: sql`now() - interval '10 minutes'` })
      .where(eq(payments.id, payment.paymentId));
    allowConsoleError();

    const failed = await t.services.checkout.reconciler.run();
    expect(failed).toMatchObject({ captured: 0, captureFailed: 1 });
    expect((await paymentsOf(t, artwork.id))[0]?.status).toBe("authorized");
    const logged = vi.mocked(console.error).mock.calls.map((call) => String(call[0]));
    expect(logged.some((line) => line.includes("capture failed"))).toBe(true);

    // The processor accepts it again: the next run takes the money.
    await setLedger("authorized");
    const retried = await t.services.checkout.reconciler.run();
    expect(retried).toMatchObject({ captured: 1, captureFailed: 0 });
    expect((await paymentsOf(t, artwork.id))[0]?.status).toBe("captured");
    expect((await ledgerOf(t, artwork.id))[0]?.status).toBe("captured");
  });
});
