import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { runServerProcesses } from "./cluster";
import { projectRoot } from "./paths";

/**
 * Production entry: compiled to build/server/main.js by scripts/build-server.mjs. One
 * process, or WEB_CONCURRENCY processes on PostgreSQL (server/cluster.ts).
 *
 * React picks its production or development build from NODE_ENV when it is first loaded,
 * and the config's default ("production") does not reach it. `npm start` sets it; a process
 * manager that runs this file with no NODE_ENV got React's development build, several
 * times the CPU per page (bench/throughput-server.ts). So it is set here before React
 * Router (which loads React) is imported; an explicit NODE_ENV still wins.
 */
process.env.NODE_ENV ??= "production";
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
