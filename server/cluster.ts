import cluster, { type Worker } from "node:cluster";
import { ConfigError, loadConfig } from "./config";
import { runProcess } from "./run";
import type { WebHandler } from "./web/load-context";

type CreateWeb = () => Promise<{ handler: WebHandler; clientDir?: string }>;

/** A worker that dies sooner than this after it started is not started again at once. */
const RESTART_DELAY_MS = 1_000;

/**
 * The production entry's processes (decision 0033): with WEB_CONCURRENCY=N on
 * PostgreSQL, this process forks N workers that share the port (node:cluster hands each
 * connection to one of them) and serve exactly as one process does; every background task
 * (mail, reconciliation, order and offer timers, the upload sweep, payouts, digests) is
 * built to run in several processes at once. The workers start one after the other, so the
 * migrations and the demo data are applied by the first alone. A worker that dies is
 * replaced; SIGINT/SIGTERM stop every worker gracefully, then this process.
 *
 * With one process (the default, and the only choice on PGlite: one process per data
 * folder, refused by the configuration) nothing is forked.
 */
export async function runServerProcesses(createWeb: CreateWeb) {
  if (!cluster.isPrimary) return runProcess(createWeb);
  let workers: number;
  try {
    workers = loadConfig().workers;
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  if (workers <= 1) return runProcess(createWeb);
  await runPrimary(workers);
}

async function runPrimary(count: number) {
  let stopping = false;
  let exitCode = 0;
  const running = new Set<Worker>();

  function fork(): Promise<Worker> {
    const worker = cluster.fork();
    running.add(worker);
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`exited with code ${code}`));
      worker.once("exit", onExit);
      worker.once("listening", () => {
        worker.off("exit", onExit);
        resolve(worker);
      });
    });
  }

  cluster.on("exit", (worker, code, signal) => {
    running.delete(worker);
    if (stopping) {
      if (running.size === 0) process.exit(exitCode);
      return;
    }
    console.error(
      `Vernissage worker ${worker.process.pid} stopped (${signal ?? `code ${code}`}); starting another`,
    );
    setTimeout(() => {
      if (!stopping)
        fork().catch((error: unknown) => console.error("A worker failed to start:", error));
    }, RESTART_DELAY_MS).unref();
  });

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      if (running.size === 0) process.exit(0);
      for (const worker of running) worker.process.kill(signal);
      setTimeout(() => process.exit(1), 15_000).unref();
    });
  }

  try {
    for (let i = 0; i < count; i++) await fork();
  } catch (error) {
    // The first start is where configuration and database problems show: stop them all.
    console.error("Vernissage could not start its worker processes:", error);
    stopping = true;
    exitCode = 1;
    if (running.size === 0) process.exit(1);
    for (const worker of running) worker.process.kill("SIGTERM");
    setTimeout(() => process.exit(1), 15_000).unref();
    return;
  }
  console.log(`Vernissage is serving with ${count} processes (primary ${process.pid})`);
}
