import type { Logger } from "../logger";

/**
 * Work that runs on a timer in every app process (the checkout reconciler, the upload
 * sweeper), started and stopped with the server (server/start.ts) and callable
 * directly in tests. One run at a time in this process: a call during a run shares
 * its result. The work itself must be safe to run in several processes at once.
 */
export type PeriodicTask<R> = {
  run(): Promise<R>;
  start(intervalMs?: number): void;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
};

export function createPeriodicTask<R>(options: {
  name: string;
  work: () => Promise<R>;
  defaultIntervalMs: number;
  logger: Logger;
}): PeriodicTask<R> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<R> | undefined;

  function run(): Promise<R> {
    running ??= options.work().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    run,
    start(intervalMs = options.defaultIntervalMs) {
      if (timer) return;
      timer = setInterval(() => {
        run().catch((error: unknown) => options.logger.error(`${options.name} failed`, { error }));
      }, intervalMs);
      // A pending run must not keep the process alive on shutdown.
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
