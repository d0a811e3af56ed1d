import {
  type PaymentRequest,
  type PurchaseCompleted,
  purchaseCompletedSchema,
} from "../../../contracts/checkout.contract";
import { request } from "../../lib/api-client";
import {
  parsePaymentStarted,
  paymentFailure,
} from "../../components/card-address-form/checkout-answers";
import type { ConfirmCard } from "../../components/card-address-form/payment-api";

/**
 * The purchase's own endpoints of docs/api.md "Checkout" (the payment and its
 * completion), each answer checked against its contract before use.
 */

/**
 * The client secret of the last payment this page started for each artwork. Paying
 * again (another card, another state) gives it, so the server lets this buyer take
 * their own hold over; the e-mail or the payment id alone do not (decision 0019).
 */
const lastClientSecrets = new Map<string, string>();

/**
 * SPEC §4 steps 3–4: start the payment (the work is reserved for the buyer), confirm
 * the card, then complete the purchase. Any failure arrives as a CheckoutError with
 * the text to show.
 */
export async function purchase(
  payer: PaymentRequest,
  confirmCard: ConfirmCard,
): Promise<PurchaseCompleted> {
  try {
    const previousClientSecret = lastClientSecrets.get(payer.artworkId);
    const body = previousClientSecret ? { ...payer, previousClientSecret } : payer;
    const payment = parsePaymentStarted(
      await request("/api/checkout/payments", { method: "POST", body }),
    );
    lastClientSecrets.set(payer.artworkId, payment.clientSecret);
    await confirmCard(payment);
    // The secret proves this browser is the payer's (decision 0019).
    const { paymentId, clientSecret } = payment;
    return await request("/api/checkout/complete", {
      method: "POST",
      body: { paymentId, clientSecret },
      schema: purchaseCompletedSchema,
    });
  } catch (error) {
    throw paymentFailure(error);
  }
}
