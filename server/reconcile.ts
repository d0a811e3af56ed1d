import { runReconcileCommand } from "./features/reconciliation/reconcile-command";

/**
 * `npm run reconcile` entry: compiled to build/server/reconcile.js by
 * scripts/build-server.mjs, like the server's own entry (main.ts).
 */
const code = await runReconcileCommand(process.argv.slice(2), process.env, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
process.exitCode = code;
// A provider's keep-alive sockets must not hold the command open once it has answered.
setTimeout(() => process.exit(code), 2_000).unref();
