import type { Logger } from "../logger";

/**
 * Work that runs on a timer in every app process (the checkout reconciler, the upload
 * sweeper, the order timers, the payout schedule), started and stopped with the server
 * (server/start.ts) and callable directly in tests. One run at a time in this process: a
 * call during a run shares its result. The work itself must be safe to run in several
 * processes at once.
 *
 * A run that has not finished after `maxRunMs` (a dependency that never answers) is given
 * up on: it is logged, and the next call starts a new run beside it instead of waiting on
 * it forever. It is not cancelled (nothing can cancel a promise), and the work is safe to
 * run twice at once, so the worst case is a second run; at most one given-up run is kept,
 * so a dependency that hangs every run cannot pile up runs without bound.
 */
export type PeriodicTask<R> = {
  run(): Promise<R>;
  start(intervalMs?: number): void;
  /** Stops the timer and waits for a run in progress (and one given up on). */
  stop(): Promise<void>;
};

/** Default for `maxRunMs`: far longer than any healthy run of ours takes. */
export const DEFAULT_MAX_RUN_MS = 30 * 60 * 1000;

export function createPeriodicTask<R>(options: {
  name: string;
  work: () => Promise<R>;
  defaultIntervalMs: number;
  logger: Logger;
  maxRunMs?: number;
  /** Injectable for the give-up limit's test; the wall clock otherwise. */
  clock?: () => number;
}): PeriodicTask<R> {
  const maxRunMs = options.maxRunMs ?? DEFAULT_MAX_RUN_MS;
  const clock = options.clock ?? Date.now;
  let timer: NodeJS.Timeout | undefined;
  let running: { promise: Promise<R>; startedAt: number } | undefined;
  let givenUp: Promise<R> | undefined;

  function run(): Promise<R> {
    if (running && !givenUp && clock() - running.startedAt >= maxRunMs) {
      options.logger.error(
        `${options.name} has not finished after ${Math.round(maxRunMs / 1000)} s; the next run starts beside it`,
      );
      const stuck = running.promise;
      givenUp = stuck;
      running = undefined;
      stuck
        .catch(() => undefined)
        .finally(() => {
          if (givenUp === stuck) givenUp = undefined;
        });
    }
    if (running) return running.promise;
    const current = {
      promise: options.work().finally(() => {
        if (running === current) running = undefined;
      }),
      startedAt: clock(),
    };
    running = current;
    return current.promise;
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
      await Promise.all([running?.promise.catch(() => undefined), givenUp?.catch(() => undefined)]);
    },
  };
}
