import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataFolderLockedError, acquireDataFolderLock, lockFile, processStartTime } from "./lock";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function lockContent(pid: number, startTime: string | undefined) {
  return JSON.stringify({ pid, startTime });
}

describe("data folder lock", () => {
  it("lets one holder in and refuses a second while it lives", () => {
    dir = mkdtempSync(path.join(tmpdir(), "vernissage-lock-"));
    // Another live process (our parent) holds the lock.
    const held = lockContent(process.ppid, processStartTime(process.ppid));
    writeFileSync(lockFile(dir), held);
    expect(() => acquireDataFolderLock(dir)).toThrow(DataFolderLockedError);
    expect(() => acquireDataFolderLock(dir)).toThrow(
      `is in use by another Vernissage process (pid ${process.ppid})`,
    );
    expect(readFileSync(lockFile(dir), "utf8")).toBe(held);
  });

  it("takes over a lock left by a process that is gone, and releases it", () => {
    dir = mkdtempSync(path.join(tmpdir(), "vernissage-lock-"));
    writeFileSync(lockFile(dir), lockContent(999_999_999, "1"));
    const lock = acquireDataFolderLock(dir);
    expect(JSON.parse(readFileSync(lockFile(dir), "utf8"))).toEqual({
      pid: process.pid,
      startTime: processStartTime(process.pid),
    });
    lock.release();
    expect(() => readFileSync(lockFile(dir))).toThrow();
  });

  it.skipIf(processStartTime(process.pid) === undefined)(
    "takes over a stale lock whose pid now belongs to another process",
    async () => {
      dir = mkdtempSync(path.join(tmpdir(), "vernissage-lock-"));
      // The holder was killed; a process started later got its pid. Here: a live process
      // whose start time is not the one the lock recorded.
      const other = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"]);
      try {
        await once(other, "spawn");
        const pid = other.pid ?? 0;
        writeFileSync(lockFile(dir), lockContent(pid, "1"));
        const lock = acquireDataFolderLock(dir);
        expect(JSON.parse(readFileSync(lockFile(dir), "utf8"))).toMatchObject({ pid: process.pid });
        lock.release();
      } finally {
        other.kill("SIGKILL");
      }
    },
  );

  it("reads a lock written by an older version (its pid alone) as before", () => {
    dir = mkdtempSync(path.join(tmpdir(), "vernissage-lock-"));
    writeFileSync(lockFile(dir), String(process.ppid));
    expect(() => acquireDataFolderLock(dir)).toThrow(DataFolderLockedError);
    writeFileSync(lockFile(dir), "999999999");
    acquireDataFolderLock(dir).release();
  });
});
