import type { Hono } from "hono";
import type { AppServices } from "../../services";
import { searchQuerySchema } from "./search.schema";
import { search } from "./search.service";

export function registerSearchRoutes(app: Hono, { db }: AppServices) {
  app.get("/api/artworks/search", async (c) => {
    const query = searchQuerySchema.parse(c.req.query());
    return c.json(await search(db, query));
  });
}
