import type Stripe from "stripe";
import { WebhookSignatureError } from "./payments/payment-provider";

/**
 * The event in a Stripe webhook's body, once its Stripe-Signature header proves Stripe
 * sent it with `secret` (the payments endpoint and the Connect endpoint each have
 * their own). Throws WebhookSignatureError otherwise, without reading the body further.
 */
export function verifiedStripeEvent(
  stripe: Stripe,
  rawBody: string,
  signature: string | undefined,
  secret: string,
): Stripe.Event {
  if (!signature) throw new WebhookSignatureError("missing Stripe-Signature header");
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : "bad signature");
  }
}
