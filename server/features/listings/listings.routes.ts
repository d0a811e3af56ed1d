import type { Context, Hono } from "hono";
import { readJson } from "../../http/json-body";
import type { AppServices } from "../../services";
import { notifyTeamOfListing } from "./listing-mail";
import { createListing, deleteListing, updateListing } from "./listings.service";

/** The owner-artist's listing writes (SPEC §4 listing flow, §6, §7 writes). */
export function registerListingRoutes(app: Hono, services: AppServices) {
  const { db, storage, logger, auth, outbox, config } = services;
  const deps = {
    db,
    storage,
    logger,
    onCreated: (artwork: Parameters<typeof notifyTeamOfListing>[1]) =>
      notifyTeamOfListing(
        {
          db,
          logger,
          kickOutbox: () => outbox.kick(),
          teamEmail: config.teamEmail,
          publicUrl: config.publicUrl,
        },
        artwork,
      ),
  };
  const viewerOf = (c: Context) => auth.getSessionUser(c.req.raw.headers);

  app.post("/api/artworks", async (c) => {
    const artwork = await createListing(deps, await viewerOf(c), await readJson(c));
    c.header("Cache-Control", "no-store");
    return c.json(artwork, 201);
  });

  app.patch("/api/artworks/:id", async (c) => {
    const artwork = await updateListing(
      deps,
      await viewerOf(c),
      c.req.param("id"),
      await readJson(c),
    );
    c.header("Cache-Control", "no-store");
    return c.json(artwork);
  });

  app.delete("/api/artworks/:id", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await deleteListing(deps, await viewerOf(c), c.req.param("id")));
  });
}
