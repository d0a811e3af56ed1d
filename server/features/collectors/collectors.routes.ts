import type { Hono } from "hono";
import { savedIdsQuerySchema } from "../../../contracts/collectors.contract";
import { signedInOnly } from "../../http/access";
import { queryParams } from "../../http/validate";
import type { AppServices } from "../../services";
import { collectorMessages } from "./collectors.service";

/**
 * `/api/me/saved` and `/api/me/following`: signed in, and always the session's
 * own lists; there is no route to anyone else's.
 */
export function registerCollectorRoutes(app: Hono, { auth, collectors }: AppServices) {
  const signedIn = signedInOnly(auth, { signInRequired: collectorMessages.signIn, noStore: true });
  const me = (c: { get(key: "viewer"): { id: string } }) => c.get("viewer").id;

  app.get("/api/me/saved", signedIn, async (c) => c.json(await collectors.saved(me(c))));
  // Before /:artworkId's PUT and DELETE; a GET of one work's id is not a route.
  app.get("/api/me/saved/ids", signedIn, queryParams(savedIdsQuerySchema), async (c) =>
    c.json({ saved: await collectors.savedAmong(me(c), c.req.valid("query").artworkIds) }),
  );
  app.put("/api/me/saved/:artworkId", signedIn, async (c) =>
    c.json(await collectors.save(me(c), c.req.param("artworkId"))),
  );
  app.delete("/api/me/saved/:artworkId", signedIn, async (c) =>
    c.json(await collectors.unsave(me(c), c.req.param("artworkId"))),
  );

  app.get("/api/me/following", signedIn, async (c) => c.json(await collectors.following(me(c))));
  app.put("/api/me/following/:artistId", signedIn, async (c) =>
    c.json(await collectors.follow(me(c), c.req.param("artistId"))),
  );
  app.delete("/api/me/following/:artistId", signedIn, async (c) =>
    c.json(await collectors.unfollow(me(c), c.req.param("artistId"))),
  );
}
