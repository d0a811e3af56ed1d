import type { Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { listingBodySchema, listingPatchSchema } from "../../../contracts/artworks.contract";
import { artistsOnly } from "../../http/access";
import { jsonBody, textCheckedJson } from "../../http/validate";
import type { AppServices } from "../../services";
import { type ListingViewer, listingApiMessages as m } from "./listings.service";

/** The owner-artist's listing writes (SPEC §4 listing flow, §6, §7 writes). */
export function registerListingRoutes(app: Hono, { listings, auth }: AppServices) {
  type Access = { Variables: { viewer: ListingViewer } };
  const viewerOf = (c: Context) => auth.getSessionUser(c.req.raw.headers);

  /** 401 or 403 before the body is judged: even a body that breaks every rule gets this first. */
  const artistOnly = artistsOnly(auth, {
    signInRequired: m.signInRequired,
    artistsOnly: m.artistsOnly,
  });

  /** 401, 404 or 403 before the body is judged: ownership wins over a broken body. */
  const ownerOnly = createMiddleware<Access>(async (c, next) => {
    const viewer = await viewerOf(c);
    await listings.requireOwn(viewer, c.req.param("id") ?? "");
    c.set("viewer", viewer);
    await next();
  });

  app.post("/api/artworks", textCheckedJson, artistOnly, jsonBody(listingBodySchema), async (c) => {
    const artwork = await listings.create(c.get("viewer"), c.req.valid("json"));
    c.header("Cache-Control", "no-store");
    return c.json(artwork, 201);
  });

  app.patch(
    "/api/artworks/:id",
    textCheckedJson,
    ownerOnly,
    jsonBody(listingPatchSchema),
    async (c) => {
      const artwork = await listings.update(
        c.get("viewer"),
        c.req.param("id"),
        c.req.valid("json"),
      );
      c.header("Cache-Control", "no-store");
      return c.json(artwork);
    },
  );

  app.delete("/api/artworks/:id", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listings.remove(await viewerOf(c), c.req.param("id")));
  });
}
