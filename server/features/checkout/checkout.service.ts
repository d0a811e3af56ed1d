import { randomUUID } from "node:crypto";
import {
  MAX_OPEN_HOLDS,
  MAX_PAYMENT_STARTS_PER_CLIENT,
  RESERVATION_MINUTES,
  checkoutMessages as m,
  paymentProblem,
} from "../../../domain/checkout";
import { type TaxSplit, salesTax } from "../../../domain/sales-tax";
import type { PaymentProvider } from "../../adapters/payments/payment-provider";
import type { SimulatedCard } from "../../adapters/payments/simulated-cards";
import type { SimulatedProvider } from "../../adapters/payments/simulated-payments";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import type { SessionUser } from "../users/users.repository";
import {
  countOpenHolds,
  countRecentPaymentsFrom,
  findArtworkForCheckout,
  findPayment,
  findPaymentByClientSecretHash,
  findPaymentByProviderId,
  findUserIdByEmail,
  hasOrder,
  insertPayment,
  listOrdersOf,
  releaseReservation,
  reserveArtwork,
  updatePayment,
} from "./checkout.repository";
import {
  type PaymentBody,
  type QuoteBody,
  paymentBodySchema,
  quoteBodySchema,
} from "./checkout.schema";
import type { CheckoutConfig, PaymentStarted, Purchase, Quote } from "./checkout.types";
import { hashClientSecret, isClientSecretOf } from "./client-secret";
import { UNLISTED_FAILURE } from "./purchase.service";

export type CheckoutDeps = { db: Database; provider: PaymentProvider; logger: Logger };

const ARTWORK_NOT_FOUND = "Artwork not found";

/** The e-mail that buys: the account's when signed in (never the body's), else the body's. */
function buyerEmail(body: QuoteBody, viewer: SessionUser | null): string {
  return (viewer?.email ?? body.email).trim().toLowerCase();
}

function validate(body: QuoteBody, email: string, signedIn: boolean) {
  const problem = paymentProblem({ address: body.shippingAddress, email, signedIn });
  if (problem) throw new AppError("VALIDATION_FAILED", 400, problem);
}

function taxFor(priceCents: number, state: string): TaxSplit {
  const split = salesTax(priceCents, state);
  if (!split) throw new AppError("VALIDATION_FAILED", 400, m.unknownState);
  return split;
}

export function createCheckoutService(deps: CheckoutDeps) {
  const { db, provider, logger } = deps;

  /**
   * Why this artwork cannot be bought now, as a 404 or a clear 409; `pricedAt` is the
   * price the amounts were computed from, when they were. `buyer.signedIn`: a guest is
   * only an e-mail anyone may type, so a guest is never told they own a sold work
   * (that would say who bought it); a work for sale is its artist's, which is public.
   */
  async function refusal(
    artworkId: string,
    buyer: { id: string; signedIn: boolean } | null,
    pricedAt: number | null = null,
  ): Promise<AppError> {
    const artwork = await findArtworkForCheckout(db, artworkId);
    if (!artwork) return new AppError("NOT_FOUND", 404, ARTWORK_NOT_FOUND);
    if (!artwork.listed) return new AppError("CONFLICT", 409, m.artworkNotForSale);
    const owns = buyer !== null && artwork.ownerId === buyer.id;
    if (owns && (buyer.signedIn || artwork.isForSale)) {
      return new AppError("CONFLICT", 409, m.ownArtwork);
    }
    if (!artwork.isForSale || artwork.priceCents === null) {
      const sold = await hasOrder(db, artworkId);
      return new AppError("CONFLICT", 409, sold ? m.artworkSold : m.artworkNotForSale);
    }
    if (pricedAt !== null && artwork.priceCents !== pricedAt) {
      return new AppError("PRICE_CHANGED", 409, m.priceChanged);
    }
    return new AppError("CONFLICT", 409, m.artworkReserved);
  }

  async function priceOf(artworkId: string): Promise<number> {
    const artwork = await findArtworkForCheckout(db, artworkId);
    if (!artwork) throw new AppError("NOT_FOUND", 404, ARTWORK_NOT_FOUND);
    if (!artwork.listed || !artwork.isForSale || artwork.priceCents === null) {
      throw await refusal(artworkId, null);
    }
    return artwork.priceCents;
  }

  function config(): CheckoutConfig {
    return { provider: provider.name, publishableKey: provider.publishableKey };
  }

  async function quote(input: unknown, viewer: SessionUser | null): Promise<Quote> {
    const body = quoteBodySchema.parse(input);
    validate(body, buyerEmail(body, viewer), viewer !== null);
    const price = await priceOf(body.artworkId);
    return taxFor(price, body.shippingAddress.state);
  }

  /**
   * The buyer's own earlier, still open payment that holds this artwork, if they can
   * prove it is theirs: signed in as its purchaser, or (a guest) giving its client
   * secret, which only the browser that started it received. The e-mail and the
   * payment id prove nothing: others may know them.
   */
  async function ownHold(
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
  async function checkLimits(email: string, clientIp: string | undefined, replacing?: string) {
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

  /** Reserve for 15 minutes, then ask the processor for an authorization (SPEC §4 step 3). */
  async function startPayment(
    input: unknown,
    viewer: SessionUser | null,
    clientIp?: string,
  ): Promise<PaymentStarted> {
    const body: PaymentBody = paymentBodySchema.parse(input);
    const email = buyerEmail(body, viewer);
    validate(body, email, viewer !== null);
    const artwork = await findArtworkForCheckout(db, body.artworkId);
    if (!artwork) throw new AppError("NOT_FOUND", 404, ARTWORK_NOT_FOUND);
    const buyerId = viewer?.id ?? (await findUserIdByEmail(db, email)) ?? null;
    const buyer = buyerId ? { id: buyerId, signedIn: viewer !== null } : null;
    if (!artwork.listed || !artwork.isForSale || artwork.priceCents === null) {
      throw await refusal(artwork.id, buyer);
    }
    if (buyerId && artwork.ownerId === buyerId) throw new AppError("CONFLICT", 409, m.ownArtwork);
    const amounts = taxFor(artwork.priceCents, body.shippingAddress.state);
    // The artist changed the price since the buyer's quote: nothing is reserved.
    if (amounts.totalAmount !== body.expectedTotal) {
      throw new AppError("PRICE_CHANGED", 409, m.priceChanged);
    }
    const previous = await ownHold(
      artwork.reservedByPaymentId,
      email,
      viewer,
      body.previousClientSecret,
    );
    await checkLimits(email, clientIp, previous?.id);

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
    if (!reservedUntil) throw await refusal(artwork.id, buyer, artwork.priceCents);

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
        transferDestination: artwork.payoutAccountId,
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
    if (previous) await supersede(previous.id);
    return {
      ...amounts,
      paymentId,
      provider: provider.name,
      clientSecret: authorization.clientSecret,
      reservedUntil: reservedUntil.toISOString(),
    };
  }

  /**
   * The buyer started again while holding the work: their earlier authorization is
   * cancelled (the amount may differ, e.g. a new state's tax), the new one holds it.
   */
  async function supersede(paymentId: string) {
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

  /**
   * A payment for a work the marketplace stopped listing after it was started (the
   * artist's payouts ended, say): it ends, the hold goes, the card is not authorized.
   */
  async function refuseUnlisted(clientSecret: string) {
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
  async function confirmSimulated(input: { clientSecret: string; card: SimulatedCard }) {
    if (provider.name !== "simulated") {
      throw new AppError("NOT_FOUND", 404, "The simulated card processor is not in use.");
    }
    await refuseUnlisted(input.clientSecret);
    const outcome = await (provider as SimulatedProvider).confirm(input.clientSecret, input.card);
    if (outcome.ok) return { status: "requires_capture" as const };
    if (outcome.reason === "unknown") {
      throw new AppError("NOT_FOUND", 404, "This payment is not known. Please start again.");
    }
    if (outcome.reason === "not_confirmable") {
      throw new AppError(
        "CONFLICT",
        409,
        "This payment can no longer be made. Please start again.",
      );
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

  async function purchases(userId: string): Promise<Purchase[]> {
    const rows = await listOrdersOf(db, userId);
    return rows.map((o) => ({
      id: o.id,
      artworkId: o.artworkId,
      title: o.title,
      imageThumbnail: o.imageThumbnail,
      imageOriginal: o.imageOriginal,
      artistName: o.artistName,
      price: o.price,
      preTaxAmount: o.preTaxAmount,
      taxAmount: o.taxAmount,
      totalAmount: o.totalAmount,
      timestamp: o.timestamp.toISOString(),
    }));
  }

  return { config, quote, startPayment, confirmSimulated, purchases };
}
