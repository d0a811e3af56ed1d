import { serve, type ServerType } from "@hono/node-server";
import { buildServer } from "./app";
import type { Config } from "./config";
import { type DatabaseHandle, openPglite, openPostgres } from "./db/client";
import { acquireDataFolderLock, type DataFolderLock } from "./db/lock";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from "./demo/seed";
import type { Logger } from "./logger";
import { type HttpTimeouts, httpServerOptions } from "./http/server-timeouts";
import { createServices } from "./services";
import type { WebHandler } from "./web/load-context";
import path from "node:path";

export type Running = { url: string; close(): Promise<void> };

/** How long the start waits for the crash repair before it serves anyway. */
export const REPAIR_BUDGET_MS = 5_000;

/**
 * Runs the crash repair (checkout.reconciler.ts) and waits for it at most `budgetMs`:
 * with a processor that hangs, each capture waits for the SDK's timeout, and the
 * server would not answer meanwhile. A capture in flight at the budget's end goes on
 * in the background (`finished`, awaited on close); no new one starts, and
 * what is left stays authorized for the periodic reconciler, which the reconciliation
 * report shows as a known difference until then.
 */
async function repairBeforeServing(
  services: ReturnType<typeof createServices>,
  logger: Logger,
  budgetMs = REPAIR_BUDGET_MS,
): Promise<{ finished: Promise<void> }> {
  const repair = services.checkout.reconciler
    .repairAfterCrash(Date.now() + budgetMs)
    .then(({ repaired, left }) => {
      if (repaired > 0) {
        logger.info(
          `Recorded ${repaired} captured payment${repaired === 1 ? "" : "s"} missing from the ledger after an unclean stop`,
        );
      }
      if (left > 0) {
        logger.warn(
          `${left} sale${left === 1 ? "" : "s"} still authorized after the start-up repair; left to the checkout reconciler`,
        );
      }
    })
    .catch((error: unknown) => logger.error("start-up repair failed", { error }));
  let timer: NodeJS.Timeout | undefined;
  const inTime = await Promise.race([
    repair.then(() => true),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), budgetMs);
    }),
  ]);
  clearTimeout(timer);
  if (!inTime) {
    logger.warn(
      `The start-up repair of authorized sales took over ${budgetMs} ms; serving while it finishes`,
    );
  }
  return { finished: repair };
}

/** config → lock → migrate → demo data when empty → listen. Shared by main.ts and dev.ts. */
export async function startServer(options: {
  config: Config;
  logger: Logger;
  web: { handler: WebHandler; clientDir?: string };
  /** dev.ts puts Vite in front of Hono; production serves Hono alone. */
  listen?: (app: ReturnType<typeof buildServer>) => ServerType;
  /** Tests shorten these; production uses HTTP_TIMEOUTS. */
  httpTimeouts?: HttpTimeouts;
  /** How long the start waits for the crash repair; tests shorten it. */
  repairBudgetMs?: number;
}): Promise<Running> {
  const { config, logger } = options;
  let lock: DataFolderLock | undefined;
  let database: DatabaseHandle;
  if (config.databaseUrl) {
    database = openPostgres(config.databaseUrl);
  } else {
    lock = acquireDataFolderLock(config.dataDir);
    try {
      database = await openPglite(path.join(config.dataDir, "db"));
    } catch (error) {
      lock.release();
      throw error;
    }
  }
  let repair: { finished: Promise<void> } | undefined;
  try {
    await database.migrate();
    const services = createServices(config, database, logger);
    if (config.demoData) await seedDemoData(database.db, services);
    repair = await repairBeforeServing(services, logger, options.repairBudgetMs);
    services.outbox.start(5_000);
    services.outbox.kick();
    services.checkout.reconciler.start();
    services.orders.timers.start();
    services.offers.timers.start();
    services.uploads.sweeper.start();
    services.payouts.schedule.start();
    services.alerts.digest.start(config.digestIntervalSeconds * 1000);
    services.conversations.messageMail.start();
    services.dataRights.exports.start();
    const app = buildServer({ services, web: options.web });
    const server = options.listen
      ? options.listen(app)
      : serve({
          fetch: app.fetch,
          port: config.port,
          hostname: config.host,
          serverOptions: httpServerOptions(options.httpTimeouts),
        });
    await new Promise<void>((resolve, reject) => {
      if (server.listening) resolve();
      server.once("listening", () => resolve());
      server.once("error", reject);
    });
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    const url = config.publicUrl.includes(`:${config.port}`)
      ? config.publicUrl.replace(`:${config.port}`, `:${port}`)
      : config.publicUrl;
    logger.info(`Vernissage is running at ${url} (database: ${database.kind})`);
    if (config.demoData) {
      logger.info(
        `Demo accounts (password "${DEMO_PASSWORD}"): ${DEMO_ACCOUNTS.map((a) => a.email).join(", ")}`,
      );
    }
    logger.info(
      config.payments.provider === "stripe"
        ? "Card payments: Stripe"
        : "Card payments: simulated processor, test mode (card 4242 4242 4242 4242, any future expiry, any CVC)",
    );
    let closing: Promise<void> | undefined;
    return {
      url,
      close() {
        closing ??= (async () => {
          const closed = new Promise<void>((resolve) => server.close(() => resolve()));
          // Open push streams end here, or the server would wait for them forever.
          await services.conversations.bus.close();
          await closed;
          await repair?.finished;
          await services.checkout.reconciler.stop();
          await services.orders.timers.stop();
          await services.offers.timers.stop();
          await services.uploads.sweeper.stop();
          await services.payouts.schedule.stop();
          await services.alerts.digest.stop();
          await services.conversations.messageMail.stop();
          await services.dataRights.exports.stop();
          await services.outbox.stop();
          services.mailTransport.close();
          await database.close();
          lock?.release();
        })();
        return closing;
      },
    };
  } catch (error) {
    await repair?.finished;
    await database.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
}
