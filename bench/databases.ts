import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openPglite, openPostgres } from "../server/db/client";

/** A fresh, migrated PGlite in memory. */
export async function openFreshPglite(): Promise<DatabaseHandle> {
  const handle = await openPglite(undefined);
  await handle.migrate();
  return handle;
}

/**
 * A new database on the PostgreSQL server of `serverUrl`, migrated, and dropped on
 * close: the bench never touches the database named in the URL itself.
 */
export async function openFreshPostgres(serverUrl: string): Promise<DatabaseHandle> {
  const name = `vernissage_bench_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString());
  try {
    await handle.migrate();
  } catch (error) {
    await handle.close();
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw error;
  }
  // Ctrl-C during a run still drops the database.
  const onInterrupt = () => {
    void adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() =>
      process.exit(130),
    );
  };
  process.once("SIGINT", onInterrupt);
  return {
    ...handle,
    async close() {
      process.off("SIGINT", onInterrupt);
      await handle.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * The database `name` on the server of `serverUrl`, created when missing, migrated, and
 * kept on close: a large catalogue built once can be measured again after a change
 * (`npm run bench:search -- --keep-database NAME`). Drop it by hand when done.
 */
export async function openKeptPostgres(serverUrl: string, name: string): Promise<DatabaseHandle> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString());
  await handle.migrate();
  return handle;
}

/** One statement on the server itself (CREATE or DROP DATABASE), on a connection of its own. */
export async function adminQuery(serverUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
