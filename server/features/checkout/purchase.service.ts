import { hashPassword } from "better-auth/crypto";
import { randomBytes } from "node:crypto";
import { checkoutMessages as m } from "../../../domain/checkout";
import type { PaymentProvider } from "../../adapters/payments/payment-provider";
import type { Database, Queryable } from "../../db/client";
import type { GuestAccountOutcome } from "../../db/schema";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import { enqueueMail } from "../mail/outbox.repository";
import { purchaseConfirmationMail, saleNoticeMail } from "./checkout.mails";
import {
  type PaymentRow,
  claimArtwork,
  findArtworkForCheckout,
  findContact,
  findOrderByPayment,
  findPayment,
  findUserIdByEmail,
  insertGuestUser,
  insertOrder,
  lockPayment,
  releaseReservation,
  saveShippingAddress,
  updatePayment,
} from "./checkout.repository";
import type { PurchaseCompleted } from "./checkout.types";
import { isClientSecretOf } from "./client-secret";

export type PurchaseDeps = {
  db: Database;
  provider: PaymentProvider;
  logger: Logger;
  publicUrl: string;
  kickOutbox: () => void;
};

/** What the buyer is told when someone else's payment claimed the work first. */
export const lostSaleMessage = `${m.artworkSold} ${m.notCharged}`;
/** What the buyer is told when the marketplace stopped listing the work (issue 11). */
export const unlistedMessage = `${m.artworkNotForSale} ${m.notCharged}`;
/** The failure message of a payment ended because its work is no longer listed. */
export const UNLISTED_FAILURE = "The artwork is no longer listed in the marketplace.";
const notAuthorized = "The payment has not been authorized. Please try again.";

function accountMessage(outcome: GuestAccountOutcome | null): string | null {
  if (outcome === "created") return m.guestAccountCreated;
  if (outcome === "matched") return m.guestAccountMatched;
  return null;
}

function splitName(name: string | null, email: string): { firstName: string; lastName: string } {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstName: email.split("@")[0] ?? "", lastName: "" };
  return { firstName: words[0]!, lastName: words.slice(1).join(" ") };
}

type Sold = { kind: "sold"; orderId: string; guestAccount: GuestAccountOutcome | null };
type Outcome =
  | (Sold & { fresh: false })
  /** `rememberAddress`: the buyer proved they own the account (signed in, or it was just made). */
  | (Sold & { fresh: true; buyerId: string; rememberAddress: boolean })
  | { kind: "lost" }
  | { kind: "unlisted" }
  | { kind: "refused"; payment: PaymentRow };

/**
 * `POST /api/checkout/complete`, the webhook and the reconciler all end here.
 * Idempotent and safe to run concurrently: the payment row is locked for the
 * transaction, so one call makes the order and later ones read it back.
 */
export function createPurchaseService(deps: PurchaseDeps) {
  const { db, provider, logger } = deps;

  /** A guest's account: the one with this e-mail, or a new collector account. */
  async function guestBuyer(tx: Queryable, payment: PaymentRow, passwordHash: string | null) {
    const existing = await findUserIdByEmail(tx, payment.purchaserEmail);
    if (existing) return { id: existing, outcome: "matched" as const };
    try {
      const { firstName, lastName } = splitName(payment.purchaserName, payment.purchaserEmail);
      const hash = passwordHash ?? (await hashPassword(randomBytes(24).toString("base64url")));
      const created = await insertGuestUser(tx, {
        email: payment.purchaserEmail,
        firstName,
        lastName,
        passwordHash: hash,
      });
      // Another purchase made the account a moment ago.
      if (!created) {
        const id = await findUserIdByEmail(tx, payment.purchaserEmail);
        if (id) return { id, outcome: "matched" as const };
        throw new Error("the account could not be created or found");
      }
      return { id: created, outcome: "created" as const };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      logger.error("guest account creation failed", { paymentId: payment.id, error });
      throw new AppError("INTERNAL", 500, `${m.guestAccountFailedPrefix}${message}`);
    }
  }

  async function sell(payment: PaymentRow, passwordHash: string | null): Promise<Outcome> {
    return db.transaction(async (tx) => {
      const locked = await lockPayment(tx, payment.id);
      if (!locked) throw new AppError("NOT_FOUND", 404, "Payment not found.");
      const existing = await findOrderByPayment(tx, locked.id);
      if (existing) {
        return {
          kind: "sold",
          orderId: existing.id,
          guestAccount: locked.guestAccount,
          fresh: false,
        };
      }
      if (locked.status !== "created" && locked.status !== "authorized") {
        return { kind: "refused", payment: locked };
      }
      // Before any guest account is made: a work the marketplace no longer lists is not sold.
      if (!(await findArtworkForCheckout(tx, locked.artworkId))?.listed) {
        await updatePayment(tx, locked.id, ["created", "authorized"], {
          status: "cancelled",
          failureMessage: UNLISTED_FAILURE,
        });
        await releaseReservation(tx, locked.artworkId, locked.id);
        return { kind: "unlisted" };
      }
      // Set when the payment was started signed in; a guest's is only set by the sale.
      const buyer = locked.purchaserId
        ? { id: locked.purchaserId, outcome: null }
        : await guestBuyer(tx, locked, passwordHash);
      const artwork = await claimArtwork(tx, {
        artworkId: locked.artworkId,
        paymentId: locked.id,
        buyerId: buyer.id,
      });
      if (!artwork) {
        await updatePayment(tx, locked.id, ["created", "authorized"], {
          status: "cancelled",
          failureMessage: "The artwork was sold to another buyer first.",
        });
        return { kind: "lost" };
      }
      const order = await insertOrder(tx, {
        artworkId: locked.artworkId,
        paymentId: locked.id,
        purchaserId: buyer.id,
        title: artwork.title,
        imageThumbnail: artwork.imageThumbnail,
        imageOriginal: artwork.imageOriginal,
        artistName: artwork.artistName,
        // The price the buyer was quoted and authorized, even if the listing changed since.
        price: locked.preTaxAmount,
        preTaxAmount: locked.preTaxAmount,
        taxAmount: locked.taxAmount,
        totalAmount: locked.totalAmount,
        shippingAddress: locked.shippingAddress,
      });
      if (!order) throw new Error("order insert conflicted under the payment lock");
      await updatePayment(tx, locked.id, ["created", "authorized"], {
        status: "authorized",
        purchaserId: buyer.id,
        guestAccount: buyer.outcome,
      });
      const buyerContact = await findContact(tx, buyer.id);
      const artist = await findContact(tx, artwork.artistId);
      const sale = {
        orderId: order.id,
        title: artwork.title,
        artistName: artwork.artistName,
        preTaxAmount: order.preTaxAmount,
        taxAmount: order.taxAmount,
        totalAmount: order.totalAmount,
        shippingAddress: locked.shippingAddress ?? {
          line1: "",
          city: "",
          state: "",
          postal_code: "",
        },
        buyerName: buyerContact?.displayName || locked.purchaserName || "",
        buyerEmail: buyerContact?.email ?? locked.purchaserEmail,
        pickUpZipCode: artwork.allowBuyerPickUp ? artwork.zipCode : null,
      };
      await enqueueMail(tx, purchaseConfirmationMail(sale, `${deps.publicUrl}/profile/purchases`));
      if (artist) await enqueueMail(tx, saleNoticeMail(sale, artist.email));
      return {
        kind: "sold",
        orderId: order.id,
        guestAccount: buyer.outcome,
        fresh: true,
        buyerId: buyer.id,
        // Never for an account matched by e-mail: anyone may type someone else's address.
        rememberAddress: buyer.outcome !== "matched",
      };
    });
  }

  /**
   * After the sale is committed: take the money. Answers whether it was taken; a
   * failure is logged and leaves the payment authorized, so the reconciler retries it.
   */
  async function capture(payment: PaymentRow): Promise<boolean> {
    try {
      await provider.capture(payment.providerPaymentId!);
      await updatePayment(db, payment.id, ["authorized"], { status: "captured" });
      return true;
    } catch (error) {
      logger.error("capture failed; the reconciler will retry", { paymentId: payment.id, error });
      return false;
    }
  }

  /** SPEC §4 step 5 (only for a buyer who proved the account is theirs); failure is only logged. */
  async function rememberAddress(payment: PaymentRow, buyerId: string) {
    if (!payment.shippingAddress) return;
    try {
      await saveShippingAddress(db, buyerId, payment.shippingAddress);
    } catch (error) {
      logger.error("saving the buyer's shipping address failed", { paymentId: payment.id, error });
    }
  }

  /** A payment that will not make a sale (the work was lost or is no longer listed). */
  async function cancelUnsold(payment: PaymentRow) {
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

  async function complete(paymentId: string): Promise<PurchaseCompleted> {
    const payment = await findPayment(db, paymentId);
    if (!payment?.providerPaymentId) throw new AppError("NOT_FOUND", 404, "Payment not found.");
    // The sale marks the payment authorized in the order's transaction; only capture
    // and refund come after. Before it, the processor must say the card is authorized.
    const done = ["authorized", "captured", "refunded"].includes(payment.status);
    if (!done) {
      if (payment.status === "cancelled") {
        const unlisted = payment.failureMessage === UNLISTED_FAILURE;
        throw new AppError("CONFLICT", 409, unlisted ? unlistedMessage : lostSaleMessage);
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
      ? await hashPassword(randomBytes(24).toString("base64url"))
      : null;
    const outcome = await sell(payment, passwordHash);
    if (outcome.kind === "lost" || outcome.kind === "unlisted") {
      await cancelUnsold(payment);
      const message = outcome.kind === "lost" ? lostSaleMessage : unlistedMessage;
      throw new AppError("CONFLICT", 409, message);
    }
    if (outcome.kind === "refused") {
      if (outcome.payment.status === "declined") {
        throw new AppError(
          "PAYMENT_FAILED",
          402,
          outcome.payment.failureMessage ?? m.paymentFailed,
        );
      }
      throw new AppError("CONFLICT", 409, lostSaleMessage);
    }
    if (outcome.fresh) {
      deps.kickOutbox();
      await capture(payment);
      if (outcome.rememberAddress) await rememberAddress(payment, outcome.buyerId);
    }
    return {
      orderId: outcome.orderId,
      artworkId: payment.artworkId,
      accountMessage: accountMessage(outcome.guestAccount),
    };
  }

  /**
   * `POST /api/checkout/complete`: only for the payer, who proves it with the client
   * secret their browser was given; to anyone else the payment does not exist. The
   * webhook and the reconciler call complete() directly.
   */
  async function completeForPayer(
    paymentId: string,
    clientSecret: string,
  ): Promise<PurchaseCompleted> {
    const payment = await findPayment(db, paymentId);
    if (!payment || !isClientSecretOf(payment, clientSecret)) {
      throw new AppError("NOT_FOUND", 404, "Payment not found.");
    }
    return complete(paymentId);
  }

  return { complete, completeForPayer, capture };
}

export type PurchaseService = ReturnType<typeof createPurchaseService>;
