import type { Hono } from "hono";
import type { AppServices } from "../../services";
import { findActiveBanner, listCategories, listCities } from "./catalog.repository";

export function registerCatalogRoutes(app: Hono, { db }: AppServices) {
  app.get("/api/cities", async (c) => c.json(await listCities(db)));
  app.get("/api/categories", async (c) => c.json(await listCategories(db)));
  app.get("/api/banners/active", async (c) => c.json(await findActiveBanner(db)));
}
