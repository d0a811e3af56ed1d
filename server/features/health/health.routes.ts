import type { Hono } from "hono";
import type { AppServices } from "../../services";

export function registerHealthRoutes(app: Hono, { health }: AppServices) {
  app.get("/api/health", async (c) => c.json(await health.check()));
}
