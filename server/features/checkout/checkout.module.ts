import type { PaymentProvider } from "../../adapters/payments/payment-provider";
import { createSimulatedProvider } from "../../adapters/payments/simulated-payments";
import { createStripeProvider } from "../../adapters/payments/stripe-payments";
import type { PaymentsConfig } from "../../config";
import type { Database } from "../../db/client";
import type { Logger } from "../../logger";
import { createReconciler } from "./checkout.reconciler";
import { createCheckoutService } from "./checkout.service";
import { createPurchaseService } from "./purchase.service";
import { createWebhookService } from "./webhook.service";

export function createPaymentProvider(config: PaymentsConfig, db: Database): PaymentProvider {
  return config.provider === "stripe" ? createStripeProvider(config) : createSimulatedProvider(db);
}

/** The checkout's parts, wired once per process (server/services.ts). */
export function createCheckout(deps: {
  db: Database;
  payments: PaymentsConfig;
  logger: Logger;
  publicUrl: string;
  kickOutbox: () => void;
}) {
  const { db, logger } = deps;
  const provider = createPaymentProvider(deps.payments, db);
  const purchases = createPurchaseService({
    db,
    provider,
    logger,
    publicUrl: deps.publicUrl,
    kickOutbox: deps.kickOutbox,
  });
  const checkout = createCheckoutService({ db, provider, logger });
  const webhooks = createWebhookService({ db, provider, purchases, logger });
  const reconciler = createReconciler({ db, provider, purchases, logger });
  return {
    ...checkout,
    provider,
    complete: purchases.complete,
    completeForPayer: purchases.completeForPayer,
    handleWebhook: webhooks.handle,
    reconciler,
  };
}

export type CheckoutModule = ReturnType<typeof createCheckout>;
