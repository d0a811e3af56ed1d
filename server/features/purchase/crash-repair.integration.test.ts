import { eq } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { type Database, openPglite } from "../../db/client";
import { payments, simulatedPayments } from "../../db/schema";
import { createLogger } from "../../logger";
import { startServer } from "../../start";
import { createArtist, createArtwork, createOrder, createUser } from "../../test/factories";
import { type TestApp, createTestApp } from "../../test/test-app";
import { orderTotals } from "../orders/orders.api";

/**
 * A process killed between the processor's capture and our ledger row: the processor
 * has the money, our payment is still authorized, and the ledger has no capture. The
 * next start records it before the server answers; until a process does, the
 * reconciliation report names it as a known difference, not an unexplained one.
 */

/** The state such a kill leaves: the sale's order, its payment authorized, captured at the processor. */
async function capturedButUnrecorded(db: Database) {
  const artist = await createArtist(db, { payoutStatus: "active" });
  const buyer = await createUser(db);
  const artwork = await createArtwork(db, { artistId: artist.id });
  const order = await createOrder(db, { artworkId: artwork.id, purchaserId: buyer.id });
  const providerPaymentId = `sim_pi_crash_${order.id}`;
  await db.insert(simulatedPayments).values({
    id: providerPaymentId,
    clientSecret: `${providerPaymentId}_secret`,
    idempotencyKey: `crash-${order.id}`,
    amount: order.totalAmount,
    currency: "usd",
    status: "captured",
    metadata: {},
    captureRequests: 1,
    capturedAt: new Date(),
  });
  await db
    .update(payments)
    .set({ status: "authorized", providerPaymentId })
    .where(eq(payments.id, order.paymentId));
  return order;
}

describe("a capture the ledger does not have yet", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is a known difference until the repair records it, then there is none", async () => {
    const order = await capturedButUnrecorded(t.db);

    const before = await t.services.reconciliation.run({});
    expect(before.differences).toHaveLength(1);
    expect(before.differences[0]).toMatchObject({
      record: "capture",
      problem: "missing_in_ledger",
      orderId: order.id,
      providerAmount: order.totalAmount,
    });
    expect(before.differences[0]!.known).toMatch(/not yet in our ledger/);
    expect(before.summary.known).toBe(1);

    expect(await t.services.checkout.reconciler.repairAfterCrash()).toEqual({
      repaired: 1,
      left: 0,
    });
    expect((await orderTotals(t.db, order.id)).capture).toBe(order.totalAmount);
    const after = await t.services.reconciliation.run({});
    expect(after.differences).toEqual([]);
    // Nothing is recorded twice.
    expect(await t.services.checkout.reconciler.repairAfterCrash()).toEqual({
      repaired: 0,
      left: 0,
    });
    expect((await orderTotals(t.db, order.id)).capture).toBe(order.totalAmount);
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("the embedded database's start", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "vernissage-crash-repair-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("records the capture before the server answers", async () => {
    const folder = path.join(dataDir, "db");
    const killed = await openPglite(folder);
    await killed.migrate();
    const order = await capturedButUnrecorded(killed.db);
    await killed.close();

    const running = await startServer({
      config: loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, PORT: "0", DEMO_DATA: "false" }),
      logger: createLogger({ json: false, silent: true }),
      web: { handler: () => Promise.resolve(new Response("no web app here", { status: 404 })) },
    });
    await running.close();

    const after = await openPglite(folder);
    try {
      expect((await orderTotals(after.db, order.id)).capture).toBe(order.totalAmount);
      const [payment] = await after.db
        .select()
        .from(payments)
        .where(eq(payments.id, order.paymentId));
      expect(payment!.status).toBe("captured");
    } finally {
      await after.close();
    }
  }, 120_000);
});
