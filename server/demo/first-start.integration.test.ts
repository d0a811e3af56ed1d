import { count } from "drizzle-orm";
import { once } from "node:events";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type Database, openPglite } from "../db/client";
import {
  artCategories,
  artworkImages,
  artworks,
  banners,
  cities,
  exhibitions,
  users,
} from "../db/schema";
import { freePort, killAll, startServerProcess } from "../test/server-process";
import { createTestApp } from "../test/test-app";
import { seedDemoData } from "./seed";

// The demo load of a first start, killed with SIGKILL part-way and started again.
const folders: string[] = [];
afterAll(() => {
  killAll();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

function newDataFolder() {
  const dir = mkdtempSync(path.join(tmpdir(), "vernissage-first-start-"));
  folders.push(dir);
  return dir;
}

const demo = { DEMO_DATA: "true" };

function mediaFiles(dataDir: string): number {
  const dir = path.join(dataDir, "media");
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
    .length;
}

/** Resolves once `test` holds, checking each time the process writes something or a file appears. */
async function until(test: () => boolean, child: { exitCode: number | null }) {
  while (!test()) {
    if (child.exitCode !== null) throw new Error("the server exited before the moment to kill it");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Row counts of the demo's tables. */
async function tallies(db: Database) {
  const tally = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
  return {
    users: await tally(db.select({ n: count() }).from(users)),
    artworks: await tally(db.select({ n: count() }).from(artworks)),
    images: await tally(db.select({ n: count() }).from(artworkImages)),
    exhibitions: await tally(db.select({ n: count() }).from(exhibitions)),
    banners: await tally(db.select({ n: count() }).from(banners)),
    cities: await tally(db.select({ n: count() }).from(cities)),
    categories: await tally(db.select({ n: count() }).from(artCategories)),
  };
}

/** Row counts of the demo's tables in a stopped server's data folder. */
async function catalogue(dataDir: string) {
  const database = await openPglite(path.join(dataDir, "db"));
  try {
    return await tallies(database.db);
  } finally {
    await database.close();
  }
}

/**
 * What a whole demo load writes: the same seed, run in this process on a new database
 * (a server's clean first start writes the same; seed.integration.test.ts checks its
 * content). A server process of its own for this cost as much as each start below.
 */
async function wholeDemo() {
  const t = await createTestApp();
  try {
    await seedDemoData(t.db, t.services);
    return await tallies(t.db);
  } finally {
    await t.close();
  }
}

async function stop(server: ReturnType<typeof startServerProcess>) {
  server.child.kill("SIGTERM");
  const [code] = (await once(server.child, "exit")) as [number];
  expect(code).toBe(0);
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  "a first start killed during the demo load",
  () => {
    // Four server starts and three whole demo loads (one in this process): about 35 s alone
    // once the demo's pictures are kept (decision 0037; the first load of a clean clone
    // draws them), longer in CI beside the journeys and the PostgreSQL run. The limit is
    // for a hang.
    it("loads the whole demo catalogue when started again", async () => {
      // What the catalogue must be.
      const expected = await wholeDemo();
      expect(expected.artworks).toBeGreaterThan(0);

      // The same first start, killed while it stores the pictures (drawn, or read back from
      // the demo picture cache), before any row is written.
      const dataDir = newDataFolder();
      const first = startServerProcess(dataDir, await freePort(), demo);
      await until(() => first.output().includes("Loading demo data"), first.child);
      await until(() => mediaFiles(dataDir) >= 150, first.child);
      first.child.kill("SIGKILL");
      await once(first.child, "exit");
      // Killed before the rows were committed (while it stored the pictures or wrote the rows).
      expect(first.output()).not.toContain("Demo data loaded");
      expect(first.output()).not.toContain("is running at");

      const again = startServerProcess(dataDir, await freePort(), demo);
      await again.ready;
      await stop(again);
      expect(await catalogue(dataDir)).toEqual(expected);

      // Killed again on a new folder, this time inside the transaction that writes the rows.
      const rowsDir = newDataFolder();
      const second = startServerProcess(rowsDir, await freePort(), demo);
      await until(() => second.output().includes("Writing the demo rows"), second.child);
      second.child.kill("SIGKILL");
      await once(second.child, "exit");
      const restarted = startServerProcess(rowsDir, await freePort(), demo);
      await restarted.ready;
      await stop(restarted);
      expect(await catalogue(rowsDir)).toEqual(expected);
    }, 900_000);
  },
);
