import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import path from "node:path";
import pg from "pg";
import { projectRoot } from "../paths";
import { DURABLE_START_PARAMS, DurableNodeFS } from "./durable-fs";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = "pglite" | "postgres";
/** The database itself or an open transaction: what repository functions take. */
export type Queryable = Pick<Database, "select" | "insert" | "update" | "delete">;

export type DatabaseHandle = {
  db: Database;
  kind: DatabaseKind;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Calls `onChange` after every commit that moved the page content version (migration
   * 0022), for a database that this process alone uses (PGlite); resolves once listening.
   */
  watchPageContentVersion?: (onChange: () => void) => Promise<void>;
};

const migrationsFolder = path.join(projectRoot, "server/db/migrations");

/**
 * PGlite in `dir` (or in memory when dir is undefined), with the extensions we use.
 * On disk, a commit returns once it is on the disk (see durable-fs.ts).
 */
export async function openPglite(dir: string | undefined): Promise<DatabaseHandle> {
  const client = await PGlite.create(
    dir
      ? { fs: new DurableNodeFS(dir), startParams: DURABLE_START_PARAMS, extensions: { pg_trgm } }
      : { extensions: { pg_trgm } },
  );
  const db = drizzlePglite({ client, schema, casing: "snake_case" });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
    watchPageContentVersion: await pageVersionWatch(client),
  };
}

/**
 * PGlite's one session asks the version's triggers to notify it (migration 0022) and gives
 * the handle's `watchPageContentVersion`: PGlite calls its listeners while it reads the
 * committing statement's answer, before the writer's own call returns.
 */
export async function pageVersionWatch(
  client: PGlite,
): Promise<NonNullable<DatabaseHandle["watchPageContentVersion"]>> {
  await client.exec("SET vernissage.page_version_notify = 'on'");
  return async (onChange) => {
    await client.listen("page_content_version", () => onChange());
  };
}

export function openPostgres(url: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzlePg({ client: pool, schema, casing: "snake_case" });
  return {
    db,
    kind: "postgres",
    migrate: () => migratePg(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}
