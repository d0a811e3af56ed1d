// `npm run reconcile -- --from 2026-11-01 --to 2026-11-30`: runs the compiled command
// (build/server/reconcile.js, made by `npm run build`); in a checkout without a build,
// the TypeScript source through tsx (a development dependency).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const compiled = path.join(root, "build/server/reconcile.js");
const args = process.argv.slice(2);

let command;
if (existsSync(compiled)) {
  command = [compiled, ...args];
} else if (existsSync(path.join(root, "node_modules/tsx"))) {
  command = ["--import", "tsx", path.join(root, "server/reconcile.ts"), ...args];
} else {
  console.error("The reconcile command is not built: run `npm run build` first.");
  process.exit(3);
}
const run = spawnSync(process.execPath, command, { stdio: "inherit" });
process.exit(run.status ?? 3);
