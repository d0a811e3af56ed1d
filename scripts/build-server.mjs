// Compiles the server (TypeScript) into one ES module, build/server/main.js.
// npm packages stay external and are loaded from node_modules at run time.
import { build } from "esbuild";

await build({
  entryPoints: ["server/main.ts"],
  outfile: "build/server/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
