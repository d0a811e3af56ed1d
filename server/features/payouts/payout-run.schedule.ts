import type { PayoutRunReport } from "../../../contracts/payout-runs.contract";
import { createPeriodicTask } from "../../tasks/periodic-task";
import { latestPayoutAt } from "./payout-run.repository";
import { PAYOUT_HOUR_UTC, type PayoutRunDeps, runPayouts } from "./payout-run.service";

/** How often the schedule checks whether the day's run is due (cheap: see below). */
const CHECK_MS = 60 * 1000;
/**
 * A run not finished after this is given up on (periodic-task): the console's "Run
 * payouts now" starts a new one instead of waiting on it. A healthy run of thousands of
 * artists takes minutes; a provider that never answers is bounded per call as well
 * (STRIPE_TIMEOUT_MS).
 */
export const PAYOUT_RUN_MAX_MS = 60 * 60 * 1000;

/** PAYOUT_HOUR_UTC on the UTC day of `now`. */
export function payoutTimeOn(now: Date): Date {
  return new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), PAYOUT_HOUR_UTC),
  );
}

/**
 * The day's run is due from PAYOUT_HOUR_UTC until the end of the UTC day, as long as no
 * run has happened since that hour today. A day the server was down all afternoon is not
 * caught up the next morning: the next day's run pays everything owed.
 */
export function isPayoutDue(now: Date, lastRunAt: Date | null): boolean {
  const due = payoutTimeOn(now);
  if (now.getTime() < due.getTime()) return false;
  return lastRunAt === null || lastRunAt.getTime() < due.getTime();
}

/**
 * The daily payout run (server/start.ts): checked once at start and then every minute,
 * it runs whenever it is past PAYOUT_HOUR_UTC and no run has happened yet today. "Has
 * happened" is durable: the newest `artist_payouts` row (written by any process's run or
 * the console's), or a run this process finished (one that paid nobody writes no row), so
 * a restart neither skips the day nor runs it again. Two processes checking at the same
 * moment may both run; the run takes each artist's lock, so the second pays nothing. The
 * console's "Run payouts now" shares a run already going in this process.
 */
export function createPayoutSchedule(deps: PayoutRunDeps) {
  /** When the newest run known to this process started. */
  let lastRunAt: Date | null = null;
  const run = createPeriodicTask<PayoutRunReport>({
    name: "payout run",
    work: async () => {
      const startedAt = deps.now();
      const report = await runPayouts(deps);
      lastRunAt = startedAt;
      return report;
    },
    defaultIntervalMs: CHECK_MS,
    maxRunMs: PAYOUT_RUN_MAX_MS,
    logger: deps.logger,
  });

  /** Runs the day's payouts when due; answers whether it ran them. */
  async function runIfDue(): Promise<boolean> {
    const now = deps.now();
    // Before the hour, and after this process's run today, not even the database is asked.
    if (!isPayoutDue(now, lastRunAt)) return false;
    const latest = await latestPayoutAt(deps.db);
    if (latest && (!lastRunAt || latest.getTime() > lastRunAt.getTime())) lastRunAt = latest;
    if (!isPayoutDue(now, lastRunAt)) return false;
    await run.run();
    return true;
  }

  const check = createPeriodicTask<boolean>({
    name: "payout schedule",
    work: runIfDue,
    defaultIntervalMs: CHECK_MS,
    maxRunMs: PAYOUT_RUN_MAX_MS,
    logger: deps.logger,
  });
  return {
    /** One run now, unconditionally (tests, the console). */
    run: () => run.run(),
    /** The schedule's check, as the timer makes it: runs the day's payouts when due. */
    check: () => check.run(),
    /** Checks at once (a restart after the hour runs the day's payouts), then every minute. */
    start(intervalMs?: number) {
      check.run().catch((error: unknown) => deps.logger.error("payout schedule failed", { error }));
      check.start(intervalMs);
    },
    async stop() {
      await check.stop();
      await run.stop();
    },
  };
}
