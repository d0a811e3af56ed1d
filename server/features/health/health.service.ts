import type { DatabaseKind, Database } from "../../db/client";
import type { Health } from "../../../contracts/health.contract";
import { pingDatabase } from "./health.repository";

export type HealthDeps = { db: Database; databaseKind: DatabaseKind };

/** `ok` only once the database answered; a failure reaches the error handler as a 500. */
export async function checkHealth(deps: HealthDeps): Promise<Health> {
  await pingDatabase(deps.db);
  return { status: "ok", database: deps.databaseKind };
}
