import type { Hono } from "hono";
import { profileMessages as m, profileTabSchema } from "../../../domain/profile";
import { AppError } from "../../errors";
import { jsonObject } from "../../http/json-body";
import type { AppServices } from "../../services";
import {
  getCollection,
  getProfileArtworks,
  getPublicProfile,
  updateOwnProfile,
} from "./profiles.service";

/** Public profiles, the own-profile edit and the collection (SPEC §2 Profile, §6). */
export function registerProfileRoutes(app: Hono, { db, auth }: AppServices) {
  app.get("/api/users/:id", async (c) => c.json(await getPublicProfile(db, c.req.param("id"))));

  app.get("/api/users/:id/artworks", async (c) => {
    const tab = profileTabSchema.parse(c.req.query("tab") ?? "all");
    return c.json(await getProfileArtworks(db, c.req.param("id"), tab));
  });

  app.get("/api/users/:id/collection", async (c) => {
    const viewer = await auth.getSessionUser(c.req.raw.headers);
    const collection = await getCollection(db, c.req.param("id"), viewer?.id);
    c.header("Cache-Control", "private, no-store");
    return c.json(collection);
  });

  app.patch("/api/me", async (c) => {
    const viewer = await auth.getSessionUser(c.req.raw.headers);
    if (!viewer) throw new AppError("UNAUTHENTICATED", 401, m.signInRequired);
    const profile = await updateOwnProfile(db, viewer.id, await jsonObject(c));
    c.header("Cache-Control", "no-store");
    return c.json(profile);
  });
}
