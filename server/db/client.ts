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
 * Settings every session of ours starts with, so that no statement has to set them first.
 * pg_trgm's word similarity threshold is what a search's `<%` (the artists named like its
 * text, misspellings included: "adeymi" ~ "Adeyemi") matches at; it was set per search in a
 * transaction of its own, three round trips (BEGIN, the setting, COMMIT) of a search's five
 * (issue 17, decision 0040). A name with a dot is a placeholder until pg_trgm is loaded, and
 * keeps its value when it is.
 */
export const SESSION_SETTINGS = { "pg_trgm.word_similarity_threshold": "0.5" } as const;

/** SESSION_SETTINGS as SET statements, for a session that is already open (PGlite). */
export function sessionSettingsSql(): string {
  return Object.entries(SESSION_SETTINGS)
    .map(([name, value]) => `SET ${name} = '${value}';`)
    .join("\n");
}

/**
 * SESSION_SETTINGS as PostgreSQL's startup options (`-c name=value`), after any options the
 * URL gives (node-postgres lets the URL's own `options` replace the configured ones, so they
 * are taken out of it and put first).
 */
export function postgresConnection(url: string): { connectionString: string; options: string } {
  const ours = Object.entries(SESSION_SETTINGS).map(([name, value]) => `-c ${name}=${value}`);
  const match = /([?&])options=([^&#]*)&?/.exec(url);
  if (!match) return { connectionString: url, options: ours.join(" ") };
  const rest =
    url.slice(0, match.index) +
    (match[0].endsWith("&") ? match[1] : "") +
    url.slice(match.index + match[0].length);
  const given = decodeURIComponent(match[2]!.replace(/\+/g, " "));
  return { connectionString: rest, options: [given, ...ours].join(" ") };
}

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
  await client.exec(sessionSettingsSql());
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
  const pool = new pg.Pool({ ...postgresConnection(url), max: 10 });
  const db = drizzlePg({ client: pool, schema, casing: "snake_case" });
  return {
    db,
    kind: "postgres",
    migrate: () => migratePg(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}
