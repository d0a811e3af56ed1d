import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";

/**
 * PGlite's file system for a data folder on disk, with fsync that reaches the disk.
 *
 * PGlite (0.5) starts Postgres with `-F` (fsync off), and its Emscripten NODEFS has
 * no fsync of its own: a committed transaction is in the kernel's page cache when
 * the query returns. That survives a killed process but not a power cut or a kernel
 * crash. (`relaxedDurability` only concerns the browser file systems that copy the
 * database out after each query; on Node, files are written in place.)
 *
 * Here fsync reaches Node's `fs.fsyncSync` on the real file (or folder), and
 * DURABLE_START_PARAMS turn fsync on with `wal_sync_method=fsync` (PGlite's fdatasync
 * is a no-op): a commit returns once its write-ahead log is on the disk, and a
 * checkpoint flushes data files before it recycles the log that could rebuild them.
 * See docs/performance.md for the cost.
 */
export class DurableNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS["init"]>) {
    const { emscriptenOpts } = await super.init(...args);
    const preRun = [...(emscriptenOpts.preRun ?? []), enableFsync];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } };
  }
}

export const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== "-F"),
  "-c",
  "fsync=on",
  "-c",
  "wal_sync_method=fsync",
];

/** The part of Emscripten's NODEFS that we touch (it has no TypeScript types). */
type NodeFsInternals = {
  stream_ops: { fsync?: (stream: EmscriptenStream) => number };
  realPath(node: unknown): string;
  tryFSOperation<T>(operation: () => T): T;
};
type EmscriptenStream = { nfd?: number; node: unknown };

function enableFsync(mod: object) {
  const nodefs = (mod as { NODEFS: NodeFsInternals }).NODEFS;
  // Every NODEFS file and folder shares this one stream_ops object.
  nodefs.stream_ops.fsync = (stream) =>
    nodefs.tryFSOperation(() => {
      if (stream.nfd !== undefined) {
        fs.fsyncSync(stream.nfd);
        return 0;
      }
      // A folder (Postgres syncs one after creating or renaming a file in it).
      const fd = fs.openSync(nodefs.realPath(stream.node), "r");
      try {
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      return 0;
    });
}
