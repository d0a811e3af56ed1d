import type { PaymentsConfig } from "../../config";
import type { Database } from "../../db/client";
import type { PayoutProvider } from "./payout-provider";
import { createSimulatedPayouts } from "./simulated-payouts";
import { createStripePayouts } from "./stripe-payouts";

/** The payout onboarding chosen by the same configuration as the card processor. */
export function createPayoutProvider(
  config: PaymentsConfig,
  publicUrl: string,
  db: Database,
): PayoutProvider {
  return config.provider === "stripe"
    ? createStripePayouts({
        secretKey: config.secretKey,
        webhookSecret: config.connectWebhookSecret,
        apiBase: config.apiBase,
        timeoutMs: config.timeoutMs,
        publicUrl,
      })
    : createSimulatedPayouts(db);
}
