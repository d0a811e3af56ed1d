import type { PayoutRunReport } from "../../../contracts/payout-runs.contract";
import { createPeriodicTask } from "../../tasks/periodic-task";
import { PAYOUT_HOUR_UTC, type PayoutRunDeps, runPayouts } from "./payout-run.service";

const TICK_MS = 15 * 60 * 1000;

/** The first quarter of PAYOUT_HOUR_UTC: one tick of every 15-minute timer falls in it. */
export function isPayoutTime(now: Date): boolean {
  return now.getUTCHours() === PAYOUT_HOUR_UTC && now.getUTCMinutes() < TICK_MS / 60_000;
}

/**
 * The daily payout run (server/start.ts). The timer ticks every 15 minutes and runs in
 * the first quarter of PAYOUT_HOUR_UTC, so the day's run happens whenever the server was
 * (re)started: a 24-hour interval would be reset by every restart and might never fire.
 * Several processes may run it at once (the run takes each artist's lock), and the
 * console's "Run payouts now" shares a run already going in this process.
 */
export function createPayoutSchedule(deps: PayoutRunDeps) {
  const run = createPeriodicTask<PayoutRunReport>({
    name: "payout run",
    work: () => runPayouts(deps),
    defaultIntervalMs: TICK_MS,
    logger: deps.logger,
  });
  const tick = createPeriodicTask<void>({
    name: "payout schedule",
    work: async () => {
      if (isPayoutTime(deps.now())) await run.run();
    },
    defaultIntervalMs: TICK_MS,
    logger: deps.logger,
  });
  return {
    /** One run now, unconditionally (tests, the console). */
    run: () => run.run(),
    start: (intervalMs?: number) => tick.start(intervalMs),
    async stop() {
      await tick.stop();
      await run.stop();
    },
  };
}
