import type { Hono } from "hono";
import {
  hideReviewBodySchema,
  replyBodySchema,
  reviewBodySchema,
  reviewReportBodySchema,
} from "../../../contracts/reviews.contract";
import { reviewTexts as rt } from "../../../domain/reviews";
import { adminOnly, signedInOnly } from "../../http/access";
import { jsonBody } from "../../http/validate";
import type { AppServices } from "../../services";

/**
 * Reviews (docs/api.md "Reviews", decision 0056): the profile's list for anyone; the
 * buyer's review of their order, the artist's reply and reports for the signed-in; the
 * console's reported reviews for admins (adminOnly before the body is read).
 */
export function registerReviewRoutes(app: Hono, { auth, reviews }: AppServices) {
  const signedIn = signedInOnly(auth, { signInRequired: rt.signIn, noStore: true });
  const admin = adminOnly(auth);
  const me = (c: { get(key: "viewer"): { id: string } }) => c.get("viewer").id;

  app.get("/api/artists/:id/reviews", async (c) =>
    c.json(await reviews.ofArtist(c.req.param("id"))),
  );

  app.get("/api/me/purchases/:orderId/review", signedIn, async (c) =>
    c.json(await reviews.ofOrder(me(c), c.req.param("orderId"))),
  );
  app.post("/api/me/purchases/:orderId/review", signedIn, jsonBody(reviewBodySchema), async (c) =>
    c.json(await reviews.write(me(c), c.req.param("orderId"), c.req.valid("json")), 201),
  );
  app.patch("/api/me/purchases/:orderId/review", signedIn, jsonBody(reviewBodySchema), async (c) =>
    c.json(await reviews.edit(me(c), c.req.param("orderId"), c.req.valid("json"))),
  );

  app.get("/api/me/reviews", signedIn, async (c) => c.json(await reviews.own(me(c))));
  app.post("/api/me/reviews/:reviewId/reply", signedIn, jsonBody(replyBodySchema), async (c) =>
    c.json(await reviews.reply(me(c), c.req.param("reviewId"), c.req.valid("json")), 201),
  );
  app.post("/api/reviews/:reviewId/report", signedIn, jsonBody(reviewReportBodySchema), async (c) =>
    c.json(await reviews.report(me(c), c.req.param("reviewId"), c.req.valid("json")), 201),
  );

  app.get("/api/admin/reviews", admin, async (c) => c.json(await reviews.reported()));
  app.post("/api/admin/reviews/:id/hide", admin, jsonBody(hideReviewBodySchema), async (c) =>
    c.json(await reviews.hide(c.get("viewer"), c.req.param("id"), c.req.valid("json"))),
  );
  app.post("/api/admin/reviews/:id/dismiss", admin, async (c) =>
    c.json(await reviews.dismiss(c.get("viewer"), c.req.param("id"))),
  );
}
