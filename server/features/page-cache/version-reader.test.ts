import { describe, expect, it } from "vitest";
import { coalescedVersionReader, notifiedVersionReader } from "./version-reader";

/** A read that the test ends by hand, counting how many were started. */
function manualReads() {
  const pending: ((value: string) => void)[] = [];
  let started = 0;
  const read = () => {
    started += 1;
    return new Promise<string>((resolve) => pending.push(resolve));
  };
  return {
    read,
    started: () => started,
    finish: (value: string) => pending.shift()!(value),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("coalescedVersionReader", () => {
  it("serves callers who arrive during a read with the next read, not the running one", async () => {
    const reads = manualReads();
    const version = coalescedVersionReader(reads.read);
    const first = version();
    const second = version();
    const third = version();
    expect(reads.started()).toBe(1);
    reads.finish("1");
    expect(await first).toBe("1");
    await tick();
    // The two who came while "1" was being read wait for a read that began after them.
    expect(reads.started()).toBe(2);
    reads.finish("2");
    expect(await second).toBe("2");
    expect(await third).toBe("2");
  });

  it("reads again for a caller that comes after the reads ended", async () => {
    const reads = manualReads();
    const version = coalescedVersionReader(reads.read);
    const first = version();
    reads.finish("1");
    await first;
    const later = version();
    expect(reads.started()).toBe(2);
    reads.finish("5");
    expect(await later).toBe("5");
  });

  it("passes a failed read to its callers and reads afresh for the next", async () => {
    let calls = 0;
    const version = coalescedVersionReader(() =>
      ++calls === 1 ? Promise.reject(new Error("down")) : Promise.resolve("3"),
    );
    await expect(version()).rejects.toThrow("down");
    expect(await version()).toBe("3");
  });
});

describe("notifiedVersionReader", () => {
  function watched() {
    let onChange: () => void = () => undefined;
    let listening: () => void = () => undefined;
    const watch = (listener: () => void) => {
      onChange = listener;
      return new Promise<void>((resolve) => (listening = resolve));
    };
    return { watch, change: () => onChange(), listen: () => listening() };
  }

  it("reads once, then knows the version until it is told of a change", async () => {
    let value = "1";
    let reads = 0;
    const w = watched();
    const version = notifiedVersionReader(
      () => {
        reads += 1;
        return Promise.resolve(value);
      },
      w.watch,
      () => undefined,
    );
    w.listen();
    await tick();
    expect(await version()).toBe("1");
    expect(await version()).toBe("1");
    expect(reads).toBe(1);
    value = "2";
    w.change();
    expect(await version()).toBe("2");
    expect(reads).toBe(2);
  });

  it("reads every time until it is listening", async () => {
    let reads = 0;
    const w = watched();
    const version = notifiedVersionReader(
      () => Promise.resolve(String(++reads)),
      w.watch,
      () => undefined,
    );
    expect(await version()).toBe("1");
    expect(await version()).toBe("2");
  });

  it("does not keep a read that a change overtook", async () => {
    const reads = manualReads();
    const w = watched();
    const version = notifiedVersionReader(reads.read, w.watch, () => undefined);
    w.listen();
    await tick();
    const during = version();
    w.change();
    reads.finish("1");
    expect(await during).toBe("1");
    const after = version();
    expect(reads.started()).toBe(2);
    reads.finish("2");
    expect(await after).toBe("2");
  });

  it("reports a watch that failed and goes on reading", async () => {
    const failures: unknown[] = [];
    let reads = 0;
    const version = notifiedVersionReader(
      () => Promise.resolve(String(++reads)),
      () => Promise.reject(new Error("no listen")),
      (error) => failures.push(error),
    );
    await tick();
    expect(failures).toHaveLength(1);
    expect(await version()).toBe("1");
    expect(await version()).toBe("2");
  });
});
