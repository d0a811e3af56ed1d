import { sql } from "drizzle-orm";
import type { Hono } from "hono";
import type { AppServices } from "../../services";

export function registerHealthRoutes(app: Hono, services: AppServices) {
  app.get("/api/health", async (c) => {
    await services.db.execute(sql`select 1`);
    return c.json({ status: "ok" as const, database: services.databaseKind });
  });
}
