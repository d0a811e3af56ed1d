import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

/**
 * PGlite allows one process per data folder: a second opener silently loses
 * writes. The running server holds `db.lock`; a second one refuses to start.
 *
 * The lock records the holder's pid and, on Linux, its start time from
 * /proc/<pid>/stat: after a kill -9 the pid may be reused by an unrelated process,
 * and only the start time tells that process apart from the holder. Elsewhere the
 * pid alone is checked (a reused pid then still needs the file removed by hand).
 */
export class DataFolderLockedError extends Error {
  override name = "DataFolderLockedError";
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another Vernissage process (pid ${pid}). ` +
        `Stop that process first, or start this one with another DATA_DIR.`,
    );
  }
}

export type DataFolderLock = { release(): void };
type LockOwner = { pid: number; startTime?: string };

export function lockFile(dataDir: string): string {
  return path.join(dataDir, "db.lock");
}

/**
 * When the process started, in clock ticks since boot (field 22 of /proc/<pid>/stat),
 * or undefined where there is no /proc or no such process.
 */
export function processStartTime(pid: number): string | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // The command name (field 2) may hold spaces and parentheses: count from its end.
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
}

/** `{"pid":…,"startTime":…}`, or a bare pid as written by earlier versions. */
function readLockOwner(file: string): LockOwner | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8").trim();
  } catch {
    return undefined;
  }
  if (/^\d+$/.test(text)) return { pid: Number(text) };
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner>;
    if (typeof parsed.pid !== "number") return undefined;
    return {
      pid: parsed.pid,
      startTime: typeof parsed.startTime === "string" ? parsed.startTime : undefined,
    };
  } catch {
    return undefined;
  }
}

/** The pid that holds the lock, if that very process (not a reuse of its pid) still runs. */
export function lockHolder(dataDir: string): number | undefined {
  const owner = readLockOwner(lockFile(dataDir));
  if (!owner || !Number.isInteger(owner.pid) || owner.pid <= 0) return undefined;
  if (!isAlive(owner.pid)) return undefined;
  const startTime = owner.startTime && processStartTime(owner.pid);
  if (startTime && startTime !== owner.startTime) return undefined;
  return owner.pid;
}

export function acquireDataFolderLock(dataDir: string): DataFolderLock {
  mkdirSync(dataDir, { recursive: true });
  const file = lockFile(dataDir);
  const owner: LockOwner = { pid: process.pid, startTime: processStartTime(process.pid) };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, JSON.stringify(owner));
      closeSync(fd);
      return {
        release() {
          if (lockHolder(dataDir) === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = lockHolder(dataDir);
      if (holder !== undefined && holder !== process.pid) {
        throw new DataFolderLockedError(dataDir, holder);
      }
      // A lock left by a process that is gone (crash, kill -9, pid reused): take it over.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
