import type { Context, Hono } from "hono";
import {
  alertMessages,
  createAlertBodySchema,
  mailPreferencesBodySchema,
  updateAlertBodySchema,
} from "../../../contracts/alerts.contract";
import { signedInOnly } from "../../http/access";
import { jsonBody } from "../../http/validate";
import type { AppServices } from "../../services";

/**
 * `/api/me/alerts`, `/api/me/mail-preferences` (signed in, always the session's own) and
 * `POST /api/unsubscribe` (RFC 8058 one-click: no session, the signed token is the
 * authority). docs/api.md "Alerts and e-mail preferences".
 */
export function registerAlertRoutes(app: Hono, { auth, alerts }: AppServices) {
  const signedIn = signedInOnly(auth, { signInRequired: alertMessages.signIn, noStore: true });
  const me = (c: { get(key: "viewer"): { id: string } }) => c.get("viewer").id;
  const id = (c: Context) => c.req.param("id") ?? "";

  app.get("/api/me/alerts", signedIn, async (c) => c.json(await alerts.list(me(c))));
  app.post("/api/me/alerts", signedIn, jsonBody(createAlertBodySchema), async (c) =>
    c.json(await alerts.create(me(c), c.req.valid("json")), 201),
  );
  app.patch("/api/me/alerts/:id", signedIn, jsonBody(updateAlertBodySchema), async (c) =>
    c.json(await alerts.update(me(c), id(c), c.req.valid("json"))),
  );
  app.delete("/api/me/alerts/:id", signedIn, async (c) =>
    c.json(await alerts.remove(me(c), id(c))),
  );

  app.get("/api/me/mail-preferences", signedIn, async (c) =>
    c.json(await alerts.preferences(me(c))),
  );
  app.put("/api/me/mail-preferences", signedIn, jsonBody(mailPreferencesBodySchema), async (c) =>
    c.json(await alerts.setPreferences(me(c), c.req.valid("json"))),
  );

  // The mail client's one-click POST (body `List-Unsubscribe=One-Click`, form-encoded): the
  // body carries nothing we need, so it is not read; the token in the query is all.
  app.post("/api/unsubscribe", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await alerts.unsubscribe(c.req.query("token") ?? ""));
  });
  // A client that only opens the header's address (RFC 2369, before one-click) lands on the
  // page that asks first: a GET changes nothing, as link scanners open addresses too.
  app.get("/api/unsubscribe", (c) => {
    c.header("Cache-Control", "no-store");
    return c.redirect(`/unsubscribe?token=${encodeURIComponent(c.req.query("token") ?? "")}`, 303);
  });
}
