import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createArtist } from "../../test/factories";
import { type TestApp, createTestApp, testClock } from "../../test/test-app";
import { completedSale, payoutsOf, secondServices } from "./payout-run.test-helpers";

/**
 * The daily payout run's schedule across restarts and processes (decision 0029): due
 * from 14:00 UTC until a run has happened that day, decided from the database, so a
 * restart neither skips the day nor pays it twice.
 */

let t: TestApp;
const clock = testClock(new Date("2026-07-01T12:00:00Z"));

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
});
afterAll(async () => {
  await t?.close();
});

/** Moves the clock to `at` (never back). */
function setClock(at: string) {
  const by = new Date(at).getTime() - clock.now().getTime();
  if (by < 0) throw new Error("the test clock only moves forward");
  clock.advanceMs(by);
}

/** A new app process on the same database (a restart, or another server), stopped after. */
async function withProcess<T>(
  work: (services: ReturnType<typeof secondServices>) => Promise<T>,
): Promise<T> {
  const services = secondServices(t, clock.now);
  try {
    return await work(services);
  } finally {
    await services.payouts.schedule.stop();
    await services.outbox.stop();
    services.mailTransport.close();
  }
}

describe("the daily payout schedule", () => {
  it("runs at once on a restart at 14:05; a process started after the day's run does not run again", async () => {
    const ines = await createArtist(t.db);
    const first = await completedSale(t, clock, ines.id, 10_000);

    setClock("2026-07-01T13:59:59Z");
    expect(await withProcess((p) => p.payouts.schedule.check())).toBe(false);
    expect(await payoutsOf(t, ines.id)).toEqual([]);

    // The server restarts at 14:05, after the old 14:00–14:15 window's only tick would
    // have been: the check at start runs the day's payouts, without waiting for a timer.
    setClock("2026-07-01T14:05:00Z");
    await withProcess(async (p) => {
      p.payouts.schedule.start(60 * 60 * 1000);
      await vi.waitFor(async () => {
        expect(await payoutsOf(t, ines.id)).toMatchObject([
          { amount: first.artistNet, status: "paid" },
        ]);
      });
    });

    // More becomes payable that afternoon; processes started later the same day (another
    // restart, a second server) leave it for tomorrow's run, also right before midnight.
    setClock("2026-07-01T14:10:00Z");
    const second = await completedSale(t, clock, ines.id, 20_000);
    setClock("2026-07-01T14:20:00Z");
    await withProcess(async (p) => {
      p.payouts.schedule.start(60 * 60 * 1000);
      expect(await p.payouts.schedule.check()).toBe(false);
    });
    setClock("2026-07-01T23:59:59Z");
    expect(await withProcess((p) => p.payouts.schedule.check())).toBe(false);
    expect(await payoutsOf(t, ines.id)).toHaveLength(1);

    // The next morning is not the next run either; 14:00 is, in one of two servers.
    setClock("2026-07-02T08:00:00Z");
    expect(await withProcess((p) => p.payouts.schedule.check())).toBe(false);
    setClock("2026-07-02T14:00:00Z");
    await withProcess((a) =>
      withProcess((b) => Promise.all([a.payouts.schedule.check(), b.payouts.schedule.check()])),
    );
    const [, next, ...more] = await payoutsOf(t, ines.id);
    expect(more).toEqual([]);
    expect(next).toMatchObject({ amount: second.artistNet, status: "paid" });
  });

  it("a process that ran the day's payouts and paid nobody does not run them again that day", async () => {
    setClock("2026-07-03T14:00:00Z");
    await withProcess(async (p) => {
      // Nobody is owed: the run writes no payout row, so only the process remembers it.
      expect(await p.payouts.schedule.check()).toBe(true);
      setClock("2026-07-03T15:00:00Z");
      const omar = await createArtist(t.db);
      await completedSale(t, clock, omar.id, 5_000);
      setClock("2026-07-03T18:00:00Z");
      expect(await p.payouts.schedule.check()).toBe(false);
      expect(await payoutsOf(t, omar.id)).toEqual([]);
    });
  });
});
