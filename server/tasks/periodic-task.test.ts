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
});
