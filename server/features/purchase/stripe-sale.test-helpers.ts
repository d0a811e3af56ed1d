import { eq } from "drizzle-orm";
import { orders, payments } from "../../db/schema";
import { createArtist, createArtwork } from "../../test/factories";
import type { TestApp } from "../../test/test-app";
import { complete, guestEmail, startedPayment } from "./checkout.test-helpers";
import type { startStripeStandIn } from "./stripe-stand-in.test-helpers";

type StandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

/** The settings of an app in Stripe mode, talking to the local stand-in at `apiBase`. */
export function stripeTestEnv(apiBase: string, extra: Record<string, string> = {}) {
  return {
    STRIPE_SECRET_KEY: "sk_test_vernissage",
    STRIPE_PUBLISHABLE_KEY: "pk_test_vernissage",
    STRIPE_WEBHOOK_SECRET: "whsec_test_vernissage",
    STRIPE_API_BASE: apiBase,
    ...extra,
  };
}

/**
 * A sale paid with Stripe: the intent authorized as Stripe.js would, then completed, so
 * captured and the order `paid`. Answers the order and its PaymentIntent's id.
 */
export async function stripeSale(
  t: TestApp,
  standIn: StandIn,
  options: { price?: number; artist?: Parameters<typeof createArtist>[1] } = {},
) {
  const artist = await createArtist(t.db, options.artist);
  const artwork = await createArtwork(t.db, {
    artistId: artist.id,
    priceCents: options.price ?? 10_000,
  });
  const client = t.client();
  const payment = await startedPayment(client, artwork.id, { email: guestEmail("stripe") });
  const [row] = await t.db.select().from(payments).where(eq(payments.id, payment.paymentId));
  const intentId = row!.providerPaymentId!;
  standIn.authorize(intentId);
  const completed = await complete(client, payment);
  if (completed.status !== 200) throw new Error(`complete refused: ${await completed.text()}`);
  const [order] = await t.db.select().from(orders).where(eq(orders.paymentId, payment.paymentId));
  return { order: order!, intentId };
}
