import type { Hono } from "hono";
import {
  cannotFulfilBodySchema,
  salesMessages as m,
  salesQuerySchema,
  shipBodySchema,
} from "../../../contracts/sales.contract";
import { artistsOnly } from "../../http/access";
import { jsonBody, queryParams } from "../../http/validate";
import type { AppServices } from "../../services";

/**
 * The artist's sales (docs/api.md "Orders" → "Artist's sales"): artists only,
 * checked before the body is read; their own orders only (the service answers 404 for
 * anyone else's).
 */
export function registerSalesRoutes(app: Hono, { sales, auth }: AppServices) {
  const artists = artistsOnly(auth, {
    signInRequired: m.signInRequired,
    artistsOnly: m.artistsOnly,
    noStore: true,
  });

  app.get("/api/me/sales", artists, queryParams(salesQuerySchema), async (c) =>
    c.json(await sales.list(c.get("viewer").id, c.req.valid("query"))),
  );
  app.get("/api/me/sales/summary", artists, async (c) =>
    c.json(await sales.summary(c.get("viewer").id)),
  );
  app.get("/api/me/sales.csv", artists, async (c) => {
    const file = await sales.csv(c.get("viewer").id);
    // A byte-order mark, so that spreadsheets read the names as UTF-8.
    return c.body(`\uFEFF${file.body}`, 200, {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
    });
  });
  app.post("/api/me/sales/:orderId/ship", artists, jsonBody(shipBodySchema), async (c) =>
    c.json(await sales.ship(c.get("viewer").id, c.req.param("orderId"), c.req.valid("json"))),
  );
  app.post(
    "/api/me/sales/:orderId/cannot-fulfil",
    artists,
    jsonBody(cannotFulfilBodySchema),
    async (c) =>
      c.json(
        await sales.cannotFulfil(c.get("viewer").id, c.req.param("orderId"), c.req.valid("json")),
      ),
  );
  app.post("/api/me/sales/:orderId/relist", artists, async (c) =>
    c.json(await sales.relist(c.get("viewer").id, c.req.param("orderId"))),
  );
}
