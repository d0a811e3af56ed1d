import { randomBytes } from "node:crypto";
import { checkoutMessages as m, guestNames } from "../../../domain/checkout";
import type { Database, Queryable } from "../../db/client";
import type { GuestAccountOutcome } from "../../db/schema";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import { workPicture } from "../../mail/mail-content";
import { enqueueMail } from "../mail/mail.api";
import { SHIP_BY_DAYS, addDays, splitSale } from "../../../domain/orders";
import { currentCommissionBps } from "../orders/orders.api";
import { findOrderByPayment } from "../orders/orders.api";
import { openOrder } from "../orders/orders.api";
import { insertResetToken } from "../auth/auth.api";
import { purchaseConfirmationMail, saleNoticeMail } from "./checkout.mails";
import { PURCHASE_PASSWORD_DAYS, setPasswordPath } from "./purchase-password";
import { claimArtwork, findArtworkForCheckout, releaseReservation } from "./checkout.repository";
import { OWN_ARTWORK_FAILURE, UNLISTED_FAILURE } from "./checkout.rules";
import { findContact, findUserIdByEmail, insertGuestUser } from "../users/users.api";
import { type PaymentRow, lockPayment, updatePayment } from "./payments.repository";
import { closeOffersOnSoldWork } from "./offer-close.service";
import { type ClosedOffer, attachBuyer } from "./offers.repository";

/**
 * The sale itself, in one transaction: the order, the guest's account, the e-mails. The
 * payment row is locked for the transaction, so one call makes the order and later ones
 * read it back.
 */

export type SaleDeps = {
  db: Database;
  logger: Logger;
  publicUrl: string;
  /** The configured commission, until the team sets one (decision 0029). */
  commissionBps: number;
  now: () => Date;
  /** The key of an offer's buyer links (offers close when their work sells). */
  offerKey: (offerId: string) => string;
  /** The services' password hashing, for a new guest account's unknown password. */
  hashPassword: (password: string) => Promise<string>;
  /** The set-password token of the account a guest's payment made (purchase-password.ts). */
  passwordToken: (paymentId: string) => string;
};

type Sold = {
  kind: "sold";
  orderId: string;
  guestAccount: GuestAccountOutcome | null;
  /** Other buyers' open offers on the work, closed by this sale: their holds to release. */
  closedOffers: ClosedOffer[];
};
export type SaleOutcome =
  | (Sold & { fresh: false })
  /** `rememberAddress`: the buyer proved they own the account (signed in, or it was just made). */
  | (Sold & { fresh: true; buyerId: string; rememberAddress: boolean })
  | { kind: "lost" }
  /** An offer's sale only: someone is checking out the work right now; nothing changed. */
  | { kind: "reserved" }
  | { kind: "unlisted" }
  /** The buyer's account is the work's artist's or owner's (a guest typed their e-mail). */
  | { kind: "own" }
  | { kind: "refused"; payment: PaymentRow };

/** A guest's account: the one with this e-mail, or a new collector account. */
async function guestBuyer(
  { logger, hashPassword }: Pick<SaleDeps, "logger" | "hashPassword">,
  tx: Queryable,
  payment: PaymentRow,
  passwordHash: string | null,
) {
  const existing = await findUserIdByEmail(tx, payment.purchaserEmail);
  if (existing) return { id: existing, outcome: "matched" as const };
  try {
    const { firstName, lastName } = guestNames(payment.purchaserName, payment.purchaserEmail);
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
    // The cause is logged for us; the buyer is told in words meant for them.
    logger.error("guest account creation failed", { paymentId: payment.id, error });
    throw new AppError("INTERNAL", 500, m.guestAccountFailed);
  }
}

/**
 * The new account has a password nobody knows: the buyer gets a link that sets one and
 * opens their purchases, in the confirmation e-mail and on the success page.
 */
async function issuePasswordLink(
  tx: Queryable,
  deps: Pick<SaleDeps, "publicUrl" | "passwordToken">,
  paymentId: string,
  userId: string,
  now: Date,
): Promise<string> {
  const token = deps.passwordToken(paymentId);
  await insertResetToken(tx, {
    token,
    userId,
    expiresAt: addDays(now, PURCHASE_PASSWORD_DAYS),
    createdAt: now,
  });
  return `${deps.publicUrl}${setPasswordPath(token)}`;
}

export async function sell(
  deps: SaleDeps,
  payment: PaymentRow,
  passwordHash: string | null,
): Promise<SaleOutcome> {
  return deps.db.transaction((tx) => sellIn(tx, deps, payment, passwordHash));
}

/**
 * The sale inside the caller's transaction (an accepted offer sells in its own, with
 * the offer's row locked). An offer's payment (`offerId`) may buy a work that is offers
 * only; when it cannot claim the work, its payment is left as it is for the offer to
 * settle (the offer releases the hold after its transaction).
 */
export async function sellIn(
  tx: Queryable,
  deps: SaleDeps,
  payment: PaymentRow,
  passwordHash: string | null,
): Promise<SaleOutcome> {
  const { publicUrl } = deps;
  const locked = await lockPayment(tx, payment.id);
  if (!locked) throw new AppError("NOT_FOUND", 404, "Payment not found.");
  const existing = await findOrderByPayment(tx, locked.id);
  if (existing) {
    return {
      kind: "sold",
      orderId: existing.id,
      guestAccount: locked.guestAccount,
      fresh: false,
      closedOffers: [],
    };
  }
  if (locked.status !== "created" && locked.status !== "authorized") {
    return { kind: "refused", payment: locked };
  }
  // Before any guest account is made: a work the marketplace no longer lists is not sold.
  const offer = locked.offerId !== null;
  const work = await findArtworkForCheckout(tx, locked.artworkId);
  if (!work?.listed) {
    if (offer) return { kind: "unlisted" };
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
    : await guestBuyer(deps, tx, locked, passwordHash);
  // A guest who typed the e-mail of the work's own artist or owner: the work is not sold
  // to them. Nothing before the card was held told the guest whose e-mail it is
  // (decision 0042), so this is the first place it is known. An offer's hold is released
  // by the offer after its transaction; a purchase's here and by its caller.
  if (buyer.id === work.ownerId || buyer.id === work.artistId) {
    if (offer) return { kind: "own" };
    await updatePayment(tx, locked.id, ["created", "authorized"], {
      status: "cancelled",
      failureMessage: OWN_ARTWORK_FAILURE,
    });
    await releaseReservation(tx, locked.artworkId, locked.id);
    return { kind: "own" };
  }
  const artwork = await claimArtwork(tx, {
    artworkId: locked.artworkId,
    paymentId: locked.id,
    buyerId: buyer.id,
    offer,
  });
  if (!artwork) {
    if (offer) {
      // Still its artist's and open: someone holds it in checkout; the offer stays open.
      const now = await findArtworkForCheckout(tx, locked.artworkId);
      const stillOpen = now && now.ownerId === now.artistId && now.status !== "draft";
      return stillOpen ? { kind: "reserved" } : { kind: "lost" };
    }
    await updatePayment(tx, locked.id, ["created", "authorized"], {
      status: "cancelled",
      failureMessage: "The artwork was sold to another buyer first.",
    });
    return { kind: "lost" };
  }
  // The commission is frozen on the order: a later change of rate never alters it.
  const money = splitSale(
    locked.preTaxAmount,
    locked.taxAmount,
    await currentCommissionBps(tx, deps.commissionBps),
  );
  const soldAt = deps.now();
  const order = await openOrder(
    tx,
    {
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
      timestamp: soldAt,
      artistId: artwork.artistId,
      commissionBps: money.commissionBps,
      commissionAmount: money.commission,
      artistNet: money.artistNet,
      pickUpZipCode: artwork.allowBuyerPickUp ? artwork.zipCode : null,
      shipBy: addDays(soldAt, SHIP_BY_DAYS),
    },
    soldAt,
    { finalSale: artwork.finalSale },
  );
  if (!order) throw new Error("order insert conflicted under the payment lock");
  await updatePayment(tx, locked.id, ["created", "authorized"], {
    status: "authorized",
    purchaserId: buyer.id,
    guestAccount: buyer.outcome,
  });
  // A guest's offer whose sale made their account: the offer is that new account's too.
  // One the e-mail's existing account matched waits for its owner (decision 0042).
  if (locked.offerId && buyer.outcome === "created") {
    await attachBuyer(tx, locked.offerId, buyer.id, soldAt);
  }
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
    shipBy: order.shipBy,
    commission: order.commissionAmount,
    artistNet: order.artistNet,
    salesLink: `${publicUrl}/profile/sales`,
    picture: workPicture(
      publicUrl,
      artwork.imageThumbnail,
      `"${artwork.title}" by ${artwork.artistName}`,
    ),
  };
  await enqueueMail(
    tx,
    purchaseConfirmationMail(sale, `${publicUrl}/profile/purchases`, {
      account: buyer.outcome,
      setPasswordLink:
        buyer.outcome === "created"
          ? await issuePasswordLink(tx, deps, locked.id, buyer.id, soldAt)
          : null,
    }),
  );
  if (artist) await enqueueMail(tx, saleNoticeMail(sale, artist.email, artist.timeZone));
  // Every other open offer on the work ends with this sale (decision 0030).
  const closedOffers = await closeOffersOnSoldWork(tx, {
    artworkId: locked.artworkId,
    exceptOfferId: locked.offerId,
    now: soldAt,
    publicUrl,
    offerKey: deps.offerKey,
  });
  return {
    kind: "sold",
    orderId: order.id,
    guestAccount: buyer.outcome,
    closedOffers,
    fresh: true,
    buyerId: buyer.id,
    // Never for an account matched by e-mail: anyone may type someone else's address.
    rememberAddress: buyer.outcome !== "matched",
  };
}
