import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentProvider } from "../../adapters/payments/create-payment-provider";
import { payments, simulatedPayments } from "../../db/schema";
import { createArtist, createArtwork, createOrder, createUser } from "../../test/factories";
import { type TestApp, createTestApp } from "../../test/test-app";
import { testPasswordHashing } from "../../test/password-hashing";
import { orderTotals } from "../orders/orders.api";
import { capture } from "./purchase.service";

/**
 * A capture in flight when the team cancels the order: the cancellation
 * refunds what the processor took (admin-orders.integration.test.ts); the capture's own
 * transaction, arriving after it, must not record the money a second time.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("capture", () => {
  it("a capture that lands after the cancellation writes nothing to the ledger", async () => {
    const artist = await createArtist(t.db);
    const buyer = await createUser(t.db);
    const artwork = await createArtwork(t.db, { artistId: artist.id });
    const order = await createOrder(t.db, { artworkId: artwork.id, purchaserId: buyer.id });
    const providerPaymentId = `sim_pi_late_${order.id}`;
    await t.db.insert(simulatedPayments).values({
      id: providerPaymentId,
      clientSecret: `${providerPaymentId}_secret`,
      idempotencyKey: `late-${order.id}`,
      amount: order.totalAmount,
      currency: "usd",
      status: "authorized",
      metadata: {},
    });
    // The order was cancelled (our payment too) while the processor was capturing.
    await t.db
      .update(payments)
      .set({ status: "cancelled", providerPaymentId })
      .where(eq(payments.id, order.paymentId));
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, order.paymentId));
    const provider = createPaymentProvider(t.config.payments, t.db);
    const deps = {
      db: t.db,
      provider,
      logger: t.services.logger,
      publicUrl: t.config.publicUrl,
      kickOutbox: () => undefined,
      commissionBps: t.config.commissionBps,
      now: () => new Date(),
      offerKey: (id: string) => id,
      secret: t.config.sessionSecret,
      hashPassword: testPasswordHashing.hash,
      passwordToken: (id: string) => id,
    };
    expect(await capture(deps, payment!)).toBe(true);
    expect((await orderTotals(t.db, order.id)).capture).toBe(0);
    const [after] = await t.db.select().from(payments).where(eq(payments.id, order.paymentId));
    expect(after!.status).toBe("cancelled");
  });
});
