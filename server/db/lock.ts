import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

/**
 * PGlite allows one process per data folder: a second opener silently loses
 * writes. The running server holds `db.lock` (its pid); a second one refuses to start.
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

export function lockFile(dataDir: string): string {
  return path.join(dataDir, "db.lock");
}

/** The pid that holds the lock, if that process is still alive. */
export function lockHolder(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(lockFile(dataDir), "utf8"), 10);
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  return isAlive(pid) ? pid : undefined;
}

export function acquireDataFolderLock(dataDir: string): DataFolderLock {
  mkdirSync(dataDir, { recursive: true });
  const file = lockFile(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, String(process.pid));
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
      // A lock left by a process that is gone (crash, kill -9): take it over.
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
