import type { Hono } from "hono";
import { sitePageEditSchema } from "../../../contracts/site-pages.contract";
import { adminOnly } from "../../http/access";
import { jsonBody } from "../../http/validate";
import type { AppServices } from "../../services";

/** The site's own pages (docs/api.md "Site pages"): read by anyone, written by admins. */
export function registerSitePageRoutes(app: Hono, { sitePages, auth }: AppServices) {
  const admin = adminOnly(auth);
  app.get("/api/pages/:slug", async (c) => c.json(await sitePages.get(c.req.param("slug"))));
  app.get("/api/admin/pages", admin, async (c) => c.json(await sitePages.list()));
  app.get("/api/admin/pages/:slug", admin, async (c) =>
    c.json(await sitePages.getForAdmin(c.req.param("slug"))),
  );
  app.put("/api/admin/pages/:slug", admin, jsonBody(sitePageEditSchema), async (c) =>
    c.json(await sitePages.edit(c.get("viewer"), c.req.param("slug"), c.req.valid("json"))),
  );
}
