import path from "node:path";
import { pathToFileURL } from "node:url";
import { type ServerBuild, createRequestHandler } from "react-router";
import { projectRoot } from "./paths";
import { runProcess } from "./run";

/** Production entry: compiled to build/server/main.js by scripts/build-server.mjs. */
await runProcess(async () => {
  const buildFile = path.join(projectRoot, "build/server/index.js");
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  return {
    handler: (request, context) => handle(request, context),
    clientDir: path.join(projectRoot, "build/client"),
  };
});
