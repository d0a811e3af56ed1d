import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { queryRows } from "../../db/rows";

/**
 * The version of what visitors' pages show (migration 0021): the sequence's last value,
 * read without a transaction or a lock, the same for every process on the database.
 */
export async function readPageContentVersion(db: Database): Promise<string> {
  const [row] = await queryRows<{ v: string }>(
    db,
    sql`select last_value::text as v from page_content_version`,
  );
  if (!row) throw new Error("page_content_version has no value");
  return row.v;
}
