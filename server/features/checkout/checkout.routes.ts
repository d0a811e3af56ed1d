import type { Hono } from "hono";
import { AppError } from "../../errors";
import { clientIp } from "../../http/client-ip";
import { jsonObject } from "../../http/json-body";
import type { AppServices } from "../../services";
import { completeBodySchema, simulatedConfirmBodySchema } from "./checkout.schema";

/** Checkout (SPEC §4 purchase flow, §7 createPaymentIntentV2 / purchaseArtworkV2). */
export function registerCheckoutRoutes(app: Hono, { authService, checkout }: AppServices) {
  app.get("/api/checkout/config", (c) => c.json(checkout.config()));

  app.post("/api/checkout/quote", async (c) => {
    const viewer = await authService.getSessionUser(c.req.raw.headers);
    return c.json(await checkout.quote(await jsonObject(c), viewer));
  });

  app.post("/api/checkout/payments", async (c) => {
    const viewer = await authService.getSessionUser(c.req.raw.headers);
    c.header("Cache-Control", "no-store");
    return c.json(await checkout.startPayment(await jsonObject(c), viewer, clientIp(c)), 201);
  });

  app.post("/api/checkout/simulated/confirm", async (c) => {
    const body = simulatedConfirmBodySchema.parse(await jsonObject(c));
    return c.json(await checkout.confirmSimulated(body));
  });

  app.post("/api/checkout/complete", async (c) => {
    const { paymentId, clientSecret } = completeBodySchema.parse(await jsonObject(c));
    c.header("Cache-Control", "no-store");
    return c.json(await checkout.completeForPayer(paymentId, clientSecret));
  });

  // Signed over the exact bytes Stripe sent: read as text, parsed only after verifying.
  app.post("/api/webhooks/stripe", async (c) =>
    c.json(await checkout.handleWebhook(await c.req.text(), c.req.header("stripe-signature"))),
  );

  app.get("/api/me/purchases", async (c) => {
    const viewer = await authService.getSessionUser(c.req.raw.headers);
    if (!viewer)
      throw new AppError("UNAUTHENTICATED", 401, "Please sign in to see your purchases.");
    c.header("Cache-Control", "private, no-store");
    return c.json({ purchases: await checkout.purchases(viewer.id) });
  });
}
