import type { OfferAuthorization, OfferMoved } from "../../../contracts/offers.contract";
import {
  type OfferMove,
  type OfferParty,
  afterCounter,
  counterProblem,
  moveRefusal,
  offerMessages as m,
} from "../../../domain/offers";
import type { Queryable } from "../../db/client";
import { AppError } from "../../errors";
import { findArtworkForCheckout, lockArtwork } from "./checkout.repository";
import { type PaymentRow, findPayment, updatePayment } from "./payments.repository";
import { workPicture } from "../../mail/mail-content";
import { enqueueMail } from "../mail/mail.api";
import { findContact } from "../users/users.api";
import { releaseOfferHolds } from "./holds.service";
import { offerAccessKey } from "./offer-key";
import { capture } from "./purchase.service";
import { sellIn } from "./sale.service";
import {
  type OfferMailFacts,
  counterToBuyerMail,
  offerAcceptedMail,
  offerClosedBySaleMail,
  offerDeclinedMail,
  offerLinks,
  offerToArtistMail,
  offerWithdrawnMail,
} from "./offers.mails";
import {
  type OfferRow,
  type OfferWithWork,
  holdsOf,
  insertOfferEvent,
  lockOffer,
  updateOffer,
} from "./offers.repository";
import {
  type OfferAccess,
  type OffersDeps,
  authorizeFor,
  checkClientStarts,
  offerFor,
  validAmount,
  viewOf,
} from "./offers.service";
import { DEFAULT_TIME_ZONE } from "../../../domain/date-time";

/**
 * The moves on an open offer (decision 0030): accept, counter, decline,
 * withdraw, and the buyer's new authorization before accepting or countering. Each
 * move locks the offer's row and checks the rules again under the lock; an acceptance
 * locks the artwork first, the order every sale takes locks in (decision 0030).
 */

type Party = { offer: OfferWithWork; party: OfferParty };

async function moverOf(
  deps: OffersDeps,
  offerId: string,
  access: OfferAccess,
  move: OfferMove,
): Promise<Party> {
  const { offer, party } = await offerFor(deps, offerId, access);
  if (party === "team")
    throw new AppError("FORBIDDEN", 403, "The team can see offers but not answer them.");
  const refusal = moveRefusal(offer, party, move, deps.now());
  if (refusal) throw new AppError("CONFLICT", 409, refusal);
  return { offer, party };
}

/** The rules again, under the offer's row lock: a move that raced another one loses here. */
function recheck(
  locked: OfferRow | undefined,
  party: OfferParty,
  move: OfferMove,
  now: Date,
  amount: number,
) {
  if (!locked) throw new AppError("NOT_FOUND", 404, m.notFound);
  const refusal = moveRefusal(locked, party, move, now);
  if (refusal) throw new AppError("CONFLICT", 409, refusal);
  if (locked.amountCents !== amount) throw new AppError("CONFLICT", 409, m.amountChanged);
}

function facts(
  deps: Pick<OffersDeps, "publicUrl">,
  offer: OfferWithWork,
  amountCents: number,
  expiresAt: Date,
): OfferMailFacts {
  return {
    picture: workPicture(
      deps.publicUrl,
      offer.artworkThumbnail,
      `"${offer.artworkTitle}" by ${offer.artistName}`,
    ),
    title: offer.artworkTitle,
    artistName: offer.artistName,
    buyerName: offer.buyerName,
    amountCents,
    expiresAt,
  };
}

function linksOf(deps: OffersDeps, offerId: string) {
  return offerLinks(deps.publicUrl, offerId, offerAccessKey(deps.secret, offerId));
}

async function event(
  tx: Queryable,
  offerId: string,
  actor: OfferParty | "system",
  kind: string,
  amountCents: number | null,
  message: string | null,
  at: Date,
) {
  await insertOfferEvent(tx, { offerId, actor, kind, amountCents, message, createdAt: at });
}

/**
 * The buyer's new authorization, named in an accept or counter: it must be this offer's,
 * for `amount`, unused, and held by the processor.
 */
async function buyersNewHold(
  deps: OffersDeps,
  offer: OfferRow,
  paymentId: string | undefined,
  amount: number,
): Promise<PaymentRow> {
  if (!paymentId) throw new AppError("PAYMENT_FAILED", 402, m.cardNotConfirmed);
  const payment = await findPayment(deps.db, paymentId);
  const usable =
    payment &&
    payment.offerId === offer.id &&
    payment.id !== offer.paymentId &&
    (payment.status === "created" || payment.status === "authorized");
  if (!usable) throw new AppError("PAYMENT_FAILED", 402, m.cardNotConfirmed);
  if (payment.preTaxAmount !== amount) throw new AppError("CONFLICT", 409, m.amountChanged);
  const status = payment.providerPaymentId
    ? await deps.provider.retrieve(payment.providerPaymentId)
    : "cancelled";
  if (status !== "authorized") throw new AppError("PAYMENT_FAILED", 402, m.cardNotConfirmed);
  return payment;
}

/** After the move commits: every hold of the offer but `keep` goes back to the buyer's card. */
async function releaseAllBut(deps: OffersDeps, offerId: string, keep: string | null) {
  const holds = (await holdsOf(deps.db, [offerId])).filter((hold) => hold.paymentId !== keep);
  await releaseOfferHolds(deps, holds);
}

/**
 * Which amounts the buyer may authorize now: the counter's (to accept) or a counter of
 * their own. The hidden minimum is not checked here, where no card is needed yet: a
 * counter below it is declined once its hold is confirmed, as a first offer is.
 */
function checkBuyerAmount(offer: OfferRow, amount: number) {
  if (amount === offer.amountCents) return;
  if (offer.rounds >= 3) throw new AppError("CONFLICT", 409, m.noMoreRounds);
  const problem = counterProblem("buyer", offer.amountCents, amount);
  if (problem) throw new AppError("VALIDATION_FAILED", 400, problem);
}

/**
 * `POST /api/offers/:id/payments` (the buyer): a new authorization for the counter's amount
 * (to accept it) or for their own counteroffer, confirmed in the browser before the move.
 */
export async function authorizeOfferMove(
  deps: OffersDeps,
  offerId: string,
  access: OfferAccess,
  body: { amount: number; expectedTotal: number },
  clientIp?: string,
): Promise<OfferAuthorization> {
  const amount = validAmount(body.amount);
  const { offer, party } = await moverOf(deps, offerId, access, "accept");
  if (party !== "buyer") throw new AppError("FORBIDDEN", 403, m.notYourMove);
  checkBuyerAmount(offer, amount);
  await checkClientStarts(deps.db, clientIp);
  const authorization = await authorizeFor(deps, offer, amount, clientIp ?? null);
  if (authorization.totalAmount !== body.expectedTotal) {
    await releaseOfferHolds(deps, [
      {
        offerId: offer.id,
        paymentId: authorization.paymentId,
        providerPaymentId: authorization.payment.providerPaymentId,
      },
    ]);
    throw new AppError("PRICE_CHANGED", 409, m.amountChanged);
  }
  const { payment: _payment, ...answer } = authorization;
  return answer;
}

/**
 * `POST /api/offers/:id/accept`. The artist accepts the buyer's amount with the hold the
 * buyer gave; the buyer accepts the artist's counter with a new hold for its amount. Either
 * way the work is sold by the checkout's exactly-once sale in the same transaction; then
 * the capture, and every other hold goes back.
 */
export async function acceptOffer(
  deps: OffersDeps,
  offerId: string,
  access: OfferAccess,
  body: { amount?: number | undefined; paymentId?: string | undefined },
): Promise<OfferMoved> {
  const { db } = deps;
  const { offer, party } = await moverOf(deps, offerId, access, "accept");
  if (body.amount !== undefined && body.amount !== offer.amountCents) {
    throw new AppError("CONFLICT", 409, m.amountChanged);
  }
  const newHold =
    party === "buyer" ? await buyersNewHold(deps, offer, body.paymentId, offer.amountCents) : null;
  const now = deps.now();
  const links = linksOf(deps, offer.id);
  const outcome = await db.transaction(async (tx) => {
    // The artwork first, as every sale locks it: acceptances of one work queue here.
    await lockArtwork(tx, offer.artworkId);
    const locked = await lockOffer(tx, offer.id);
    recheck(locked, party, "accept", now, offer.amountCents);
    let payment: PaymentRow | undefined;
    if (newHold) {
      const held = await updatePayment(tx, newHold.id, ["created", "authorized"], {
        status: "authorized",
      });
      // The sweep released this hold a moment ago (unused for 30 minutes): nothing is sold.
      if (!held) throw new AppError("PAYMENT_FAILED", 402, m.cardNotConfirmed);
      await updateOffer(tx, offer.id, ["open"], { paymentId: newHold.id }, now);
      payment = { ...newHold, status: "authorized" };
    } else if (locked!.paymentId) {
      payment = await findPayment(tx, locked!.paymentId);
    }
    if (!payment || (payment.status !== "authorized" && payment.status !== "created")) {
      // The hold ended at the processor (it lapsed, say): the offer cannot be kept.
      await updateOffer(tx, offer.id, ["open"], { status: "expired", lastMoveAt: now }, now);
      await event(tx, offer.id, "system", "expired", offer.amountCents, null, now);
      return { kind: "ended" as const, message: m.expired };
    }
    const sale = await sellIn(tx, deps, payment, null);
    if (sale.kind === "reserved") throw new AppError("CONFLICT", 409, m.reserved);
    if (sale.kind !== "sold") {
      // A guest's offer made with the artist's own e-mail is never sold to the artist.
      const reason =
        sale.kind === "unlisted" ? "unlisted" : sale.kind === "own" ? "own_artwork" : "sold";
      await updateOffer(
        tx,
        offer.id,
        ["open"],
        { status: "declined", declineReason: reason, lastMoveAt: now },
        now,
      );
      await event(tx, offer.id, "system", `closed_${reason}`, offer.amountCents, null, now);
      if (party === "artist" && reason === "sold") {
        await enqueueMail(
          tx,
          offerClosedBySaleMail(
            facts(deps, offer, offer.amountCents, now),
            offer.buyerEmail,
            links.buyer,
          ),
        );
      }
      const message = { sold: m.sold, unlisted: m.notAccepting, own_artwork: m.ownEmail };
      return { kind: "ended" as const, message: message[reason] };
    }
    await updateOffer(
      tx,
      offer.id,
      ["open"],
      { status: "accepted", orderId: sale.orderId, lastMoveAt: now },
      now,
    );
    await event(tx, offer.id, party, "accepted", offer.amountCents, null, now);
    const to =
      party === "artist" ? offer.buyerEmail : (await findContact(tx, offer.artistId))?.email;
    const link = party === "artist" ? links.buyer : links.artist;
    if (to)
      await enqueueMail(
        tx,
        offerAcceptedMail(facts(deps, offer, offer.amountCents, now), to, link, party),
      );
    return { kind: "sold" as const, sale, payment };
  });
  if (outcome.kind === "sold") {
    deps.kickOutbox();
    if (outcome.sale.fresh) await capture(deps, outcome.payment);
    await releaseOfferHolds(deps, outcome.sale.closedOffers);
    await releaseAllBut(deps, offer.id, outcome.payment.id);
    return { offer: await viewOf(deps, offer.id, party), message: null };
  }
  deps.kickOutbox();
  await releaseAllBut(deps, offer.id, null);
  throw new AppError("CONFLICT", 409, outcome.message);
}

/**
 * `POST /api/offers/:id/counter`: a new amount for the other side, 48 hours to answer.
 * The buyer's counter comes with a new hold for it (the old one is released).
 */
export async function counterOffer(
  deps: OffersDeps,
  offerId: string,
  access: OfferAccess,
  body: { amount: number; paymentId?: string | undefined },
): Promise<OfferMoved> {
  const { db } = deps;
  const amount = validAmount(body.amount);
  const { offer, party } = await moverOf(deps, offerId, access, "counter");
  const problem = counterProblem(party, offer.amountCents, amount);
  if (problem) throw new AppError("VALIDATION_FAILED", 400, problem);
  let newHold: PaymentRow | null = null;
  if (party === "buyer") {
    checkBuyerAmount(offer, amount);
    newHold = await buyersNewHold(deps, offer, body.paymentId, amount);
    const minimum = (await findArtworkForCheckout(db, offer.artworkId))?.offerMinimumCents ?? null;
    if (minimum !== null && amount < minimum) return declineBelowMinimum(deps, offer, amount);
  }
  const now = deps.now();
  const expiresAt = afterCounter(offer, party, now).expiresAt;
  const links = linksOf(deps, offer.id);
  await db.transaction(async (tx) => {
    const locked = await lockOffer(tx, offer.id);
    recheck(locked, party, "counter", now, offer.amountCents);
    await updateOffer(
      tx,
      offer.id,
      ["open"],
      {
        ...afterCounter(locked!, party, now),
        amountCents: amount,
        lastMoveAt: now,
        ...(newHold ? { paymentId: newHold.id } : {}),
      },
      now,
    );
    if (
      newHold &&
      !(await updatePayment(tx, newHold.id, ["created", "authorized"], { status: "authorized" }))
    ) {
      // The sweep released this hold a moment ago (unused for 30 minutes).
      throw new AppError("PAYMENT_FAILED", 402, m.cardNotConfirmed);
    }
    await event(tx, offer.id, party, "countered", amount, null, now);
    const mailFacts = facts(deps, offer, amount, expiresAt);
    if (party === "artist") {
      const buyerContact = offer.buyerId ? await findContact(tx, offer.buyerId) : undefined;
      const buyerZone = buyerContact?.timeZone ?? DEFAULT_TIME_ZONE;
      await enqueueMail(
        tx,
        counterToBuyerMail(mailFacts, offer.buyerEmail, links.buyer, buyerZone),
      );
    } else {
      const artist = await findContact(tx, offer.artistId);
      if (artist) {
        await enqueueMail(
          tx,
          offerToArtistMail(
            mailFacts,
            artist.email,
            links.artist,
            { counter: true, note: "" },
            artist.timeZone,
          ),
        );
      }
    }
  });
  deps.kickOutbox();
  // The buyer's earlier hold gives way to the new one; an artist's counter keeps the buyer's.
  if (newHold) await releaseAllBut(deps, offer.id, newHold.id);
  return { offer: await viewOf(deps, offer.id, party), message: null };
}

/**
 * The buyer's counter, with its hold confirmed, is below the artist's hidden minimum: the
 * offer is declined as a first offer below it is, politely, and every hold goes back.
 * Checked only once a card is held, so probing the minimum costs an authorization a try.
 */
async function declineBelowMinimum(
  deps: OffersDeps,
  offer: OfferWithWork,
  amount: number,
): Promise<OfferMoved> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const locked = await lockOffer(tx, offer.id);
    recheck(locked, "buyer", "counter", now, offer.amountCents);
    const changes = {
      status: "declined" as const,
      declineReason: "below_minimum" as const,
      lastMoveAt: now,
    };
    await updateOffer(tx, offer.id, ["open"], changes, now);
    await event(tx, offer.id, "system", "declined_minimum", amount, null, now);
  });
  await releaseAllBut(deps, offer.id, null);
  return { offer: await viewOf(deps, offer.id, "buyer"), message: m.belowMinimum };
}

/** Declining or withdrawing: the offer ends, the other side is told, the hold goes back. */
async function endOffer(
  deps: OffersDeps,
  offerId: string,
  access: OfferAccess,
  move: "decline" | "withdraw",
  message: string,
): Promise<OfferMoved> {
  const { db } = deps;
  const { offer, party } = await moverOf(deps, offerId, access, move);
  const now = deps.now();
  const links = linksOf(deps, offer.id);
  const text = message.trim();
  await db.transaction(async (tx) => {
    const locked = await lockOffer(tx, offer.id);
    recheck(locked, party, move, now, offer.amountCents);
    const changes =
      move === "withdraw"
        ? { status: "withdrawn" as const, lastMoveAt: now }
        : {
            status: "declined" as const,
            declineReason: party,
            declineMessage: text || null,
            lastMoveAt: now,
          };
    await updateOffer(tx, offer.id, ["open"], changes, now);
    await event(
      tx,
      offer.id,
      party,
      move === "withdraw" ? "withdrawn" : "declined",
      offer.amountCents,
      text || null,
      now,
    );
    const mailFacts = facts(deps, offer, offer.amountCents, now);
    const artist = await findContact(tx, offer.artistId);
    if (move === "withdraw") {
      if (artist) await enqueueMail(tx, offerWithdrawnMail(mailFacts, artist.email, links.artist));
    } else if (party === "artist") {
      await enqueueMail(
        tx,
        offerDeclinedMail(mailFacts, offer.buyerEmail, links.buyer, { by: party, message: text }),
      );
    } else if (artist) {
      await enqueueMail(
        tx,
        offerDeclinedMail(mailFacts, artist.email, links.artist, { by: party, message: text }),
      );
    }
  });
  deps.kickOutbox();
  await releaseAllBut(deps, offer.id, null);
  return { offer: await viewOf(deps, offer.id, party), message: m.holdReleased };
}

/** `POST /api/offers/:id/decline`: whoever's turn it is, with an optional message. */
export function declineOffer(
  deps: OffersDeps,
  offerId: string,
  access: OfferAccess,
  body: { message: string },
) {
  return endOffer(deps, offerId, access, "decline", body.message);
}

/** `POST /api/offers/:id/withdraw`: the buyer, whoever's turn it is. */
export function withdrawOffer(deps: OffersDeps, offerId: string, access: OfferAccess) {
  return endOffer(deps, offerId, access, "withdraw", "");
}
