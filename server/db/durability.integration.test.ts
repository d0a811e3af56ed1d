import { sql } from "drizzle-orm";
import fs, { mkdtempSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, openPglite } from "./client";

// What an acknowledged commit of the embedded database has reached: the disk itself
// (fsync), not only the kernel's page cache, which a power cut or a kernel crash loses.
let dir: string;
let database: DatabaseHandle;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "vernissage-durable-"));
  database = await openPglite(path.join(dir, "db"));
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Host paths of the files fsync'd while `work` runs (Node's own fsync, observed, not replaced). */
async function fsyncedDuring(work: () => Promise<unknown>): Promise<string[]> {
  const synced: string[] = [];
  const original = fs.fsyncSync;
  const spy = vi.spyOn(fs, "fsyncSync").mockImplementation((fd) => {
    synced.push(readlinkSync(`/proc/self/fd/${fd}`));
    original(fd);
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return synced;
}

describe("the embedded database at commit", () => {
  it("runs with fsync on", async () => {
    const rows = await database.db.execute<{ fsync: string }>(sql`show fsync`);
    expect(JSON.stringify(rows)).toContain('"fsync":"on"');
  });

  it("keeps a small buffer pool, which stays resident in its WebAssembly memory", async () => {
    const rows = await database.db.execute<{ shared_buffers: string }>(sql`show shared_buffers`);
    expect(JSON.stringify(rows)).toContain('"shared_buffers":"32MB"');
  });

  it("flushes the write-ahead log to the disk before a commit returns", async () => {
    await database.db.execute(sql`create table durable_probe (n int)`);
    const synced = await fsyncedDuring(() =>
      database.db.execute(sql`insert into durable_probe values (1)`),
    );
    expect(synced.some((file) => file.startsWith(path.join(dir, "db", "pg_wal")))).toBe(true);
  });
});
