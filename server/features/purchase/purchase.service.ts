import { randomBytes } from "node:crypto";
import type { PurchaseCompleted } from "../../../contracts/checkout.contract";
import { checkoutMessages as m, guestAccountMessage } from "../../../domain/checkout";
import type { PaymentProvider } from "../../adapters/payments/payment-provider";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import { OWN_ARTWORK_FAILURE, UNLISTED_FAILURE } from "./checkout.rules";
import { isClientSecretOf } from "./client-secret";
import { recordCaptureEntries } from "../orders/orders.api";
import { releaseOfferHolds } from "./holds.service";
import { findOrderByPayment } from "../orders/orders.api";
import { findUserIdByEmail, saveShippingAddress } from "../users/users.api";
import { type PaymentRow, findPayment, updatePayment } from "./payments.repository";
import { sell } from "./sale.service";
import { isLiveResetToken } from "../auth/auth.api";
import { setPasswordPath } from "./purchase-password";

/**
 * `POST /api/checkout/complete`, the webhook and the reconciler all end here.
 * Idempotent and safe to run concurrently: the sale (sale.service.ts) locks the
 * payment row, so one call makes the order and later ones read it back.
 */

export type PurchaseDeps = {
  db: Database;
  provider: PaymentProvider;
  logger: Logger;
  publicUrl: string;
  kickOutbox: () => void;
  commissionBps: number;
  now: () => Date;
  /** The key of an offer's buyer links (a sale closes other offers and e-mails them). */
  offerKey: (offerId: string) => string;
  /** The server's secret, for the offers' link keys (offer-key.ts). */
  secret: string;
  /** The services' password hashing, for a new guest account's unknown password. */
  hashPassword: (password: string) => Promise<string>;
  /** The set-password token of the account a guest's payment made (purchase-password.ts). */
  passwordToken: (paymentId: string) => string;
};

/** What the buyer is told when someone else's payment claimed the work first. */
export const lostSaleMessage = `${m.artworkSold} ${m.notCharged}`;
/** What the buyer is told when the marketplace stopped listing the work (decision 0020). */
export const unlistedMessage = `${m.artworkNotForSale} ${m.notCharged}`;
/** What a guest is told who paid with the e-mail of the work's own artist or owner. */
export const ownArtworkMessage = `${m.ownArtwork} ${m.notCharged}`;
const notAuthorized = "The payment has not been authorized. Please try again.";

/** What the payer of a payment that ended without a sale is told, by why it ended. */
function cancelledMessage(failureMessage: string | null): string {
  if (failureMessage === UNLISTED_FAILURE) return unlistedMessage;
  if (failureMessage === OWN_ARTWORK_FAILURE) return ownArtworkMessage;
  return lostSaleMessage;
}

/**
 * After the sale is committed: take the money. Answers whether it was taken; a
 * failure is logged and leaves the payment authorized, so the reconciler retries it.
 */
export async function capture(
  { db, provider, logger }: PurchaseDeps,
  payment: PaymentRow,
): Promise<boolean> {
  try {
    await provider.capture(payment.providerPaymentId!);
    // The payment's status and the capture's ledger rows together (decision 0029).
    const recorded = await db.transaction(async (tx) => {
      // Only the call that moves the payment records the capture: the order may have
      // been cancelled while this capture was in flight, and then the cancellation
      // records it and refunds it (orders.service.ts, cancelAuthorization).
      if (!(await updatePayment(tx, payment.id, ["authorized"], { status: "captured" }))) {
        return (await findPayment(tx, payment.id))?.status !== "cancelled";
      }
      const order = await findOrderByPayment(tx, payment.id);
      if (order) await recordCaptureEntries(tx, order);
      return true;
    });
    if (!recorded) {
      logger.warn(
        "captured a payment whose order was cancelled meanwhile; the cancellation refunds it",
        {
          paymentId: payment.id,
        },
      );
    }
    return true;
  } catch (error) {
    logger.error("capture failed; the reconciler will retry", { paymentId: payment.id, error });
    return false;
  }
}

/** SPEC §4 step 5 (only for a buyer who proved the account is theirs); failure is only logged. */
async function rememberAddress({ db, logger }: PurchaseDeps, payment: PaymentRow, buyerId: string) {
  if (!payment.shippingAddress) return;
  try {
    await saveShippingAddress(db, buyerId, payment.shippingAddress);
  } catch (error) {
    logger.error("saving the buyer's shipping address failed", { paymentId: payment.id, error });
  }
}

/** A payment that will not make a sale (the work was lost or is no longer listed). */
async function cancelUnsold({ provider, logger }: PurchaseDeps, payment: PaymentRow) {
  try {
    await provider.cancel(payment.providerPaymentId!);
  } catch (error) {
    // An authorization nobody captures lapses on its own; the buyer is not charged.
    logger.error("cancelling an unsold payment's authorization failed", {
      paymentId: payment.id,
      error,
    });
  }
}

export async function complete(deps: PurchaseDeps, paymentId: string): Promise<PurchaseCompleted> {
  const { db, provider } = deps;
  const payment = await findPayment(db, paymentId);
  if (!payment?.providerPaymentId) throw new AppError("NOT_FOUND", 404, "Payment not found.");
  // An offer's authorization buys nothing by itself: only its accepted offer sells.
  if (payment.offerId) throw new AppError("NOT_FOUND", 404, "Payment not found.");
  // The sale marks the payment authorized in the order's transaction; only capture
  // and refund come after. Before it, the processor must say the card is authorized.
  const done = ["authorized", "captured", "refunded"].includes(payment.status);
  if (!done) {
    if (payment.status === "cancelled") {
      throw new AppError("CONFLICT", 409, cancelledMessage(payment.failureMessage));
    }
    if (payment.status === "declined") {
      throw new AppError("PAYMENT_FAILED", 402, payment.failureMessage ?? m.paymentFailed);
    }
    const status = await provider.retrieve(payment.providerPaymentId);
    if (status === "cancelled") {
      await updatePayment(db, payment.id, ["created", "authorized"], { status: "cancelled" });
      throw new AppError("CONFLICT", 409, lostSaleMessage);
    }
    if (status !== "authorized" && status !== "captured") {
      throw new AppError("PAYMENT_FAILED", 402, notAuthorized);
    }
  }
  // Hashing is slow: do it before the transaction, for a guest without an account.
  const needsHash =
    !done && !payment.purchaserId && !(await findUserIdByEmail(db, payment.purchaserEmail));
  const passwordHash = needsHash
    ? await deps.hashPassword(randomBytes(24).toString("base64url"))
    : null;
  const outcome = await sell(deps, payment, passwordHash);
  if (outcome.kind === "lost" || outcome.kind === "unlisted" || outcome.kind === "own") {
    await cancelUnsold(deps, payment);
    const message = { lost: lostSaleMessage, unlisted: unlistedMessage, own: ownArtworkMessage };
    throw new AppError("CONFLICT", 409, message[outcome.kind]);
  }
  if (outcome.kind === "reserved") throw new Error("a purchase's sale answered as an offer's");
  if (outcome.kind === "refused") {
    if (outcome.payment.status === "declined") {
      throw new AppError("PAYMENT_FAILED", 402, outcome.payment.failureMessage ?? m.paymentFailed);
    }
    throw new AppError("CONFLICT", 409, lostSaleMessage);
  }
  if (outcome.fresh) {
    deps.kickOutbox();
    await capture(deps, payment);
    await releaseOfferHolds(deps, outcome.closedOffers);
    if (outcome.rememberAddress) await rememberAddress(deps, payment, outcome.buyerId);
  }
  return {
    orderId: outcome.orderId,
    artworkId: payment.artworkId,
    accountMessage: guestAccountMessage(outcome.guestAccount),
    setPasswordPath: null,
  };
}

/**
 * `POST /api/checkout/complete`: only for the payer, who proves it with the client
 * secret their browser was given; to anyone else the payment does not exist. The
 * webhook and the reconciler call complete() directly.
 */
export async function completeForPayer(
  deps: PurchaseDeps,
  paymentId: string,
  clientSecret: string,
): Promise<PurchaseCompleted> {
  const payment = await findPayment(deps.db, paymentId);
  if (!payment || !isClientSecretOf(payment, clientSecret)) {
    throw new AppError("NOT_FOUND", 404, "Payment not found.");
  }
  const completed = await complete(deps, paymentId);
  return { ...completed, setPasswordPath: await payerPasswordPath(deps, paymentId) };
}

/**
 * For the payer only (they proved the payment): the link that sets the password of the
 * account their payment made, while it is unused and unexpired. Never for an account the
 * payment found by e-mail: typing an address proves nothing about owning it.
 */
async function payerPasswordPath(deps: PurchaseDeps, paymentId: string): Promise<string | null> {
  const payment = await findPayment(deps.db, paymentId);
  if (payment?.guestAccount !== "created") return null;
  const token = deps.passwordToken(paymentId);
  return (await isLiveResetToken(deps.db, token, deps.now())) ? setPasswordPath(token) : null;
}
