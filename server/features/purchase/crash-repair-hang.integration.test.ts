import { eq, inArray } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, type DatabaseHandle, openPglite, openPostgres } from "../../db/client";
import { payments } from "../../db/schema";
import { createLogger, type Logger } from "../../logger";
import { createServices } from "../../services";
import { startServer } from "../../start";
import { POSTGRES_TEMPLATE_ENV, dropDatabase } from "../../test/database";
import { allowConsoleError } from "../../test/fail-on-console-error";
import { createArtist, createArtwork, createOrder, createUser } from "../../test/factories";
import { orderTotals } from "../orders/orders.api";
import { stripeTestEnv } from "./stripe-sale.test-helpers";
import { startStripeStandIn } from "./stripe-stand-in.test-helpers";

/**
 * The start's crash repair against a Stripe that accepts requests and never answers
 * (the local stand-in, reached by the real SDK): the server answers once the repair's
 * budget is spent, the capture in flight finishes in the background, and the sales not
 * reached are left authorized to the periodic reconciler.
 */

const BUDGET_MS = 500;
/** Each capture waits three times this (the SDK's two retries) while Stripe hangs. */
const STRIPE_TIMEOUT_MS = 2_000;

const dataDir = mkdtempSync(path.join(tmpdir(), "vernissage-repair-hang-"));
const standIn = await startStripeStandIn();

/**
 * The database the server starts on, opened by the test before and after the server
 * has it: the data folder's embedded database, or a new database on TEST_DATABASE_URL.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const postgresName = `vernissage_test_${randomBytes(6).toString("hex")}`;
let databaseUrl: string | undefined;
if (serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  await admin.query(`CREATE DATABASE ${postgresName}${template ? ` TEMPLATE ${template}` : ""}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${postgresName}`;
  databaseUrl = url.toString();
}
const openDatabase = (): Promise<DatabaseHandle> =>
  databaseUrl ? Promise.resolve(openPostgres(databaseUrl)) : openPglite(path.join(dataDir, "db"));

afterAll(async () => {
  await standIn.close();
  if (serverUrl) await dropDatabase(serverUrl, postgresName);
  rmSync(dataDir, { recursive: true, force: true });
});

/** A sale authorized at Stripe and on our side, its capture never made. */
async function uncapturedSale(db: Database) {
  const artist = await createArtist(db, { payoutStatus: "active" });
  const buyer = await createUser(db);
  const artwork = await createArtwork(db, { artistId: artist.id });
  const order = await createOrder(db, { artworkId: artwork.id, purchaserId: buyer.id });
  const created = await fetch(`${standIn.url}/v1/payment_intents`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      amount: String(order.totalAmount),
      currency: "usd",
      capture_method: "manual",
    }),
  });
  const intent = standIn.authorize(((await created.json()) as { id: string }).id);
  await db
    .update(payments)
    // Older than the periodic reconciler's grace.
    .set({
      status: "authorized",
      providerPaymentId: intent.id,
      updatedAt: new Date(Date.now() - 10 * 60_000),
    })
    .where(eq(payments.id, order.paymentId));
  return { order, intentId: intent.id };
}

function recordingLogger() {
  const lines: { level: string; message: string }[] = [];
  const logger: Logger = {
    info: (message) => lines.push({ level: "info", message }),
    warn: (message) => lines.push({ level: "warn", message }),
    error: (message) => lines.push({ level: "error", message }),
  };
  return { logger, lines };
}

/** Requests about a PaymentIntent (a capture first reads the intent), with its id. */
const intentRequests = () =>
  standIn.requests
    .filter((r) => r.path.startsWith("/v1/payment_intents/"))
    .map((r) => ({ ...r, intentId: r.path.split("/")[3] }));

describe("the start's repair with a hung Stripe", () => {
  it("serves within its budget, and what it did not reach is captured later", async () => {
    allowConsoleError();
    const killed = await openDatabase();
    await killed.migrate();
    const sales = [];
    for (let i = 0; i < 3; i++) sales.push(await uncapturedSale(killed.db));
    await killed.close();

    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      PORT: "0",
      DEMO_DATA: "false",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...stripeTestEnv(standIn.url, { STRIPE_TIMEOUT_MS: String(STRIPE_TIMEOUT_MS) }),
    });
    const { logger, lines } = recordingLogger();
    standIn.hang(["/v1/payment_intents"]);
    const running = await startServer({
      config,
      logger,
      web: { handler: () => Promise.resolve(new Response("no web app here", { status: 404 })) },
      repairBudgetMs: BUDGET_MS,
    });
    const listening = Date.now();
    // One capture was started and is still waiting; the server answered regardless,
    // long before that capture's three attempts (let alone three sales') could end.
    const asked = intentRequests();
    expect(asked).toHaveLength(1);
    expect(listening - asked[0]!.at).toBeLessThan(BUDGET_MS + 2_000);
    expect((await fetch(`${running.url}/api/health`)).status).toBe(200);
    expect(lines).toContainEqual({
      level: "warn",
      message: `The start-up repair of authorized sales took over ${BUDGET_MS} ms; serving while it finishes`,
    });

    // Stripe answers again: the capture in flight succeeds on its retry; no other
    // capture is started after the budget, and the two left are logged.
    standIn.hang([]);
    await running.close();
    expect(new Set(intentRequests().map((r) => r.intentId))).toEqual(new Set([asked[0]!.intentId]));
    expect(lines).toContainEqual({
      level: "info",
      message: "Recorded 1 captured payment missing from the ledger after an unclean stop",
    });
    expect(lines).toContainEqual({
      level: "warn",
      message:
        "2 sales still authorized after the start-up repair; left to the checkout reconciler",
    });

    // The periodic reconciler's next run captures the two left.
    const after = await openDatabase();
    const services = createServices(config, after, createLogger({ json: false, silent: true }));
    try {
      expect(await services.checkout.reconciler.run()).toMatchObject({
        captured: 2,
        captureFailed: 0,
      });
      const rows = await after.db
        .select({ status: payments.status })
        .from(payments)
        .where(
          inArray(
            payments.id,
            sales.map((s) => s.order.paymentId),
          ),
        );
      expect(rows.map((r) => r.status)).toEqual(["captured", "captured", "captured"]);
      for (const { order } of sales) {
        expect((await orderTotals(after.db, order.id)).capture).toBe(order.totalAmount);
      }
    } finally {
      await services.outbox.stop();
      services.mailTransport.close();
      await after.close();
    }
  }, 120_000);
});
