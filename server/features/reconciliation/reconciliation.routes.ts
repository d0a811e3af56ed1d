import type { Hono } from "hono";
import { reconciliationQuerySchema } from "../../../contracts/admin-reconciliation.contract";
import { adminOnly } from "../../http/access";
import { queryParams } from "../../http/validate";
import type { AppServices } from "../../services";

/** The console's reconciliation: read-only; the providers are asked, nothing is written. */
export function registerReconciliationRoutes(app: Hono, { reconciliation, auth }: AppServices) {
  app.get(
    "/api/admin/reconciliation",
    adminOnly(auth),
    queryParams(reconciliationQuerySchema),
    async (c) => c.json(await reconciliation.run(c.req.valid("query"))),
  );
}
