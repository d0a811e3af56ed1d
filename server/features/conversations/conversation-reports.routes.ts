import type { Hono } from "hono";
import { reportSuspendBodySchema } from "../../../contracts/admin-reports.contract";
import { adminOnly } from "../../http/access";
import { jsonBody } from "../../http/validate";
import type { AppServices } from "../../services";

/**
 * The console's reported conversations (decisions 0027, 0053); adminOnly runs before the
 * body is read. A conversation nobody reported is 404 here, to admins too.
 */
export function registerConversationReportRoutes(app: Hono, { reports, auth }: AppServices) {
  const admin = adminOnly(auth);

  app.get("/api/admin/reports", admin, async (c) => c.json(await reports.queue()));
  app.get("/api/admin/conversations/:id", admin, async (c) =>
    c.json(await reports.conversation(c.get("viewer"), c.req.param("id"))),
  );
  app.post("/api/admin/reports/:id/dismiss", admin, async (c) =>
    c.json(await reports.dismiss(c.get("viewer"), c.req.param("id"))),
  );
  app.post("/api/admin/reports/:id/warn", admin, async (c) =>
    c.json(await reports.warn(c.get("viewer"), c.req.param("id"))),
  );
  app.post("/api/admin/reports/:id/suspend", admin, jsonBody(reportSuspendBodySchema), async (c) =>
    c.json(await reports.suspend(c.get("viewer"), c.req.param("id"), c.req.valid("json"))),
  );
}
