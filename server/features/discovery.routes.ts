import type { Hono } from "hono";
import type { AppServices } from "../services";
import {
  artistTabSchema,
  getActiveExhibitions,
  getArtist,
  getArtistArtworks,
  getArtwork,
  getExhibition,
} from "./discovery.service";

export function registerDiscoveryRoutes(app: Hono, { db, auth }: AppServices) {
  app.get("/api/artworks/:id", async (c) => {
    const viewer = await auth.getSessionUser(c.req.raw.headers);
    // The owner is shown to some viewers only: a signed-in answer is not for shared caches.
    if (viewer) c.header("Cache-Control", "private, no-store");
    return c.json(await getArtwork(db, c.req.param("id"), viewer));
  });
  app.get("/api/artists/:id", async (c) => c.json(await getArtist(db, c.req.param("id"))));
  app.get("/api/artists/:id/artworks", async (c) => {
    const tab = artistTabSchema.parse(c.req.query("tab") ?? "all");
    return c.json(await getArtistArtworks(db, c.req.param("id"), tab));
  });
  app.get("/api/exhibitions", async (c) => c.json(await getActiveExhibitions(db)));
  app.get("/api/exhibitions/:id", async (c) => c.json(await getExhibition(db, c.req.param("id"))));
}
