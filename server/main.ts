import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { ConfigError, loadConfig } from "./config";
import { DataFolderLockedError } from "./db/lock";
import { createLogger } from "./logger";
import { projectRoot } from "./paths";
import { startServer } from "./start";
import type { WebHandler } from "./web/load-context";

/** Production entry: compiled to build/server/main.js by scripts/build-server.mjs. */
async function main() {
  const config = loadConfig();
  const logger = createLogger({ json: !process.stdout.isTTY && config.env === "production" });
  const buildFile = path.join(projectRoot, "build/server/index.js");
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  const handler: WebHandler = (request, context) => handle(request, context);
  const running = await startServer({
    config,
    logger,
    web: { handler, clientDir: path.join(projectRoot, "build/client") },
  });
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
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataFolderLockedError) {
    console.error(error.message);
  } else {
    console.error("Vernissage could not start:", error);
  }
  process.exit(1);
});
