import type { Hono } from "hono";
import {
  decideAppealBodySchema,
  decideListingBodySchema,
} from "../../../contracts/admin-listing-reports.contract";
import {
  appealBodySchema,
  reportListingBodySchema,
} from "../../../contracts/listing-reports.contract";
import { adminOnly, signedInOnly } from "../../http/access";
import { clientIp } from "../../http/client-ip";
import { jsonBody } from "../../http/validate";
import type { AppServices } from "../../services";

const SIGN_IN_REQUIRED = "Please sign in to see your listings' decisions.";

/**
 * Reporting a listing (anyone, with an e-mail address), the artist's take-downs and
 * appeal, and the console's reported listings (decision 0059). adminOnly runs before
 * the body is read.
 */
export function registerListingReportRoutes(app: Hono, { listingReports, auth }: AppServices) {
  const admin = adminOnly(auth);
  const signedIn = signedInOnly(auth, { signInRequired: SIGN_IN_REQUIRED, noStore: true });

  app.post("/api/artworks/:id/reports", jsonBody(reportListingBodySchema), async (c) => {
    const viewer = await auth.getSessionUser(c.req.raw.headers);
    c.header("Cache-Control", "no-store");
    const answer = await listingReports.report(
      viewer,
      c.req.param("id"),
      c.req.valid("json"),
      clientIp(c),
    );
    return c.json(answer, 201);
  });
  app.get("/api/me/takedowns", signedIn, async (c) =>
    c.json(await listingReports.takedowns(c.get("viewer"))),
  );
  app.post("/api/me/takedowns/:id/appeal", signedIn, jsonBody(appealBodySchema), async (c) =>
    c.json(await listingReports.appeal(c.get("viewer"), c.req.param("id"), c.req.valid("json"))),
  );

  app.get("/api/admin/listing-reports", admin, async (c) => c.json(await listingReports.queue()));
  app.get("/api/admin/listing-reports/:id", admin, async (c) =>
    c.json(await listingReports.listing(c.req.param("id"))),
  );
  app.post(
    "/api/admin/listing-reports/:id/decide",
    admin,
    jsonBody(decideListingBodySchema),
    async (c) =>
      c.json(await listingReports.decide(c.get("viewer"), c.req.param("id"), c.req.valid("json"))),
  );
  app.post(
    "/api/admin/listing-decisions/:id/appeal",
    admin,
    jsonBody(decideAppealBodySchema),
    async (c) =>
      c.json(
        await listingReports.decideAppeal(c.get("viewer"), c.req.param("id"), c.req.valid("json")),
      ),
  );
}
