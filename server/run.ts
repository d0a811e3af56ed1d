import { ConfigError, loadConfig } from "./config";
import { DataFolderLockedError } from "./db/lock";
import { createLogger } from "./logger";
import { startServer } from "./start";
import type { WebHandler } from "./web/load-context";

/**
 * A process's whole life: configuration, start, and a graceful shutdown on
 * SIGINT/SIGTERM that closes the database cleanly and releases the data folder.
 */
export async function runProcess(
  createWeb: () => Promise<{ handler: WebHandler; clientDir?: string }>,
) {
  try {
    const config = loadConfig();
    const logger = createLogger({ json: !process.stdout.isTTY && config.env === "production" });
    const running = await startServer({ config, logger, web: await createWeb() });
    let stopping = false;
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.on(signal, () => {
        if (stopping) return;
        stopping = true;
        logger.info(`${signal} received, shutting down…`);
        const force = setTimeout(() => process.exit(1), 10_000);
        force.unref();
        running.close().then(
          () => process.exit(0),
          (error: unknown) => {
            logger.error("shutdown failed", { error });
            process.exit(1);
          },
        );
      });
    }
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataFolderLockedError) {
      console.error(error.message);
    } else {
      console.error("Vernissage could not start:", error);
    }
    process.exit(1);
  }
}
