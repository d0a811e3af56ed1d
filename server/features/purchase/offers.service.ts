import { randomUUID } from "node:crypto";
import type { SessionUser } from "../../../contracts/auth.contract";
import type { Quote } from "../../../contracts/checkout.contract";
import type {
  ClaimOfferBody,
  MakeOfferBody,
  OfferClaimed,
  MyOffers,
  OfferAuthorization,
  OfferMade,
  OfferMoved,
  OfferQuoteBody,
  OfferView,
} from "../../../contracts/offers.contract";
import {
  MAX_PAYMENT_STARTS_PER_CLIENT,
  RESERVATION_MINUTES,
  buyerEmailOf,
  checkoutMessages,
  paymentProblem,
} from "../../../domain/checkout";
import {
  AWAITING_CARD_MINUTES,
  MAX_OFFERS_PER_WORK_PER_DAY,
  type OfferParty,
  allowedMoves,
  checkOfferAmount,
  hoursLater,
  offerExpiry,
  offerMessages as m,
  offerStatusText,
} from "../../../domain/offers";
import { isUuid } from "../../../domain/ids";
import { type TaxSplit, salesTax } from "../../../domain/sales-tax";
import type { Database, Queryable } from "../../db/client";
import type { ShippingAddress } from "../../db/schema";
import { UNIQUE_VIOLATION, pgErrorCode } from "../../db/pg-errors";
import { AppError } from "../../errors";
import { findArtworkForCheckout } from "./checkout.repository";
import { findContact, findUserIdByEmail } from "../users/users.api";
import {
  type PaymentRow,
  countRecentPaymentsFrom,
  findPayment,
  insertPayment,
  updatePayment,
} from "./payments.repository";
import { workPicture } from "../../mail/mail-content";
import { enqueueMail } from "../mail/mail.api";
import { releaseOfferHolds } from "./holds.service";
import type { PurchaseDeps } from "./purchase.service";
import { isOfferAccessKey, isOfferClaimKey, offerAccessKey, offerClaimLink } from "./offer-key";
import { offerLinks, offerSentMail, offerToArtistMail } from "./offers.mails";
import {
  type OfferRow,
  type OfferWithWork,
  attachBuyer,
  countOffersSince,
  findOffer,
  findOpenGuestOffer,
  findOpenOffer,
  insertOffer,
  insertOfferEvent,
  listOfferEvents,
  listOffersOf,
  lockOffer,
  updateOffer,
} from "./offers.repository";
import { DEFAULT_TIME_ZONE } from "../../../domain/date-time";

/**
 * Offers (decision 0030): making one (the card authorized, not captured), who
 * may see it, and its page. The moves are in offer-moves.service.ts, the timers in
 * offers.timers.ts.
 */

/** Offers share the purchase module's deps: the sale, capture and hold release are theirs. */
export type OffersDeps = PurchaseDeps;

/** Who asks: the session's user, and for a guest buyer the key from their link. */
export type OfferAccess = { viewer: SessionUser | null; key?: string | undefined };
export type OfferViewer = OfferParty | "team";

/** Never on the table, so its artist never sees it (as listOffersOf leaves it out). */
function neverMade(offer: OfferRow): boolean {
  if (offer.status === "awaiting_card" || offer.status === "lapsed") return true;
  return offer.declineReason === "below_minimum" && offer.rounds === 1;
}

export function offerNotFound() {
  return new AppError("NOT_FOUND", 404, m.notFound);
}

/**
 * The viewer's side of the offer, or a 404 for anyone who is not its buyer, its artist or
 * the team (an id that is not an offer's answers the same).
 */
export function partyOf(deps: OffersDeps, offer: OfferRow, access: OfferAccess): OfferViewer {
  const { viewer, key } = access;
  if (viewer?.id === offer.buyerId) return "buyer";
  if (viewer?.id === offer.artistId) return "artist";
  if (key && isOfferAccessKey(deps.secret, offer.id, key)) return "buyer";
  if (viewer?.role === "admin") return "team";
  throw offerNotFound();
}

/** The offer and the viewer's side; 404 for anyone else. */
export async function offerFor(deps: OffersDeps, offerId: string, access: OfferAccess) {
  if (!isUuid(offerId)) throw offerNotFound();
  const offer = await findOffer(deps.db, offerId.toLowerCase());
  if (!offer) throw offerNotFound();
  // An offer whose card was never confirmed was never made: its artist does not see it.
  const party = partyOf(deps, offer, access);
  if (party === "artist" && neverMade(offer)) throw offerNotFound();
  return { offer, party };
}

function taxOn(amountCents: number, address: ShippingAddress): TaxSplit {
  const split = salesTax(amountCents, address.state);
  if (!split) throw new AppError("VALIDATION_FAILED", 400, checkoutMessages.unknownState);
  return split;
}

export function validAmount(cents: number): number {
  const checked = checkOfferAmount(cents);
  if (!checked.ok) throw new AppError("VALIDATION_FAILED", 400, checked.error);
  return checked.cents;
}

export async function toView(
  deps: OffersDeps,
  offer: OfferWithWork,
  viewer: OfferViewer,
): Promise<OfferView> {
  const events = await listOfferEvents(deps.db, offer.id);
  const tax = salesTax(offer.amountCents, offer.shippingAddress.state);
  const party: OfferParty = viewer === "team" ? "artist" : viewer;
  return {
    id: offer.id,
    artwork: {
      id: offer.artworkId,
      title: offer.artworkTitle,
      imageThumbnail: offer.artworkThumbnail,
      artistName: offer.artistName,
      priceCents: offer.artworkForSale ? offer.artworkPrice : null,
    },
    status: offer.status,
    statusText: offerStatusText(offer, party),
    awaiting: offer.awaiting,
    rounds: offer.rounds,
    amountCents: offer.amountCents,
    taxAmount: tax?.taxAmount ?? 0,
    totalAmount: tax?.totalAmount ?? offer.amountCents,
    note: offer.note,
    buyerName: offer.buyerName,
    shippingAddress: offer.shippingAddress,
    expiresAt: offer.expiresAt.toISOString(),
    declineReason: offer.declineReason,
    declineMessage: offer.declineMessage,
    orderId: offer.orderId,
    createdAt: offer.createdAt.toISOString(),
    viewerRole: viewer,
    moves: viewer === "team" ? [] : allowedMoves(offer, viewer, deps.now()),
    history: events.map((event) => ({
      actor: event.actor,
      kind: event.kind,
      amountCents: event.amountCents,
      message: event.message,
      at: event.createdAt.toISOString(),
    })),
  };
}

export async function viewOf(deps: OffersDeps, offerId: string, viewer: OfferViewer) {
  const offer = await findOffer(deps.db, offerId);
  if (!offer) throw offerNotFound();
  return toView(deps, offer, viewer);
}

/** `GET /api/offers/:id`. */
export async function getOffer(
  deps: OffersDeps,
  offerId: string,
  access: OfferAccess,
): Promise<OfferView> {
  const { offer, party } = await offerFor(deps, offerId, access);
  return toView(deps, offer, party);
}

/** `GET /api/me/offers?role=`: sent (buyer) or received (artist). */
export async function listMyOffers(
  deps: OffersDeps,
  userId: string,
  role: OfferParty,
): Promise<MyOffers> {
  const rows = await listOffersOf(deps.db, userId, role);
  return { offers: await Promise.all(rows.map((row) => toView(deps, row, role))) };
}

async function offerableWork(db: Queryable, artworkId: string, amountCents: number) {
  const artwork = await findArtworkForCheckout(db, artworkId);
  if (!artwork) throw new AppError("NOT_FOUND", 404, "Artwork not found");
  if (!artwork.takesOffers) throw new AppError("CONFLICT", 409, m.notAccepting);
  if (artwork.isForSale && artwork.priceCents !== null && amountCents >= artwork.priceCents) {
    throw new AppError("CONFLICT", 409, m.atOrAbovePrice);
  }
  return artwork;
}

/** `POST /api/offers/quote`: the tax and total on the offered amount at the address. */
export async function quoteOffer(
  deps: OffersDeps,
  body: OfferQuoteBody,
  viewer: SessionUser | null,
): Promise<Quote> {
  const email = buyerEmailOf(body.email, viewer?.email);
  const problem = paymentProblem({ address: body.shippingAddress, email, signedIn: !!viewer });
  if (problem) throw new AppError("VALIDATION_FAILED", 400, problem);
  const amount = validAmount(body.amount);
  await offerableWork(deps.db, body.artworkId, amount);
  return taxOn(amount, body.shippingAddress);
}

/** The limits that make probing a hidden minimum or flooding an artist costly. */
async function checkLimits(
  db: Database,
  input: {
    artworkId: string;
    buyer: { buyerId: string } | { buyerEmail: string };
    clientIp: string | undefined;
    now: Date;
  },
) {
  const { buyer } = input;
  // One open offer per buyer and work: a guest is their e-mail. Two made at once both
  // pass here; the unique indexes open only one of them (confirmOffer).
  const open =
    "buyerId" in buyer
      ? await findOpenOffer(db, input.artworkId, buyer.buyerId)
      : await findOpenGuestOffer(db, input.artworkId, buyer.buyerEmail);
  if (open) throw new AppError("CONFLICT", 409, m.alreadyOpen);
  const dayAgo = hoursLater(input.now, -24);
  if ((await countOffersSince(db, input.artworkId, buyer, dayAgo)) >= MAX_OFFERS_PER_WORK_PER_DAY) {
    throw new AppError("TOO_MANY_ATTEMPTS", 429, m.tooManyOffers);
  }
  // The same brake per network: a guest with a new e-mail each time is a new buyer.
  if (
    input.clientIp &&
    (await countOffersSince(db, input.artworkId, { clientIp: input.clientIp }, dayAgo)) >=
      MAX_OFFERS_PER_WORK_PER_DAY
  ) {
    throw new AppError("TOO_MANY_ATTEMPTS", 429, m.tooManyOffers);
  }
  await checkClientStarts(db, input.clientIp);
}

/** The checkout's limit of payment starts per client address, which offers' holds share. */
export async function checkClientStarts(db: Database, clientIp: string | undefined) {
  const fromClient = clientIp
    ? await countRecentPaymentsFrom(db, clientIp, RESERVATION_MINUTES)
    : 0;
  if (fromClient >= MAX_PAYMENT_STARTS_PER_CLIENT) {
    throw new AppError("TOO_MANY_ATTEMPTS", 429, checkoutMessages.tooManyPaymentStarts);
  }
}

/**
 * A card authorization for `amountCents` plus tax, backing the offer: a payments row
 * marked with the offer (never a purchase by itself), then the processor's authorization.
 * When the processor cannot be reached the payment ends and the caller answers 503.
 */
export async function authorizeFor(
  deps: OffersDeps,
  offer: Pick<
    OfferRow,
    "id" | "artworkId" | "buyerId" | "buyerEmail" | "buyerName" | "shippingAddress"
  >,
  amountCents: number,
  clientIp: string | null,
): Promise<OfferAuthorization & { payment: PaymentRow }> {
  const { db, provider, logger } = deps;
  const amounts = taxOn(amountCents, offer.shippingAddress);
  const paymentId = randomUUID();
  const idempotencyKey = `offer-${offer.id}-${paymentId}`;
  const payment = await insertPayment(db, {
    id: paymentId,
    artworkId: offer.artworkId,
    purchaserId: offer.buyerId,
    purchaserEmail: offer.buyerEmail,
    purchaserName: offer.buyerName || null,
    provider: provider.name,
    idempotencyKey,
    ...amounts,
    shippingAddress: offer.shippingAddress,
    clientIp,
    offerId: offer.id,
  });
  let authorization;
  try {
    authorization = await provider.createAuthorization({
      amount: amounts.totalAmount,
      currency: "usd",
      idempotencyKey,
      metadata: { paymentId, artworkId: offer.artworkId, offerId: offer.id },
    });
  } catch (error) {
    logger.error("creating an offer's authorization failed", { paymentId, error });
    await updatePayment(db, paymentId, ["created"], {
      status: "cancelled",
      failureMessage: "The card processor could not be reached.",
    });
    throw new AppError("INTERNAL", 503, checkoutMessages.paymentFailed);
  }
  await updatePayment(db, paymentId, ["created"], { providerPaymentId: authorization.id });
  return {
    ...amounts,
    paymentId,
    provider: provider.name,
    clientSecret: authorization.clientSecret,
    payment: { ...payment, providerPaymentId: authorization.id },
  };
}

/** `POST /api/offers`: the offer, waiting for the buyer's card (or declined at once below the minimum). */
export async function makeOffer(
  deps: OffersDeps,
  body: MakeOfferBody,
  viewer: SessionUser | null,
  clientIp?: string,
): Promise<OfferMade> {
  const { db } = deps;
  const email = buyerEmailOf(body.email, viewer?.email);
  const problem = paymentProblem({ address: body.shippingAddress, email, signedIn: !!viewer });
  if (problem) throw new AppError("VALIDATION_FAILED", 400, problem);
  const amount = validAmount(body.amount);
  const address = {
    line1: body.shippingAddress.line1.trim(),
    city: body.shippingAddress.city.trim(),
    state: body.shippingAddress.state.trim(),
    postal_code: body.shippingAddress.postal_code.trim(),
  };
  const amounts = taxOn(amount, address);
  const artwork = await offerableWork(db, body.artworkId, amount);
  if (amounts.totalAmount !== body.expectedTotal) {
    throw new AppError("PRICE_CHANGED", 409, m.amountChanged);
  }
  if (viewer && (viewer.id === artwork.artistId || viewer.id === artwork.ownerId)) {
    throw new AppError("CONFLICT", 409, m.ownArtwork);
  }
  const now = deps.now();
  // A guest's offer belongs to no account (decision 0042): typing an e-mail proves nothing
  // about owning it, so nothing here reads the account that e-mail may have, and the answer
  // is the same whether it has one or not. Its owner may attach the offer from the e-mail
  // (claimOffer); a sale finds or makes the account as a guest purchase does.
  const buyerId = viewer?.id ?? null;
  const buyer = buyerId ? { buyerId } : { buyerEmail: email };
  await checkLimits(db, { artworkId: artwork.id, buyer, clientIp, now });
  const buyerName = (viewer?.displayName || body.name?.trim() || "").slice(0, 200);
  // The hidden minimum is checked once the card is held (confirmOffer): probing it costs an
  // authorization a try, and this answer says nothing about it.
  const offer = await insertOffer(db, {
    artworkId: artwork.id,
    artistId: artwork.artistId,
    buyerId,
    buyerEmail: email,
    buyerName,
    status: "awaiting_card",
    amountCents: amount,
    note: body.note.trim(),
    shippingAddress: address,
    expiresAt: hoursLater(now, AWAITING_CARD_MINUTES / 60),
    lastMoveAt: now,
    guestAccount: null,
    clientIp: clientIp ?? null,
    createdAt: now,
    updatedAt: now,
  });
  const accessKey = offerAccessKey(deps.secret, offer.id);
  const common = { accessKey, accountMessage: null };
  let authorization;
  try {
    authorization = await authorizeFor(deps, offer, amount, clientIp ?? null);
  } catch (error) {
    await updateOffer(db, offer.id, ["awaiting_card"], { status: "lapsed" }, deps.now());
    throw error;
  }
  await updateOffer(
    db,
    offer.id,
    ["awaiting_card"],
    { paymentId: authorization.paymentId },
    deps.now(),
  );
  const { payment: _payment, ...answer } = authorization;
  return {
    offer: await viewOf(deps, offer.id, "buyer"),
    authorization: answer,
    ...common,
  };
}

/** Whether the processor holds the card for this payment: authorized, declined, or not yet. */
async function processorSays(deps: OffersDeps, payment: PaymentRow) {
  if (!payment.providerPaymentId) return "cancelled" as const;
  return deps.provider.retrieve(payment.providerPaymentId);
}

/**
 * Before an offer whose card is held goes on the table: the work may have been sold or
 * stopped taking offers since it was made (the offer lapses, 409), or the amount is below
 * the artist's hidden minimum (declined politely, 200 with the message). Either way the
 * hold goes back at once. Undefined: the offer may open.
 */
async function endUnconfirmable(
  deps: OffersDeps,
  offer: OfferWithWork,
  payment: PaymentRow,
): Promise<OfferMoved | undefined> {
  const artwork = await findArtworkForCheckout(deps.db, offer.artworkId);
  const open = artwork !== undefined && artwork.takesOffers;
  const belowMinimum =
    open && artwork.offerMinimumCents !== null && offer.amountCents < artwork.offerMinimumCents;
  if (open && !belowMinimum) return undefined;
  const now = deps.now();
  const changes = belowMinimum
    ? { status: "declined" as const, declineReason: "below_minimum" as const, lastMoveAt: now }
    : { status: "lapsed" as const, lastMoveAt: now };
  await deps.db.transaction(async (tx) => {
    if (!(await updateOffer(tx, offer.id, ["awaiting_card"], changes, now))) return;
    await insertOfferEvent(tx, {
      offerId: offer.id,
      actor: "system",
      kind: belowMinimum ? "declined_minimum" : "lapsed",
      amountCents: offer.amountCents,
      message: null,
      createdAt: now,
    });
  });
  await releaseOfferHolds(deps, [
    { offerId: offer.id, paymentId: payment.id, providerPaymentId: payment.providerPaymentId },
  ]);
  if (!open) throw new AppError("CONFLICT", 409, m.notAccepting);
  return { offer: await viewOf(deps, offer.id, "buyer"), message: m.belowMinimum };
}

/**
 * `POST /api/offers/:id/confirm`: the buyer's browser confirmed the card. When the
 * processor holds it, the offer is made: open for the artist's answer for 48 hours, and
 * both are e-mailed. A declined card ends the offer (the buyer may make a new one).
 */
export async function confirmOffer(
  deps: OffersDeps,
  offerId: string,
  access: OfferAccess,
): Promise<OfferMoved> {
  const { db } = deps;
  const { offer, party } = await offerFor(deps, offerId, access);
  if (party !== "buyer") throw new AppError("FORBIDDEN", 403, m.notYourMove);
  if (offer.status === "open") return { offer: await toView(deps, offer, "buyer"), message: null };
  if (offer.status !== "awaiting_card" || !offer.paymentId) {
    throw new AppError("CONFLICT", 409, m.notOpen);
  }
  const payment = await findPayment(db, offer.paymentId);
  if (!payment) throw offerNotFound();
  const status = await processorSays(deps, payment);
  if (status === "created") throw new AppError("PAYMENT_FAILED", 402, m.cardNotConfirmed);
  if (status !== "authorized") {
    const now = deps.now();
    await db.transaction(async (tx) => {
      if (await updateOffer(tx, offer.id, ["awaiting_card"], { status: "lapsed" }, now)) {
        await insertOfferEvent(tx, {
          offerId: offer.id,
          actor: "system",
          kind: "lapsed",
          amountCents: offer.amountCents,
          message: null,
          createdAt: now,
        });
      }
    });
    await releaseOfferHolds(deps, [
      { offerId: offer.id, paymentId: payment.id, providerPaymentId: payment.providerPaymentId },
    ]);
    const message = payment.failureMessage ?? checkoutMessages.paymentFailed;
    throw new AppError("PAYMENT_FAILED", 402, status === "declined" ? message : m.cardNotConfirmed);
  }
  const ended = await endUnconfirmable(deps, offer, payment);
  if (ended) return ended;
  const now = deps.now();
  const opened = await db.transaction(async (tx) => {
    const locked = await lockOffer(tx, offer.id);
    if (!locked || locked.status !== "awaiting_card") return false;
    try {
      // A savepoint: the unique index may refuse, and the transaction goes on after it.
      await tx.transaction(async (savepoint) => {
        const moved = {
          status: "open" as const,
          awaiting: "artist" as const,
          expiresAt: offerExpiry(now),
          lastMoveAt: now,
        };
        await updateOffer(savepoint, offer.id, ["awaiting_card"], moved, now);
      });
    } catch (error) {
      // This buyer opened another offer on the work meanwhile (one open offer each).
      if (pgErrorCode(error) !== UNIQUE_VIOLATION) throw error;
      await updateOffer(tx, offer.id, ["awaiting_card"], { status: "lapsed" }, now);
      return "duplicate" as const;
    }
    await updatePayment(tx, payment.id, ["created", "authorized"], { status: "authorized" });
    await insertOfferEvent(tx, {
      offerId: offer.id,
      actor: "buyer",
      kind: "made",
      amountCents: offer.amountCents,
      message: offer.note || null,
      createdAt: now,
    });
    const artist = await findContact(tx, offer.artistId);
    const facts = {
      picture: workPicture(
        deps.publicUrl,
        offer.artworkThumbnail,
        `"${offer.artworkTitle}" by ${offer.artistName}`,
      ),
      title: offer.artworkTitle,
      artistName: offer.artistName,
      buyerName: offer.buyerName,
      amountCents: offer.amountCents,
      expiresAt: offerExpiry(now),
    };
    const links = offerLinks(deps.publicUrl, offer.id, offerAccessKey(deps.secret, offer.id));
    if (artist) {
      await enqueueMail(
        tx,
        offerToArtistMail(
          facts,
          artist.email,
          links.artist,
          { counter: false, note: offer.note },
          artist.timeZone,
        ),
      );
    }
    // A guest's offer made with the e-mail of an account: its owner may attach it.
    const owner = offer.buyerId ? undefined : await findUserIdByEmail(tx, offer.buyerEmail);
    const claim = owner
      ? offerClaimLink(deps.secret, deps.publicUrl, offer.id, offer.buyerEmail, now)
      : null;
    const buyerContact = offer.buyerId ? await findContact(tx, offer.buyerId) : undefined;
    const buyerZone = buyerContact?.timeZone ?? DEFAULT_TIME_ZONE;
    await enqueueMail(tx, offerSentMail(facts, offer.buyerEmail, links.buyer, buyerZone, claim));
    return true;
  });
  if (opened === "duplicate") {
    await releaseOfferHolds(deps, [
      { offerId: offer.id, paymentId: payment.id, providerPaymentId: payment.providerPaymentId },
    ]);
    throw new AppError("CONFLICT", 409, m.alreadyOpen);
  }
  if (opened) deps.kickOutbox();
  return { offer: await viewOf(deps, offer.id, "buyer"), message: null };
}

/**
 * `POST /api/offers/:id/claim`: the owner of the account with the offer's e-mail attaches
 * a guest's offer to it, from the link in the e-mail (offer-key.ts). Works once: an
 * attached offer is not attached again.
 */
export async function claimOffer(
  deps: OffersDeps,
  offerId: string,
  { until, key }: ClaimOfferBody,
): Promise<OfferClaimed> {
  const { db } = deps;
  if (!isUuid(offerId)) throw offerNotFound();
  const offer = await findOffer(db, offerId.toLowerCase());
  if (!offer || !isOfferClaimKey(deps.secret, offer.id, offer.buyerEmail, until, key)) {
    throw new AppError("INVALID_TOKEN", 400, m.claimLinkInvalid);
  }
  if (until < deps.now().getTime()) throw new AppError("INVALID_TOKEN", 400, m.claimLinkInvalid);
  const owner = await findUserIdByEmail(db, offer.buyerEmail);
  if (!owner) throw new AppError("INVALID_TOKEN", 400, m.claimLinkInvalid);
  if (offer.buyerId === owner) throw new AppError("CONFLICT", 409, m.claimUsed);
  if (offer.buyerId !== null) throw new AppError("INVALID_TOKEN", 400, m.claimLinkInvalid);
  if (owner === offer.artistId) throw new AppError("CONFLICT", 409, m.ownArtwork);
  let attached;
  try {
    attached = await attachBuyer(db, offer.id, owner, deps.now());
  } catch (error) {
    // The owner has an open offer of their own on the work (one open offer each).
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AppError("CONFLICT", 409, m.alreadyOpen);
    throw error;
  }
  if (!attached) throw new AppError("CONFLICT", 409, m.claimUsed);
  return { offerId: offer.id, message: m.claimed };
}
