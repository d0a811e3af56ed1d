import type { Hono } from "hono";
import { auditQuerySchema } from "../../../contracts/admin.contract";
import { adminOnly } from "../../http/access";
import { queryParams } from "../../http/validate";
import type { AppServices } from "../../services";

/** The console's audit log: read-only; no route changes or removes a row (decision 0027). */
export function registerAuditRoutes(app: Hono, { audit, auth }: AppServices) {
  app.get("/api/admin/audit", adminOnly(auth), queryParams(auditQuerySchema), async (c) =>
    c.json(await audit.list(c.req.valid("query"))),
  );
}
