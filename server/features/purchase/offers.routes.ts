import type { Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import {
  acceptOfferBodySchema,
  claimOfferBodySchema,
  confirmOfferBodySchema,
  counterOfferBodySchema,
  declineOfferBodySchema,
  makeOfferBodySchema,
  myOffersQuerySchema,
  offerPaymentBodySchema,
  offerQuoteBodySchema,
  withdrawOfferBodySchema,
} from "../../../contracts/offers.contract";
import { signedInOnly } from "../../http/access";
import { clientIp } from "../../http/client-ip";
import { jsonBody, queryParams } from "../../http/validate";
import type { AppServices } from "../../services";
import type { OfferAccess } from "./offers.service";

/**
 * Offers (docs/api.md "Offers", decision 0030). Every `/api/offers/:id` route first
 * settles who is asking — the buyer (signed in, or by the key in their link), the artist,
 * or the team — and answers 404 to anyone else, before a byte of the body is read.
 */
export function registerOfferRoutes(app: Hono, { auth, offers }: AppServices) {
  type Vars = { Variables: { access: OfferAccess } };
  const party = createMiddleware<Vars>(async (c, next) => {
    c.header("Cache-Control", "private, no-store");
    const access: OfferAccess = {
      viewer: await auth.getSessionUser(c.req.raw.headers),
      key: c.req.header("x-offer-key") ?? c.req.query("key") ?? undefined,
    };
    await offers.access(c.req.param("id") ?? "", access);
    c.set("access", access);
    await next();
  });
  const id = (c: Context) => c.req.param("id") ?? "";

  app.post("/api/offers/quote", jsonBody(offerQuoteBodySchema), async (c) => {
    const viewer = await auth.getSessionUser(c.req.raw.headers);
    return c.json(await offers.quote(c.req.valid("json"), viewer));
  });

  app.post("/api/offers", jsonBody(makeOfferBodySchema), async (c) => {
    const viewer = await auth.getSessionUser(c.req.raw.headers);
    c.header("Cache-Control", "no-store");
    return c.json(await offers.make(c.req.valid("json"), viewer, clientIp(c)), 201);
  });

  app.get("/api/offers/:id", party, async (c) => c.json(await offers.get(id(c), c.get("access"))));

  app.post("/api/offers/:id/confirm", party, jsonBody(confirmOfferBodySchema), async (c) =>
    c.json(await offers.confirm(id(c), c.get("access"))),
  );

  // Not behind `party`: the link's key is the proof, for an owner who may not be signed in.
  app.post("/api/offers/:id/claim", jsonBody(claimOfferBodySchema), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await offers.claim(id(c), c.req.valid("json")));
  });

  app.post("/api/offers/:id/payments", party, jsonBody(offerPaymentBodySchema), async (c) =>
    c.json(await offers.authorize(id(c), c.get("access"), c.req.valid("json"), clientIp(c)), 201),
  );

  app.post("/api/offers/:id/accept", party, jsonBody(acceptOfferBodySchema), async (c) =>
    c.json(await offers.accept(id(c), c.get("access"), c.req.valid("json"))),
  );

  app.post("/api/offers/:id/counter", party, jsonBody(counterOfferBodySchema), async (c) =>
    c.json(await offers.counter(id(c), c.get("access"), c.req.valid("json"))),
  );

  app.post("/api/offers/:id/decline", party, jsonBody(declineOfferBodySchema), async (c) =>
    c.json(await offers.decline(id(c), c.get("access"), c.req.valid("json"))),
  );

  app.post("/api/offers/:id/withdraw", party, jsonBody(withdrawOfferBodySchema), async (c) =>
    c.json(await offers.withdraw(id(c), c.get("access"))),
  );

  const signedIn = signedInOnly(auth, {
    signInRequired: "Please sign in to see your offers.",
    noStore: true,
  });
  app.get("/api/me/offers", signedIn, queryParams(myOffersQuerySchema), async (c) =>
    c.json(await offers.listMine(c.get("viewer").id, c.req.valid("query").role)),
  );
}
