import type {
  SimulatedConfirmBody,
  SimulatedConfirmation,
} from "../../../contracts/checkout.contract";
import { checkoutMessages as m } from "../../../domain/checkout";
import type { PaymentProvider } from "../../adapters/payments/payment-provider";
import type { SimulatedProvider } from "../../adapters/payments/simulated-payments";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { findArtworkForCheckout, releaseReservation } from "./checkout.repository";
import { UNLISTED_FAILURE } from "./checkout.rules";
import { hashClientSecret } from "./client-secret";
import {
  findPaymentByClientSecretHash,
  findPaymentByProviderId,
  updatePayment,
} from "./payments.repository";

/** `POST /api/checkout/simulated/confirm`: the simulated processor's stand-in for Stripe.js. */

export type SimulatedCardDeps = { db: Database; provider: PaymentProvider };

/**
 * A payment for a work the marketplace stopped listing after it was started (the
 * artist's payouts ended, say): it ends, the hold goes, the card is not authorized.
 */
async function refuseUnlisted({ db, provider }: SimulatedCardDeps, clientSecret: string) {
  const payment = await findPaymentByClientSecretHash(db, hashClientSecret(clientSecret));
  if (!payment) return;
  const artwork = await findArtworkForCheckout(db, payment.artworkId);
  if (!artwork || artwork.listed) return;
  const ended = await updatePayment(db, payment.id, ["created"], {
    status: "cancelled",
    failureMessage: UNLISTED_FAILURE,
  });
  await releaseReservation(db, payment.artworkId, payment.id);
  if (ended && payment.providerPaymentId) await provider.cancel(payment.providerPaymentId);
  throw new AppError("CONFLICT", 409, m.artworkNotForSale);
}

/** The simulated processor's stand-in for Stripe.js's confirmCardPayment. */
export async function confirmSimulated(
  deps: SimulatedCardDeps,
  input: Pick<SimulatedConfirmBody, "clientSecret" | "card">,
): Promise<SimulatedConfirmation> {
  const { db, provider } = deps;
  if (provider.name !== "simulated") {
    throw new AppError("NOT_FOUND", 404, "The simulated card processor is not in use.");
  }
  await refuseUnlisted(deps, input.clientSecret);
  const outcome = await (provider as SimulatedProvider).confirm(input.clientSecret, input.card);
  if (outcome.ok) return { status: "requires_capture" };
  if (outcome.reason === "unknown") {
    throw new AppError("NOT_FOUND", 404, "This payment is not known. Please start again.");
  }
  if (outcome.reason === "not_confirmable") {
    throw new AppError("CONFLICT", 409, "This payment can no longer be made. Please start again.");
  }
  const payment = await findPaymentByProviderId(db, provider.name, outcome.providerPaymentId);
  // A declined card lets the artwork go at once, for the next buyer.
  if (payment) {
    await updatePayment(db, payment.id, ["created"], {
      status: "declined",
      failureMessage: outcome.message,
    });
    await releaseReservation(db, payment.artworkId, payment.id);
  }
  throw new AppError("PAYMENT_FAILED", 402, outcome.message);
}
