import { WebhookSignatureError } from "../../adapters/payments/payment-provider";
import type { WebhookReceived } from "../../../contracts/checkout.contract";
import { AppError, isAppError } from "../../errors";
import { releaseReservation } from "./checkout.repository";
import { findOrderByPayment } from "../orders/orders.api";
import {
  type PaymentRow,
  findPaymentByProviderId,
  isWebhookEventRecorded,
  recordWebhookEvent,
  updatePayment,
} from "./payments.repository";
import { type PurchaseDeps, complete } from "./purchase.service";

/**
 * `POST /api/webhooks/stripe`: verified by signature over the raw body, acted on
 * once per event id. The event is recorded after it was handled, so a failure is
 * retried by Stripe; handling is idempotent, so a retry racing a replay is harmless.
 */

/** A webhook completes the purchase it names, so it needs what a purchase needs. */
export type WebhookDeps = PurchaseDeps;

async function cancelled({ db, logger }: WebhookDeps, payment: PaymentRow) {
  if (await findOrderByPayment(db, payment.id)) {
    // Sold, but the authorization was cancelled outside our capture: the artist may
    // ship a work nobody paid for. Nothing to undo here; the team must look.
    logger.error("webhook: a sold payment was cancelled at the processor", {
      paymentId: payment.id,
      artworkId: payment.artworkId,
    });
    return;
  }
  await updatePayment(db, payment.id, ["created", "authorized"], { status: "cancelled" });
  await releaseReservation(db, payment.artworkId, payment.id);
}

export async function handleWebhook(
  deps: WebhookDeps,
  rawBody: string,
  signature: string | undefined,
): Promise<WebhookReceived> {
  const { db, provider, logger } = deps;
  if (provider.name !== "stripe") {
    throw new AppError("NOT_FOUND", 404, "Stripe is not configured on this server.");
  }
  let event;
  try {
    event = provider.verifyWebhook(rawBody, signature);
  } catch (error) {
    if (!(error instanceof WebhookSignatureError)) throw error;
    throw new AppError("BAD_REQUEST", 400, "The webhook signature is not valid.");
  }
  if (await isWebhookEventRecorded(db, event.id)) return { received: true, duplicate: true };
  const payment = event.providerPaymentId
    ? await findPaymentByProviderId(db, provider.name, event.providerPaymentId)
    : undefined;
  if (payment && (event.kind === "authorized" || event.kind === "captured")) {
    try {
      await complete(deps, payment.id);
    } catch (error) {
      // A lost sale (409) or an unauthorized payment (402) is an answer, not a failure.
      if (!isAppError(error) || error.status >= 500) throw error;
      logger.info("webhook: payment not completed", {
        paymentId: payment.id,
        reason: error.message,
      });
    }
  }
  if (payment && event.kind === "cancelled") await cancelled(deps, payment);
  await recordWebhookEvent(db, event.id);
  return { received: true, duplicate: false };
}
