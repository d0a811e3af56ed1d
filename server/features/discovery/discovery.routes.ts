import type { Hono } from "hono";
import { artistWorksQuerySchema } from "../../../contracts/artists.contract";
import { queryParams } from "../../http/validate";
import type { AppServices } from "../../services";

/** The artwork, artist and exhibition reads (docs/api.md "Artworks", "Artists", "Exhibitions"). */
export function registerDiscoveryRoutes(app: Hono, { discovery, auth }: AppServices) {
  app.get("/api/artworks/:id", async (c) => {
    const viewer = await auth.getSessionUser(c.req.raw.headers);
    // The owner is shown to some viewers only: a signed-in answer is not for shared caches.
    if (viewer) c.header("Cache-Control", "private, no-store");
    return c.json(await discovery.artwork(c.req.param("id"), viewer));
  });
  app.get("/api/artworks/:id/related", async (c) => {
    const viewer = await auth.getSessionUser(c.req.raw.headers);
    // The same rule as the work's own read: a work the team hid is 404 except to its artist.
    if (viewer) c.header("Cache-Control", "private, no-store");
    return c.json(await discovery.relatedToArtwork(c.req.param("id"), viewer));
  });
  app.get("/api/artists/:id", async (c) => c.json(await discovery.artist(c.req.param("id"))));
  app.get("/api/artists/:id/artworks", queryParams(artistWorksQuerySchema), async (c) => {
    return c.json(await discovery.artistArtworks(c.req.param("id"), c.req.valid("query").tab));
  });
  app.get("/api/exhibitions", async (c) => c.json(await discovery.exhibitions()));
  app.get("/api/exhibitions/:id", async (c) =>
    c.json(await discovery.exhibition(c.req.param("id"))),
  );
}
