import { getRequestListener } from "@hono/node-server";
import { createServer } from "node:http";
import { httpServerOptions } from "./http/server-timeouts";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { loadConfig } from "./config";
import { createLogger } from "./logger";
import { startServer } from "./start";

/** `npm run dev`: the same server, with Vite in middleware mode for hot reload. */
const config = loadConfig({ NODE_ENV: "development", ...process.env });
const logger = createLogger({ json: false });
const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });

const running = await startServer({
  config,
  logger,
  web: {
    async handler(request, context) {
      const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
      return createRequestHandler(build, "development")(request, context);
    },
  },
  listen(app) {
    const honoListener = getRequestListener(app.fetch);
    const server = createServer(httpServerOptions(), (req, res) => {
      vite.middlewares(req, res, () => void honoListener(req, res));
    });
    return server.listen(config.port, config.host);
  },
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void Promise.all([running.close(), vite.close()]).then(() => process.exit(0));
  });
}
