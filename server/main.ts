import path from "node:path";
import { pathToFileURL } from "node:url";
import { type ServerBuild, createRequestHandler } from "react-router";
import { runServerProcesses } from "./cluster";
import { projectRoot } from "./paths";

/**
 * Production entry: compiled to build/server/main.js by scripts/build-server.mjs. One
 * process, or WEB_CONCURRENCY processes on PostgreSQL (server/cluster.ts).
 */
await runServerProcesses(async () => {
  const buildFile = path.join(projectRoot, "build/server/index.js");
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  return {
    handler: (request, context) => handle(request, context),
    clientDir: path.join(projectRoot, "build/client"),
  };
});
