import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../db/rows";
import { users } from "../db/schema";
import { openResettableTestDatabase, type ResettableTestDatabase } from "./database";
import { createArtist, createArtwork } from "./factories";

let database: ResettableTestDatabase;
beforeAll(async () => {
  database = await openResettableTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** The one row migration 0004 writes (the search's cache key); no Drizzle table. */
function catalogueVersion() {
  return queryRows<{ id: boolean; version: string }>(
    database.db,
    sql`select id, version::text as version from catalogue_version`,
  );
}

/** Rows in every table of the public schema, by table. */
async function tally() {
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql.raw(`select count(*)::int as n from public."${name}"`),
    );
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

describe("a resettable test database", () => {
  it("is, after reset, as it was opened: rows gone, the migrations' rows back", async () => {
    const opened = await tally();
    const version = await catalogueVersion();
    expect(version).toHaveLength(1);

    const artist = await createArtist(database.db, { payoutStatus: "active" });
    await createArtwork(database.db, { artistId: artist.id });
    await database.db.execute(sql`update catalogue_version set version = 99`);
    expect(await tally()).not.toEqual(opened);

    await database.reset();
    expect(await tally()).toEqual(opened);
    expect(await catalogueVersion()).toEqual(version);
    expect(await database.db.select().from(users)).toEqual([]);
  });
});
