import type { Hono } from "hono";
import { payoutsMessages as m } from "../../../contracts/payouts.contract";
import { adminOnly, artistsOnly } from "../../http/access";
import type { AppServices } from "../../services";

/** Paying artists (docs/api.md "Orders" → "Payouts"): the console and the artist's list. */
export function registerPayoutRunRoutes(app: Hono, { payouts, auth }: AppServices) {
  const admin = adminOnly(auth);
  app.get("/api/admin/payouts", admin, async (c) => c.json(await payouts.overview()));
  // No body: the run pays what the ledger says is payable, nothing the request could name.
  app.post("/api/admin/payouts/run", admin, async (c) =>
    c.json(await payouts.runNow(c.get("viewer"))),
  );

  const artists = artistsOnly(auth, {
    signInRequired: m.signInRequired,
    artistsOnly: m.artistsOnly,
    noStore: true,
  });
  app.get("/api/me/payouts/history", artists, async (c) =>
    c.json(await payouts.history(c.get("viewer"))),
  );
}
