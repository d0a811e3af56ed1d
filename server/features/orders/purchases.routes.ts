import type { Hono } from "hono";
import { reportProblemBodySchema } from "../../../contracts/purchases.contract";
import { checkoutMessages } from "../../../domain/checkout";
import { signedInOnly } from "../../http/access";
import { jsonBody } from "../../http/validate";
import type { AppServices } from "../../services";

/**
 * The buyer's orders (docs/api.md "Orders" → "Buyer's orders"): signed in, then the
 * service answers 404 for any order that is not the viewer's own.
 */
export function registerPurchaseRoutes(app: Hono, { auth, purchases }: AppServices) {
  const signedIn = signedInOnly(auth, {
    signInRequired: checkoutMessages.signInForPurchases,
    noStore: true,
  });

  app.get("/api/me/purchases/:orderId", signedIn, async (c) =>
    c.json(await purchases.get(c.get("viewer").id, c.req.param("orderId"))),
  );

  app.post("/api/me/purchases/:orderId/confirm-receipt", signedIn, async (c) =>
    c.json(await purchases.confirmReceipt(c.get("viewer").id, c.req.param("orderId"))),
  );

  app.post(
    "/api/me/purchases/:orderId/report-problem",
    signedIn,
    jsonBody(reportProblemBodySchema),
    async (c) =>
      c.json(
        await purchases.reportProblem(
          c.get("viewer").id,
          c.req.param("orderId"),
          c.req.valid("json"),
        ),
      ),
  );
}
