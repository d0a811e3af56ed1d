// Vitest globalSetup of the integration project: migrates ONE database per run and
// lets each test file start from a copy of it (see openTestDatabase), instead of
// creating and migrating a database in every file. Made fresh from the migrations
// on every run, so it can never be stale.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openPglite, openPostgres } from "../db/client";
import {
  dropDatabase,
  PGLITE_TEMPLATE_ENV,
  POSTGRES_TEMPLATE_ENV,
  waitForNoSessions,
} from "./database";

export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    // A migrated database that each file clones with CREATE DATABASE … TEMPLATE.
    const name = `vernissage_template_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const handle = openPostgres(url.toString());
      try {
        await handle.migrate();
      } finally {
        await handle.close();
      }
      await waitForNoSessions(admin, name);
    } finally {
      await admin.end();
    }
    process.env[POSTGRES_TEMPLATE_ENV] = name;
    return async () => {
      delete process.env[POSTGRES_TEMPLATE_ENV];
      await dropDatabase(serverUrl, name);
    };
  }
  // PGlite: a migrated data folder, dumped to a tarball that each file loads.
  // (Creating a PGlite runs initdb, which costs far more than the migrations.)
  const dir = await mkdtemp(path.join(tmpdir(), "vernissage-template-"));
  const file = path.join(dir, "migrated.tar");
  const handle = await openPglite(undefined);
  try {
    await handle.migrate();
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir("none");
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return async () => {
    delete process.env[PGLITE_TEMPLATE_ENV];
    await rm(dir, { recursive: true, force: true });
  };
}
