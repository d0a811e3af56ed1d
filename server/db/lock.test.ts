import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataFolderLockedError, acquireDataFolderLock, lockFile } from "./lock";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("data folder lock", () => {
  it("lets one holder in and refuses a second while it lives", () => {
    dir = mkdtempSync(path.join(tmpdir(), "vernissage-lock-"));
    // Another live process (our parent) holds the lock.
    writeFileSync(lockFile(dir), String(process.ppid));
    expect(() => acquireDataFolderLock(dir)).toThrow(DataFolderLockedError);
    expect(() => acquireDataFolderLock(dir)).toThrow(/in use by another Vernissage process/);
    expect(readFileSync(lockFile(dir), "utf8")).toBe(String(process.ppid));
  });

  it("takes over a lock left by a process that is gone, and releases it", () => {
    dir = mkdtempSync(path.join(tmpdir(), "vernissage-lock-"));
    writeFileSync(lockFile(dir), "999999999");
    const lock = acquireDataFolderLock(dir);
    expect(readFileSync(lockFile(dir), "utf8")).toBe(String(process.pid));
    lock.release();
    expect(() => readFileSync(lockFile(dir))).toThrow();
  });
});
