import { describe, expect, it } from "vitest";
import { versionedMemo } from "./versioned-memo";

function setup(options: { maxEntries?: number; settleMs?: number; maxAgeMs?: number } = {}) {
  let version = "1";
  let clock = 10_000;
  let loads = 0;
  const memo = versionedMemo<string>({
    maxEntries: options.maxEntries ?? 10,
    maxAgeMs: options.maxAgeMs ?? 60_000,
    settleMs: options.settleMs ?? 1000,
    readVersion: () => Promise.resolve(version),
    now: () => clock,
  });
  const load = (value: string) => () => {
    loads += 1;
    return Promise.resolve(value);
  };
  return {
    memo,
    load,
    loads: () => loads,
    setVersion: (v: string) => (version = v),
    advance: (ms: number) => (clock += ms),
  };
}

describe("versionedMemo", () => {
  it("reads every time while the version is younger than the settling time", async () => {
    const t = setup();
    expect(await t.memo("a", t.load("x"))).toBe("x");
    expect(await t.memo("a", t.load("y"))).toBe("y");
    expect(t.loads()).toBe(2);
    expect(t.memo.size).toBe(0);
  });

  it("keeps a value under a settled version and reads again when the version moves", async () => {
    const t = setup();
    await t.memo("a", t.load("first"));
    t.advance(1000);
    expect(await t.memo("a", t.load("x"))).toBe("x");
    expect(await t.memo("a", t.load("y"))).toBe("x");
    expect(t.loads()).toBe(2);
    t.setVersion("2");
    expect(await t.memo("a", t.load("after the change"))).toBe("after the change");
  });

  it("keeps each key apart and ends a value after its maximum age", async () => {
    const t = setup({ maxAgeMs: 5000 });
    await t.memo("warm", t.load(""));
    t.advance(1000);
    await t.memo("a", t.load("a1"));
    await t.memo("b", t.load("b1"));
    expect(await t.memo("a", t.load("a2"))).toBe("a1");
    expect(await t.memo("b", t.load("b2"))).toBe("b1");
    t.advance(5000);
    expect(await t.memo("a", t.load("a3"))).toBe("a3");
  });

  it("drops the least recently used beyond its entries, and keeps nothing when off", async () => {
    const t = setup({ maxEntries: 2 });
    await t.memo("warm", t.load(""));
    t.advance(1000);
    await t.memo("a", t.load("a"));
    await t.memo("b", t.load("b"));
    await t.memo("a", t.load("not read"));
    await t.memo("c", t.load("c"));
    expect(t.memo.size).toBe(2);
    expect(await t.memo("b", t.load("b again"))).toBe("b again");
    const off = setup({ maxEntries: 0 });
    off.advance(5000);
    await off.memo("a", off.load("1"));
    expect(await off.memo("a", off.load("2"))).toBe("2");
  });

  it("does not keep a failed read", async () => {
    const t = setup();
    await t.memo("warm", t.load(""));
    t.advance(1000);
    await expect(t.memo("a", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    await Promise.resolve();
    expect(await t.memo("a", t.load("ok"))).toBe("ok");
  });
});
