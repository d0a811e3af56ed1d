// Compiles the server (TypeScript) into ES modules: build/server/main.js, and the
// reconciliation command build/server/reconcile.js (`npm run reconcile`).
// npm packages stay external and are loaded from node_modules at run time.
// Then writes the `.br` and `.gz` copies of the client's text files (scripts/precompress.mjs).
import { build } from "esbuild";
import { precompress } from "./precompress.mjs";

const options = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
};

// main.js only sets NODE_ENV, then loads serve.js: a separate file, so that nothing the
// server imports (React among it) loads before NODE_ENV is set (server/main.ts).
await build({
  ...options,
  entryPoints: ["server/main.ts"],
  outfile: "build/server/main.js",
  external: ["./serve.js"],
});
await build({ ...options, entryPoints: ["server/serve.ts"], outfile: "build/server/serve.js" });
await build({
  ...options,
  entryPoints: ["server/reconcile.ts"],
  outfile: "build/server/reconcile.js",
});
await precompress("build/client");
