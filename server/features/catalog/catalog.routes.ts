import type { Hono } from "hono";
import type { AppServices } from "../../services";

export function registerCatalogRoutes(app: Hono, { discovery }: AppServices) {
  app.get("/api/cities", async (c) => c.json(await discovery.cities()));
  app.get("/api/categories", async (c) => c.json(await discovery.categories()));
  app.get("/api/banners/active", async (c) => c.json(await discovery.activeBanner()));
}
