import type { Hono } from "hono";
import {
  applicationsQuerySchema,
  declineApplicationSchema,
  requestInfoSchema,
} from "../../../contracts/admin-applications.contract";
import {
  artistApplicationBodySchema,
  artistApplicationMessages,
} from "../../../contracts/applications.contract";
import { adminOnly, signedInOnly } from "../../http/access";
import { imageBodyLimit, readImageFile } from "../../images/image-upload";
import { applicationImageMessages as im } from "./application-images.service";
import { jsonBody, queryParams } from "../../http/validate";
import type { AppServices } from "../../services";

/** Artist applications: the console's queue and answers, and the applicant's own side. */
export function registerApplicationRoutes(app: Hono, { applications, auth }: AppServices) {
  const admin = adminOnly(auth);

  app.get("/api/admin/applications", admin, queryParams(applicationsQuerySchema), async (c) =>
    c.json(await applications.list(c.req.valid("query"))),
  );

  app.post("/api/admin/applications/:userId/approve", admin, async (c) =>
    c.json(await applications.decide(c.get("viewer"), c.req.param("userId"), { kind: "approve" })),
  );

  app.post(
    "/api/admin/applications/:userId/decline",
    admin,
    jsonBody(declineApplicationSchema),
    async (c) =>
      c.json(
        await applications.decide(c.get("viewer"), c.req.param("userId"), {
          kind: "decline",
          reason: c.req.valid("json").reason,
        }),
      ),
  );

  app.post(
    "/api/admin/applications/:userId/request-info",
    admin,
    jsonBody(requestInfoSchema),
    async (c) =>
      c.json(
        await applications.decide(c.get("viewer"), c.req.param("userId"), {
          kind: "request_info",
          message: c.req.valid("json").message,
        }),
      ),
  );

  const signedIn = signedInOnly(auth, {
    signInRequired: artistApplicationMessages.signInRequired,
    noStore: true,
  });

  app.get("/api/me/artist-application", signedIn, async (c) =>
    c.json(await applications.own(c.get("viewer"))),
  );

  app.post(
    "/api/me/artist-application",
    signedIn,
    jsonBody(artistApplicationBodySchema),
    async (c) => c.json(await applications.apply(c.get("viewer").id, c.req.valid("json"))),
  );

  /** Pictures of the applicant's own work: 401 before a byte of the body is read. */
  const signedInForImages = signedInOnly(auth, {
    signInRequired: im.signInRequired,
    noStore: true,
  });

  app.get("/api/me/artist-application/images", signedInForImages, async (c) =>
    c.json({ images: await applications.images(c.get("viewer").id) }),
  );

  app.post("/api/me/artist-application/images", signedInForImages, imageBodyLimit(), async (c) => {
    const file = await readImageFile(c, "image", im);
    return c.json(await applications.attachImage(c.get("viewer"), file), 201);
  });

  app.delete("/api/me/artist-application/images/:id", signedInForImages, async (c) =>
    c.json(await applications.removeImage(c.get("viewer").id, c.req.param("id"))),
  );
}
