import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";

/** The cheapest statement the database must answer: throws when it cannot. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
