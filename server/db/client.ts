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
  /**
   * A new client of its own on the same PostgreSQL (not from the pool), for a connection
   * that LISTENs; absent on PGlite, where this process is the only one.
   */
  newListenerClient?: () => pg.Client;
};

const migrationsFolder = path.join(projectRoot, "server/db/migrations");

/**
 * Settings every session of ours starts with, so that no statement has to set them first.
 * pg_trgm's word similarity threshold is what a search's `<%` (the artists named like its
 * text, misspellings included: "adeymi" ~ "Adeyemi") matches at; it was set per search in a
 * transaction of its own, three round trips (BEGIN, the setting, COMMIT) of a search's five
 * (decision 0040). A name with a dot is a placeholder until pg_trgm is loaded, and
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
 * SESSION_SETTINGS as PostgreSQL's startup options (`-c name=value`), after those the
 * environment (PGOPTIONS) and the URL's `options` give. node-postgres reads PGOPTIONS only
 * when no options are configured, and lets the URL's own `options` replace the configured
 * ones, so both are read here and every `options` is taken out of the URL's query.
 */
export function postgresConnection(
  url: string,
  environment: string | undefined = process.env.PGOPTIONS,
): { connectionString: string; options: string } {
  const ours = Object.entries(SESSION_SETTINGS).map(([name, value]) => `-c ${name}=${value}`);
  const hash = url.indexOf("#");
  const withoutFragment = hash === -1 ? url : url.slice(0, hash);
  const question = withoutFragment.indexOf("?");
  const given: string[] = [];
  let connectionString = url;
  if (question !== -1) {
    const kept: string[] = [];
    for (const part of withoutFragment.slice(question + 1).split("&")) {
      if (part.startsWith("options=")) given.push(decodeParameter(part.slice("options=".length)));
      else if (part) kept.push(part);
    }
    connectionString =
      withoutFragment.slice(0, question) + (kept.length ? `?${kept.join("&")}` : "");
  }
  const options = [environment, ...given, ...ours].filter((o) => o?.trim()).join(" ");
  return { connectionString, options };
}

/** A query parameter's value as node-postgres reads it; kept as it is when not valid %-encoding. */
function decodeParameter(value: string): string {
  const spaced = value.replace(/\+/g, " ");
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/**
 * Postgres's buffer pool lives in PGlite's WebAssembly memory, which never shrinks: at
 * the default size the pool alone stayed resident for the life of the server
 * (docs/performance.md, "Server memory"). The data files are read through the kernel's page cache anyway (NODEFS
 * reads them with read(2)), so a smaller pool costs a system call on a miss, not a
 * disk read (decision 0049).
 */
const EMBEDDED_BUFFER_PARAMS = ["-c", "shared_buffers=32MB"];

/**
 * PGlite in `dir` (or in memory when dir is undefined), with the extensions we use.
 * On disk, a commit returns once it is on the disk (see durable-fs.ts).
 */
export async function openPglite(dir: string | undefined): Promise<DatabaseHandle> {
  const client = await PGlite.create(
    dir
      ? {
          fs: new DurableNodeFS(dir),
          startParams: [...DURABLE_START_PARAMS, ...EMBEDDED_BUFFER_PARAMS],
          extensions: { pg_trgm },
        }
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
    newListenerClient: () => new pg.Client(postgresConnection(url)),
  };
}
