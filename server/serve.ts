import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { runServerProcesses } from "./cluster";
import { projectRoot } from "./paths";

/**
 * The production server, loaded by server/main.ts once NODE_ENV is set: compiled to
 * build/server/serve.js. One process, or WEB_CONCURRENCY processes on PostgreSQL
 * (server/cluster.ts).
 */
await runServerProcesses(async () => {
  const { createRequestHandler } = await import("react-router");
  const buildFile = path.join(projectRoot, "build/server/index.js");
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  return {
    handler: (request, context) => handle(request, context),
    clientDir: path.join(projectRoot, "build/client"),
  };
});
