import type { PaymentsConfig } from "../../config";
import type { Database } from "../../db/client";
import type { PaymentProvider } from "./payment-provider";
import { createSimulatedProvider } from "./simulated-payments";
import { createStripeProvider } from "./stripe-payments";

/** The card processor chosen by configuration: Stripe when its keys are set, else the simulated one. */
export function createPaymentProvider(config: PaymentsConfig, db: Database): PaymentProvider {
  return config.provider === "stripe" ? createStripeProvider(config) : createSimulatedProvider(db);
}
