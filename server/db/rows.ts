import type { SQL } from "drizzle-orm";

type Executor = { execute(query: SQL): PromiseLike<unknown> };

/**
 * Rows of a raw SQL query. node-postgres and PGlite both answer `{ rows }`; the
 * row type is the caller's statement about its own SELECT list.
 */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
