import type { Context, Hono } from "hono";
import { AppError } from "../../errors";
import type { AppServices } from "../../services";
import { completeBodySchema, simulatedConfirmBodySchema } from "./checkout.schema";

async function jsonBody(c: Context): Promise<unknown> {
  const body: unknown = await c.req.json().catch(() => undefined);
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new AppError("BAD_REQUEST", 400, "The request body must be a JSON object.");
  }
  return body;
}

/** Checkout (SPEC §4 purchase flow, §7 createPaymentIntentV2 / purchaseArtworkV2). */
export function registerCheckoutRoutes(app: Hono, { authService, checkout }: AppServices) {
  app.get("/api/checkout/config", (c) => c.json(checkout.config()));

  app.post("/api/checkout/quote", async (c) => {
    const viewer = await authService.getSessionUser(c.req.raw.headers);
    return c.json(await checkout.quote(await jsonBody(c), viewer));
  });

  app.post("/api/checkout/payments", async (c) => {
    const viewer = await authService.getSessionUser(c.req.raw.headers);
    c.header("Cache-Control", "no-store");
    return c.json(await checkout.startPayment(await jsonBody(c), viewer), 201);
  });

  app.post("/api/checkout/simulated/confirm", async (c) => {
    const body = simulatedConfirmBodySchema.parse(await jsonBody(c));
    return c.json(await checkout.confirmSimulated(body));
  });

  app.post("/api/checkout/complete", async (c) => {
    const { paymentId } = completeBodySchema.parse(await jsonBody(c));
    c.header("Cache-Control", "no-store");
    return c.json(await checkout.complete(paymentId));
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
