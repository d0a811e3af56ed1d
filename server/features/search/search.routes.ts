import type { Hono } from "hono";
import { searchQuerySchema } from "../../../contracts/search.contract";
import { queryParams } from "../../http/validate";
import type { AppServices } from "../../services";

export function registerSearchRoutes(app: Hono, { discovery }: AppServices) {
  app.get("/api/artworks/search", queryParams(searchQuerySchema), async (c) => {
    return c.json(await discovery.search(c.req.valid("query")));
  });
}
