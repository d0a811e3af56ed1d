import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { type SQL, sql } from "drizzle-orm";
import {
  type Database,
  type DatabaseHandle,
  openPglite,
  openPostgres,
  pageVersionWatch,
  sessionSettingsSql,
} from "../db/client";
import { queryRows } from "../db/rows";
import * as schema from "../db/schema";
import { projectRoot } from "../paths";

/** Set by global-setup.ts for the integration project: a migrated PGlite data folder (tarball). */
export const PGLITE_TEMPLATE_ENV = "VERNISSAGE_TEST_PGLITE_TEMPLATE";
/** Set by global-setup.ts when TEST_DATABASE_URL is set: a migrated database to clone. */
export const POSTGRES_TEMPLATE_ENV = "VERNISSAGE_TEST_POSTGRES_TEMPLATE";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a
 * new database on the PostgreSQL server of TEST_DATABASE_URL (dropped on close).
 * Under vitest both start as a copy of the database global-setup.ts migrated once per
 * run; elsewhere (the benchmarks) they are created and migrated here. `migrate()` is
 * still run: on a copy it finds every migration applied and does nothing.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = process.env[PGLITE_TEMPLATE_ENV];
    const handle = template ? await openPgliteCopy(template) : await openPglite(undefined);
    await handle.migrate();
    return handle;
  }
  const name = `vernissage_test_${randomBytes(6).toString("hex")}`;
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString());
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      await dropDatabase(serverUrl, name);
    },
  };
}

/**
 * Drops the test database once the server has seen our pool's sessions go.
 * `pool.end()` resolves before the server has processed every Terminate, and a
 * `DROP … WITH (FORCE)` then kills connections that are still closing: their
 * clients raise "terminating connection due to administrator command" after the
 * pool stopped listening, an unhandled error that fails the run.
 */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await waitForNoSessions(admin, name);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/**
 * Waits (up to 5 s) until the server lists no session on database `name`; global-setup.ts
 * also needs it, as CREATE DATABASE … TEMPLATE refuses a template that has sessions.
 */
export async function waitForNoSessions(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { rows } = await admin.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = $1",
      [name],
    );
    if ((rows[0]?.n ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** An in-memory PGlite loaded from a dumped data folder (no initdb), set up as openPglite does. */
async function openPgliteCopy(tarball: string): Promise<DatabaseHandle> {
  const client = await PGlite.create({
    loadDataDir: new Blob([await readFile(tarball)]),
    extensions: { pg_trgm },
  });
  await client.exec(sessionSettingsSql());
  const db = drizzle({ client, schema, casing: "snake_case" });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    migrate: () =>
      migrate(db, { migrationsFolder: path.join(projectRoot, "server/db/migrations") }),
    close: () => client.close(),
    watchPageContentVersion: await pageVersionWatch(client),
  };
}

/** A test database that `reset()` brings back to how openTestDatabase gave it. */
export type ResettableTestDatabase = DatabaseHandle & { reset(): Promise<void> };

const PRISTINE_SCHEMA = "test_pristine";

/**
 * For a file whose every test needs a database of its own (its assertions count over
 * the whole database): one database for the file, and `reset()` before each test, in
 * milliseconds instead of the second of CPU a new database costs (docs/performance.md,
 * "Test suite time"). Resetting empties every table of the public schema, restarts
 * their identities and puts back, as they were, the rows the migrations wrote; nothing
 * else (the migrations' own table, the schema) is touched.
 */
export async function openResettableTestDatabase(): Promise<ResettableTestDatabase> {
  const handle = await openTestDatabase();
  const { db } = handle;
  const rows = <T>(query: SQL) => queryRows<T>(db, query);
  const tables = (
    await rows<{ name: string }>(
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  ).map((t) => t.name);
  // The rows the migrations wrote, copied aside once.
  await db.execute(sql.raw(`create schema ${PRISTINE_SCHEMA}`));
  const seeded: Array<{ table: string; columns: string }> = [];
  for (const table of tables) {
    const [count] = await rows<{ n: number }>(
      sql.raw(`select count(*)::int as n from public."${table}"`),
    );
    if (!count?.n) continue;
    await db.execute(
      sql.raw(`create table ${PRISTINE_SCHEMA}."${table}" as table public."${table}"`),
    );
    // Generated columns are computed again on insert; they cannot be written.
    const columns = await rows<{ name: string }>(sql`
      select attname as name from pg_attribute
      where attrelid = ${`public."${table}"`}::regclass and attnum > 0
        and not attisdropped and attgenerated = ''
      order by attnum`);
    seeded.push({ table, columns: columns.map((c) => `"${c.name}"`).join(", ") });
  }
  const truncate = `truncate ${tables.map((t) => `public."${t}"`).join(", ")} restart identity cascade`;
  return {
    ...handle,
    async reset() {
      await db.transaction(async (tx) => {
        // Triggers off: audit_events refuses a truncate, and the migrations' rows are put
        // back as they are, not as an insert today would make them.
        await tx.execute(sql.raw("set local session_replication_role = replica"));
        await tx.execute(sql.raw(truncate));
        for (const { table, columns } of seeded) {
          await tx.execute(
            sql.raw(
              `insert into public."${table}" (${columns}) overriding system value ` +
                `select ${columns} from ${PRISTINE_SCHEMA}."${table}"`,
            ),
          );
        }
      });
    },
  };
}
