import type { Hono } from "hono";
import { changePasswordBodySchema } from "../../../contracts/auth.contract";
import { signedInOnly } from "../../http/access";
import { jsonBody } from "../../http/validate";
import { meta } from "./auth.routes";
import { passwordMessages } from "./password.service";
import type { AppServices } from "../../services";
import { deviceMessages } from "./devices.service";

/** `/api/me/sessions`: the signed-in person's own devices; there is no route to anyone else's. */
export function registerDeviceRoutes(app: Hono, { auth, devices }: AppServices) {
  const signedIn = signedInOnly(auth, { signInRequired: deviceMessages.signIn, noStore: true });
  const signedInForPassword = signedInOnly(auth, {
    signInRequired: passwordMessages.signIn,
    noStore: true,
  });

  /** Changes the password; every other device is signed out, this one gets a new cookie. */
  app.post(
    "/api/me/password",
    signedInForPassword,
    jsonBody(changePasswordBodySchema),
    async (c) => {
      const setCookies = await devices.changePassword(
        c.get("viewer").id,
        c.req.valid("json"),
        meta(c),
      );
      const response = c.json({ changed: true });
      for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
      return response;
    },
  );

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
