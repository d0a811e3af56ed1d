import type { Hono } from "hono";
import { signedInOnly } from "../../http/access";
import type { AppServices } from "../../services";
import { deviceMessages } from "./devices.service";

/** `/api/me/sessions`: the signed-in person's own devices; there is no route to anyone else's. */
export function registerDeviceRoutes(app: Hono, { auth, devices }: AppServices) {
  const signedIn = signedInOnly(auth, { signInRequired: deviceMessages.signIn, noStore: true });

  app.get("/api/me/sessions", signedIn, async (c) =>
    c.json({ devices: await devices.list(c.req.raw.headers) }),
  );
  app.delete("/api/me/sessions", signedIn, async (c) =>
    c.json(await devices.signOutOthers(c.req.raw.headers)),
  );
  app.delete("/api/me/sessions/:id", signedIn, async (c) =>
    c.json(await devices.signOut(c.req.raw.headers, c.req.param("id"))),
  );
}
