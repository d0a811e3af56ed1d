import type { Hono } from "hono";
import {
  completeBodySchema,
  paymentBodySchema,
  quoteBodySchema,
  simulatedConfirmBodySchema,
} from "../../../contracts/checkout.contract";
import { checkoutMessages } from "../../../domain/checkout";
import { signedInOnly } from "../../http/access";
import { clientIp } from "../../http/client-ip";
import { jsonBody } from "../../http/validate";
import type { AppServices } from "../../services";

/** Checkout (SPEC §4 purchase flow, §7 createPaymentIntentV2 / purchaseArtworkV2). */
export function registerCheckoutRoutes(app: Hono, { auth, checkout }: AppServices) {
  app.get("/api/checkout/config", (c) => c.json(checkout.config()));

  app.post("/api/checkout/quote", jsonBody(quoteBodySchema), async (c) => {
    const viewer = await auth.getSessionUser(c.req.raw.headers);
    return c.json(await checkout.quote(c.req.valid("json"), viewer));
  });

  app.post("/api/checkout/payments", jsonBody(paymentBodySchema), async (c) => {
    const viewer = await auth.getSessionUser(c.req.raw.headers);
    c.header("Cache-Control", "no-store");
    return c.json(await checkout.startPayment(c.req.valid("json"), viewer, clientIp(c)), 201);
  });

  app.post("/api/checkout/simulated/confirm", jsonBody(simulatedConfirmBodySchema), async (c) => {
    return c.json(await checkout.confirmSimulated(c.req.valid("json")));
  });

  app.post("/api/checkout/complete", jsonBody(completeBodySchema), async (c) => {
    const { paymentId, clientSecret } = c.req.valid("json");
    c.header("Cache-Control", "no-store");
    return c.json(await checkout.completeForPayer(paymentId, clientSecret));
  });

  // Signed over the exact bytes Stripe sent: read as text, parsed only after verifying.
  app.post("/api/webhooks/stripe", async (c) =>
    c.json(await checkout.handleWebhook(await c.req.text(), c.req.header("stripe-signature"))),
  );

  const signedIn = signedInOnly(auth, { signInRequired: checkoutMessages.signInForPurchases });

  app.get("/api/me/purchases", signedIn, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json({ purchases: await checkout.purchases(c.get("viewer").id) });
  });
}
