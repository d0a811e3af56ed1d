import { randomUUID } from "node:crypto";
import type { SessionUser } from "../../../contracts/auth.contract";
import type { PaymentBody, PaymentStarted } from "../../../contracts/checkout.contract";
import {
  MAX_OPEN_HOLDS,
  MAX_PAYMENT_STARTS_PER_CLIENT,
  RESERVATION_MINUTES,
  checkoutMessages as m,
} from "../../../domain/checkout";
import type { PaymentProvider } from "../../adapters/payments/payment-provider";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import { findArtworkForCheckout, releaseReservation, reserveArtwork } from "./checkout.repository";
import { ARTWORK_NOT_FOUND, buyerEmail, checkPayer, refusal, taxFor } from "./checkout.rules";
import { hashClientSecret, isClientSecretOf } from "./client-secret";
import {
  countOpenHolds,
  countRecentPaymentsFrom,
  findPayment,
  insertPayment,
  updatePayment,
} from "./payments.repository";

/** `POST /api/checkout/payments`: the work is held for the buyer while the card is authorized. */

export type PaymentDeps = { db: Database; provider: PaymentProvider; logger: Logger };

/**
 * The buyer's own earlier, still open payment that holds this artwork, if they can
 * prove it is theirs: signed in as its purchaser, or (a guest) giving its client
 * secret, which only the browser that started it received. The e-mail and the
 * payment id prove nothing: others may know them.
 */
async function ownHold(
  db: Database,
  heldBy: string | null,
  email: string,
  viewer: SessionUser | null,
  previousClientSecret: string | undefined,
) {
  if (!heldBy) return undefined;
  const held = await findPayment(db, heldBy);
  if (!held || (held.status !== "created" && held.status !== "authorized")) return undefined;
  const signedInOwner = viewer !== null && held.purchaserId === viewer.id;
  const provenByGuest =
    previousClientSecret !== undefined &&
    isClientSecretOf(held, previousClientSecret) &&
    held.purchaserEmail === email;
  return signedInOwner || provenByGuest ? held : undefined;
}

/** Decision 0015: reservations are free, so starting them is limited. */
async function checkLimits(
  db: Database,
  email: string,
  clientIp: string | undefined,
  replacing?: string,
) {
  const fromClient = clientIp
    ? await countRecentPaymentsFrom(db, clientIp, RESERVATION_MINUTES)
    : 0;
  if (fromClient >= MAX_PAYMENT_STARTS_PER_CLIENT) {
    throw new AppError("TOO_MANY_ATTEMPTS", 429, m.tooManyPaymentStarts);
  }
  if ((await countOpenHolds(db, email, replacing ?? null)) >= MAX_OPEN_HOLDS) {
    throw new AppError("TOO_MANY_ATTEMPTS", 429, m.tooManyHolds);
  }
}

/**
 * The buyer started again while holding the work: their earlier authorization is
 * cancelled (the amount may differ, e.g. a new state's tax), the new one holds it.
 */
async function supersede({ db, provider, logger }: PaymentDeps, paymentId: string) {
  const payment = await findPayment(db, paymentId);
  if (!payment) return;
  const changed = await updatePayment(db, paymentId, ["created", "authorized"], {
    status: "cancelled",
    failureMessage: "Replaced by a newer payment of the same buyer.",
  });
  if (!changed || !payment.providerPaymentId) return;
  try {
    await provider.cancel(payment.providerPaymentId);
  } catch (error) {
    logger.error("cancelling a replaced authorization failed", { paymentId, error });
  }
}

/** Reserve for 15 minutes, then ask the processor for an authorization (SPEC §4 step 3). */
export async function startPayment(
  deps: PaymentDeps,
  body: PaymentBody,
  viewer: SessionUser | null,
  clientIp?: string,
): Promise<PaymentStarted> {
  const { db, provider, logger } = deps;
  const email = buyerEmail(body, viewer);
  checkPayer(body, email, viewer !== null);
  const artwork = await findArtworkForCheckout(db, body.artworkId);
  if (!artwork) throw new AppError("NOT_FOUND", 404, ARTWORK_NOT_FOUND);
  // Only a signed-in buyer is known here. A guest's e-mail is not looked up: the answer
  // before any card is held is the same whether an account has it or not, so it cannot
  // test whose login an address is. A guest with the owner's e-mail is refused at the
  // sale, and the hold released (sale.service.ts).
  const buyerId = viewer?.id ?? null;
  if (!artwork.listed || !artwork.isForSale || artwork.priceCents === null) {
    throw await refusal(db, artwork.id, buyerId);
  }
  if (buyerId && artwork.ownerId === buyerId) throw new AppError("CONFLICT", 409, m.ownArtwork);
  const amounts = taxFor(artwork.priceCents, body.shippingAddress.state);
  // The artist changed the price since the buyer's quote: nothing is reserved.
  if (amounts.totalAmount !== body.expectedTotal) {
    throw new AppError("PRICE_CHANGED", 409, m.priceChanged);
  }
  const previous = await ownHold(
    db,
    artwork.reservedByPaymentId,
    email,
    viewer,
    body.previousClientSecret,
  );
  await checkLimits(db, email, clientIp, previous?.id);

  const paymentId = randomUUID();
  const reservedUntil = await reserveArtwork(db, {
    artworkId: artwork.id,
    paymentId,
    // Only at the price the amounts were computed from (it may change in between).
    priceCents: artwork.priceCents,
    buyerId,
    takeOverPaymentId: previous?.id ?? null,
    minutes: RESERVATION_MINUTES,
  });
  if (!reservedUntil) throw await refusal(db, artwork.id, buyerId, artwork.priceCents);

  const idempotencyKey = `reservation-${artwork.id}-${paymentId}`;
  await insertPayment(db, {
    id: paymentId,
    artworkId: artwork.id,
    purchaserId: viewer?.id ?? null,
    purchaserEmail: email,
    purchaserName: body.name?.trim() || viewer?.displayName || null,
    provider: provider.name,
    idempotencyKey,
    ...amounts,
    shippingAddress: body.shippingAddress,
    reservedUntil,
    clientIp: clientIp ?? null,
  });
  let authorization;
  try {
    authorization = await provider.createAuthorization({
      amount: amounts.totalAmount,
      currency: "usd",
      idempotencyKey,
      metadata: { paymentId, artworkId: artwork.id },
    });
  } catch (error) {
    logger.error("creating the authorization failed", { paymentId, error });
    await updatePayment(db, paymentId, ["created"], {
      status: "cancelled",
      failureMessage: "The card processor could not be reached.",
    });
    await releaseReservation(db, artwork.id, paymentId);
    throw new AppError("INTERNAL", 503, m.paymentFailed);
  }
  await updatePayment(db, paymentId, ["created"], {
    providerPaymentId: authorization.id,
    clientSecretHash: hashClientSecret(authorization.clientSecret),
  });
  if (previous) await supersede(deps, previous.id);
  return {
    ...amounts,
    paymentId,
    provider: provider.name,
    clientSecret: authorization.clientSecret,
    reservedUntil: reservedUntil.toISOString(),
  };
}
