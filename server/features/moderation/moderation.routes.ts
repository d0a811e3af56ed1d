import type { Hono } from "hono";
import {
  adminArtworksQuerySchema,
  curationBodySchema,
  hideBodySchema,
} from "../../../contracts/admin-artworks.contract";
import { peopleQuerySchema, suspendBodySchema } from "../../../contracts/admin-people.contract";
import { adminOnly } from "../../http/access";
import { jsonBody, queryParams } from "../../http/validate";
import type { AppServices } from "../../services";

/** The console's People and Artworks areas (decision 0027); adminOnly runs before the body is read. */
export function registerModerationRoutes(app: Hono, { moderation, auth }: AppServices) {
  const admin = adminOnly(auth);

  app.get("/api/admin/people", admin, queryParams(peopleQuerySchema), async (c) =>
    c.json(await moderation.people(c.req.valid("query"))),
  );
  app.post("/api/admin/people/:id/suspend", admin, jsonBody(suspendBodySchema), async (c) =>
    c.json(await moderation.suspend(c.get("viewer"), c.req.param("id"), c.req.valid("json"))),
  );
  app.post("/api/admin/people/:id/reinstate", admin, async (c) =>
    c.json(await moderation.reinstate(c.get("viewer"), c.req.param("id"))),
  );
  app.post("/api/admin/people/:id/make-admin", admin, async (c) =>
    c.json(await moderation.makeAdmin(c.get("viewer"), c.req.param("id"))),
  );
  app.post("/api/admin/people/:id/revoke-admin", admin, async (c) =>
    c.json(await moderation.revokeAdmin(c.get("viewer"), c.req.param("id"))),
  );

  app.get("/api/admin/artworks", admin, queryParams(adminArtworksQuerySchema), async (c) =>
    c.json(await moderation.artworks(c.req.valid("query"))),
  );
  app.post("/api/admin/artworks/:id/hide", admin, jsonBody(hideBodySchema), async (c) =>
    c.json(await moderation.hide(c.get("viewer"), c.req.param("id"), c.req.valid("json"))),
  );
  app.post("/api/admin/artworks/:id/unhide", admin, async (c) =>
    c.json(await moderation.unhide(c.get("viewer"), c.req.param("id"))),
  );
  app.patch("/api/admin/artworks/:id/curation", admin, jsonBody(curationBodySchema), async (c) =>
    c.json(await moderation.curation(c.get("viewer"), c.req.param("id"), c.req.valid("json"))),
  );
}
