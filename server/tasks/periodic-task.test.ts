import { describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { createPeriodicTask } from "./periodic-task";

const logger = createLogger({ json: false, silent: true });

describe("createPeriodicTask", () => {
  it("runs one at a time: a call during a run shares its result", async () => {
    let calls = 0;
    let finish!: (n: number) => void;
    const task = createPeriodicTask({
      name: "test task",
      work: () => {
        calls += 1;
        return new Promise<number>((resolve) => (finish = resolve));
      },
      defaultIntervalMs: 60_000,
      logger,
    });
    const first = task.run();
    const second = task.run();
    finish(7);
    expect(await Promise.all([first, second])).toEqual([7, 7]);
    expect(calls).toBe(1);
    // Once it has finished, the next call is a new run.
    const third = task.run();
    finish(8);
    expect(await third).toBe(8);
    expect(calls).toBe(2);
  });

  it("runs on its timer until stopped, and stop waits for the run in progress", async () => {
    let calls = 0;
    let done = false;
    const task = createPeriodicTask({
      name: "test task",
      work: async () => {
        calls += 1;
        await new Promise((resolve) => setTimeout(resolve, 30));
        done = true;
        return calls;
      },
      defaultIntervalMs: 60_000,
      logger,
    });
    task.start(5);
    await new Promise((resolve) => setTimeout(resolve, 12));
    await task.stop();
    expect(calls).toBeGreaterThanOrEqual(1);
    expect(done).toBe(true);
    const after = calls;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toBe(after);
  });

  it("gives up waiting on a run that never finishes after maxRunMs: logs it, and the next call runs", async () => {
    let now = 0;
    const errors: string[] = [];
    const started: number[] = [];
    let finishSecond!: (n: number) => void;
    const task = createPeriodicTask({
      name: "test task",
      work: () => {
        started.push(now);
        // The first run hangs for good (a dependency that never answers); later ones end.
        if (started.length === 1) return new Promise<number>(() => undefined);
        return new Promise<number>((resolve) => (finishSecond = resolve));
      },
      defaultIntervalMs: 60_000,
      maxRunMs: 1_000,
      logger: { ...logger, error: (message) => errors.push(message) },
      clock: () => now,
    });
    void task.run();
    // Within the limit a call shares the hung run.
    now = 999;
    void task.run();
    expect(started).toEqual([0]);
    expect(errors).toEqual([]);

    now = 1_000;
    const second = task.run();
    expect(started).toEqual([0, 1_000]);
    expect(errors).toEqual(["test task has not finished after 1 s; the next run starts beside it"]);
    // The new run is shared as usual, and ends as usual.
    expect(task.run()).toBe(second);
    finishSecond(2);
    expect(await second).toBe(2);

    // At most one run is given up on: while it still hangs, a new run that hangs as well is
    // waited on rather than a third started beside them.
    const third = task.run();
    now = 5_000;
    expect(task.run()).toBe(third);
    expect(started).toHaveLength(3);
    expect(errors).toHaveLength(1);
    finishSecond(3);
    expect(await third).toBe(3);
  });

  it("stop does not wait for a given-up run that has finished, and waits for one still going", async () => {
    let now = 0;
    const finishers: ((n: number) => void)[] = [];
    const task = createPeriodicTask({
      name: "test task",
      work: () => new Promise<number>((resolve) => finishers.push(resolve)),
      defaultIntervalMs: 60_000,
      maxRunMs: 10,
      logger: { ...logger, error: () => undefined },
      clock: () => now,
    });
    const first = task.run();
    now = 10;
    const second = task.run();
    expect(finishers).toHaveLength(2);
    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    finishers[1]!(2);
    await second;
    await Promise.resolve();
    expect(stopped).toBe(false);
    finishers[0]!(1);
    await first;
    await stopping;
    expect(stopped).toBe(true);
  });
});
