import type { Hono } from "hono";
import { profileMessages as m } from "../../../domain/profile";
import { profileUpdateSchema, profileWorksQuerySchema } from "../../../contracts/profiles.contract";
import { signedInOnly } from "../../http/access";
import { jsonBody, queryParams } from "../../http/validate";
import type { AppServices } from "../../services";

/** Public profiles, the own-profile edit and the collection (SPEC §2 Profile, §6). */
export function registerProfileRoutes(app: Hono, { profiles, auth }: AppServices) {
  /** Signed in, or 401 before the body is read: the access answer comes first. */
  const signedIn = signedInOnly(auth, { signInRequired: m.signInRequired });

  app.get("/api/users/:id", async (c) => c.json(await profiles.publicProfile(c.req.param("id"))));

  app.get("/api/users/:id/artworks", queryParams(profileWorksQuerySchema), async (c) => {
    const viewer = await auth.getSessionUser(c.req.raw.headers);
    // The artist's own answer holds their hidden works: a signed-in answer is not for shared caches.
    if (viewer) c.header("Cache-Control", "private, no-store");
    return c.json(await profiles.artworks(c.req.param("id"), c.req.valid("query").tab, viewer?.id));
  });

  app.get("/api/users/:id/collection", async (c) => {
    const viewer = await auth.getSessionUser(c.req.raw.headers);
    const collection = await profiles.collection(c.req.param("id"), viewer?.id);
    c.header("Cache-Control", "private, no-store");
    return c.json(collection);
  });

  app.patch("/api/me", signedIn, jsonBody(profileUpdateSchema), async (c) => {
    const profile = await profiles.updateOwn(c.get("viewer").id, c.req.valid("json"));
    c.header("Cache-Control", "no-store");
    return c.json(profile);
  });
}
