import type { Hono } from "hono";
import {
  adminOrdersQuerySchema,
  cancelBodySchema,
  closeProblemBodySchema,
  refundBodySchema,
  returnSettingsBodySchema,
  settingsBodySchema,
} from "../../../contracts/admin-orders.contract";
import { adminOnly } from "../../http/access";
import { jsonBody, queryParams } from "../../http/validate";
import type { AppServices } from "../../services";

/**
 * The team's orders and the marketplace settings (docs/api.md "Orders" → "Console");
 * adminOnly runs before the body is read.
 */
export function registerAdminOrderRoutes(app: Hono, { teamOrders, settings, auth }: AppServices) {
  const admin = adminOnly(auth);

  app.get("/api/admin/orders", admin, queryParams(adminOrdersQuerySchema), async (c) =>
    c.json(await teamOrders.list(c.req.valid("query"))),
  );
  app.get("/api/admin/orders/:id", admin, async (c) =>
    c.json(await teamOrders.get(c.req.param("id"))),
  );
  app.post("/api/admin/orders/:id/refund", admin, jsonBody(refundBodySchema), async (c) =>
    c.json(await teamOrders.refund(c.get("viewer"), c.req.param("id"), c.req.valid("json"))),
  );
  app.post(
    "/api/admin/orders/:id/close-problem",
    admin,
    jsonBody(closeProblemBodySchema),
    async (c) =>
      c.json(
        await teamOrders.closeProblem(c.get("viewer"), c.req.param("id"), c.req.valid("json")),
      ),
  );
  app.post("/api/admin/orders/:id/cancel", admin, jsonBody(cancelBodySchema), async (c) =>
    c.json(await teamOrders.cancel(c.get("viewer"), c.req.param("id"), c.req.valid("json"))),
  );

  app.get("/api/admin/settings", admin, async (c) => c.json(await settings.get()));
  app.put("/api/admin/settings", admin, jsonBody(settingsBodySchema), async (c) =>
    c.json(await settings.setCommission(c.get("viewer"), c.req.valid("json"))),
  );
  app.put("/api/admin/settings/returns", admin, jsonBody(returnSettingsBodySchema), async (c) =>
    c.json(await settings.setReturnWindow(c.get("viewer"), c.req.valid("json"))),
  );
}
