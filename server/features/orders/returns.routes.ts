import type { Hono } from "hono";
import {
  acceptReturnBodySchema,
  refuseReturnBodySchema,
  requestReturnBodySchema,
  returnShipmentBodySchema,
} from "../../../contracts/returns.contract";
import { salesMessages } from "../../../contracts/sales.contract";
import { checkoutMessages } from "../../../domain/checkout";
import { adminOnly, artistsOnly, signedInOnly } from "../../http/access";
import { imageBodyLimit, readImageFile } from "../../images/image-upload";
import { jsonBody } from "../../http/validate";
import type { AppServices } from "../../services";
import type { OrderActor } from "./orders.service";

/**
 * Returns (docs/api.md "Orders" → "Returns", decision 0055): the buyer's requests under
 * /api/me/purchases, the artist's answers under /api/me/sales, the team's under
 * /api/admin/orders. Each role is checked before the body is read; each service answers
 * 404 for an order that is not the viewer's own.
 */

export const returnPhotoTexts = {
  missingFile: "Please choose a photo to add (form field “image”).",
  unreadableForm: "The photo could not be read. Please send it as multipart/form-data.",
} as const;

export function registerReturnRoutes(app: Hono, { returns, auth }: AppServices) {
  const signedIn = signedInOnly(auth, {
    signInRequired: checkoutMessages.signInForPurchases,
    noStore: true,
  });
  const artists = artistsOnly(auth, {
    signInRequired: salesMessages.signInRequired,
    artistsOnly: salesMessages.artistsOnly,
    noStore: true,
  });
  const admin = adminOnly(auth);
  const buyer = (id: string): OrderActor => ({ id, role: "buyer" });
  const artist = (id: string): OrderActor => ({ id, role: "artist" });
  const team = (viewer: { id: string; email: string }): OrderActor => ({
    id: viewer.id,
    role: "team",
    audit: { id: viewer.id, email: viewer.email },
  });

  app.get("/api/return-window", async (c) => c.json(await returns.window()));

  // The buyer.
  app.post("/api/me/purchases/returns/photos", signedIn, imageBodyLimit(), async (c) => {
    const file = await readImageFile(c, "image", returnPhotoTexts);
    return c.json(await returns.addPhoto(c.get("viewer").id, file), 201);
  });
  app.get("/api/me/purchases/:orderId/return", signedIn, async (c) =>
    c.json(await returns.state(buyer(c.get("viewer").id), c.req.param("orderId"))),
  );
  app.post(
    "/api/me/purchases/:orderId/return",
    signedIn,
    jsonBody(requestReturnBodySchema),
    async (c) =>
      c.json(
        await returns.request(c.get("viewer").id, c.req.param("orderId"), c.req.valid("json")),
      ),
  );
  app.post(
    "/api/me/purchases/:orderId/return/shipment",
    signedIn,
    jsonBody(returnShipmentBodySchema),
    async (c) =>
      c.json(await returns.ship(c.get("viewer").id, c.req.param("orderId"), c.req.valid("json"))),
  );

  // The artist.
  app.get("/api/me/sales/:orderId/return", artists, async (c) =>
    c.json(await returns.state(artist(c.get("viewer").id), c.req.param("orderId"))),
  );
  app.post(
    "/api/me/sales/:orderId/return/accept",
    artists,
    jsonBody(acceptReturnBodySchema),
    async (c) =>
      c.json(
        await returns.accept(
          artist(c.get("viewer").id),
          c.req.param("orderId"),
          c.req.valid("json"),
        ),
      ),
  );
  app.post("/api/me/sales/:orderId/return/arrived", artists, async (c) =>
    c.json(await returns.arrived(artist(c.get("viewer").id), c.req.param("orderId"))),
  );

  // The team.
  app.get("/api/admin/orders/:id/return", admin, async (c) =>
    c.json(await returns.state(team(c.get("viewer")), c.req.param("id"))),
  );
  app.post(
    "/api/admin/orders/:id/return/accept",
    admin,
    jsonBody(acceptReturnBodySchema),
    async (c) =>
      c.json(await returns.accept(team(c.get("viewer")), c.req.param("id"), c.req.valid("json"))),
  );
  app.post(
    "/api/admin/orders/:id/return/refuse",
    admin,
    jsonBody(refuseReturnBodySchema),
    async (c) =>
      c.json(await returns.refuse(team(c.get("viewer")), c.req.param("id"), c.req.valid("json"))),
  );
  app.post("/api/admin/orders/:id/return/arrived", admin, async (c) =>
    c.json(await returns.arrived(team(c.get("viewer")), c.req.param("id"))),
  );
}
