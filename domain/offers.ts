import { MAKE_AN_OFFER } from "./display";
import { MAX_PRICE_CENTS } from "./listing";

/**
 * Offers (decision 0030): a buyer offers an amount on a work, backed by a card
 * authorization; the artist accepts, declines or counters; a countered buyer accepts,
 * declines or counters back, each buyer move with a new authorization. Pure rules,
 * shared by the server (which enforces them) and the pages (which offer only the
 * moves they allow).
 */

export const OFFER_STATUSES = [
  /** Made, but the buyer's card is not confirmed yet: nobody else sees it. */
  "awaiting_card",
  /** On the table, waiting for `awaiting` (the artist or the buyer). */
  "open",
  "accepted",
  "declined",
  "expired",
  "withdrawn",
  /** The card was never confirmed: the offer was never made. */
  "lapsed",
] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const CLOSED_OFFER_STATUSES: readonly OfferStatus[] = [
  "accepted",
  "declined",
  "expired",
  "withdrawn",
  "lapsed",
];

export type OfferParty = "artist" | "buyer";
export type OfferActor = OfferParty | "system";

/** Why a declined offer was declined. */
export type DeclineReason =
  | "artist"
  | "buyer"
  | "below_minimum"
  | "sold"
  | "unlisted"
  /** A guest made it with the e-mail of the work's own artist: it cannot be sold to them. */
  | "own_artwork";

export type OfferMove = "accept" | "decline" | "counter" | "withdraw";

/** An offer lapses this long after its last move. */
export const OFFER_HOURS = 48;
/** Amounts on the table at most: the offer and two counters (one each way). */
export const MAX_ROUNDS = 3;
/** An offer whose card is not confirmed within this time lapses. */
export const AWAITING_CARD_MINUTES = 30;
/** At most this many offers per buyer and work in a day (a brake on probing a hidden minimum). */
export const MAX_OFFERS_PER_WORK_PER_DAY = 5;
export const MAX_OFFER_NOTE_LENGTH = 1000;
export const MAX_DECLINE_MESSAGE_LENGTH = 1000;

export type OfferState = {
  status: OfferStatus;
  /** Whose turn it is while open. */
  awaiting: OfferParty;
  /** How many amounts have been put on the table (1 for the first offer). */
  rounds: number;
  expiresAt: Date;
};

export function hoursLater(from: Date, hours: number): Date {
  return new Date(from.getTime() + hours * 3_600_000);
}

export function offerExpiry(lastMoveAt: Date): Date {
  return hoursLater(lastMoveAt, OFFER_HOURS);
}

export function isExpired(offer: Pick<OfferState, "status" | "expiresAt">, now: Date): boolean {
  return offer.status === "open" && offer.expiresAt.getTime() <= now.getTime();
}

/** Why `party` may not make `move` now, or null when they may. */
export function moveRefusal(
  offer: OfferState,
  party: OfferParty,
  move: OfferMove,
  now: Date,
): string | null {
  if (offer.status !== "open") return offerMessages.notOpen;
  if (isExpired(offer, now)) return offerMessages.expired;
  // The buyer may take their offer back whoever's turn it is.
  if (move === "withdraw") return party === "buyer" ? null : offerMessages.notYourMove;
  if (offer.awaiting !== party) return offerMessages.notYourTurn;
  if (move === "counter" && offer.rounds >= MAX_ROUNDS) return offerMessages.noMoreRounds;
  return null;
}

export function mayMove(offer: OfferState, party: OfferParty, move: OfferMove, now: Date): boolean {
  return moveRefusal(offer, party, move, now) === null;
}

/** The moves `party` may make now, in the order the page shows them. */
export function allowedMoves(offer: OfferState, party: OfferParty, now: Date): OfferMove[] {
  const moves: OfferMove[] = ["accept", "counter", "decline", "withdraw"];
  return moves.filter((move) => mayMove(offer, party, move, now));
}

/** The state after a counter: the other side's turn, one more round, 48 hours from now. */
export function afterCounter(offer: OfferState, by: OfferParty, now: Date): OfferState {
  return {
    status: "open",
    awaiting: by === "artist" ? "buyer" : "artist",
    rounds: offer.rounds + 1,
    expiresAt: offerExpiry(now),
  };
}

/**
 * An amount as typed: whole dollars ("1200", "1,200", "$1,200"), positive, at most the
 * checkout's price cap. Answers cents or the message.
 */
export function parseOfferAmount(
  text: string,
): { ok: true; cents: number } | { ok: false; error: string } {
  const cleaned = text.trim().replace(/^\$/, "").replace(/,/g, "");
  // Nothing typed: ask for an amount, not for whole dollars.
  if (cleaned === "") return { ok: false, error: offerMessages.amount };
  if (!/^\d{1,9}$/.test(cleaned)) return { ok: false, error: offerMessages.amountWhole };
  return checkOfferAmount(Number(cleaned) * 100);
}

/** An amount in cents: whole dollars, above 0, at most the checkout's price cap. */
export function checkOfferAmount(
  cents: number,
): { ok: true; cents: number } | { ok: false; error: string } {
  if (!Number.isSafeInteger(cents) || cents <= 0) return { ok: false, error: offerMessages.amount };
  if (cents % 100 !== 0) return { ok: false, error: offerMessages.amountWhole };
  if (cents > MAX_PRICE_CENTS) return { ok: false, error: offerMessages.amountTooHigh };
  return { ok: true, cents };
}

/**
 * A counter must move towards the other side: the artist asks more than the buyer
 * offered, the buyer offers less than the artist asked (otherwise they would accept).
 */
export function counterProblem(by: OfferParty, current: number, proposed: number): string | null {
  if (by === "artist" && proposed <= current) return offerMessages.counterTooLow;
  if (by === "buyer" && proposed >= current) return offerMessages.counterTooHigh;
  return null;
}

export const offerMessages = {
  makeOffer: MAKE_AN_OFFER,
  sendOffer: "Send Offer",
  amount: "Please enter an offer amount above $0.",
  amountWhole: "Please enter the offer in whole dollars.",
  amountTooHigh: "Offers can be at most $900,000.",
  atOrAbovePrice: "Your offer is at or above the price. Please use Buy Now instead.",
  belowMinimum:
    "Thank you for your offer. The artist is not able to accept offers at this amount, so it was declined automatically. Your card has not been charged.",
  notOpen: "This offer is no longer open.",
  expired: "This offer has expired. Its card hold is released.",
  notYourTurn: "This offer is waiting for the other party's reply.",
  notYourMove: "Only the buyer can withdraw an offer.",
  noMoreRounds: "This offer has reached its limit of 3 rounds. You can accept or decline it.",
  counterTooLow: "A counteroffer must be above the buyer's offer.",
  counterTooHigh: "A counteroffer must be below the artist's counteroffer.",
  ownArtwork: "You cannot make an offer on your own artwork.",
  alreadyOpen: "You already have an open offer on this artwork. You can see it in your offers.",
  tooManyOffers: "You have made too many offers on this artwork today. Please try again tomorrow.",
  notAccepting: "This artwork is not open to offers.",
  sold: "Sorry, this artwork has already been sold. The card hold for this offer has been released.",
  ownEmail:
    "This offer was made with the artist's own email address, so the artwork cannot be sold to it. The offer is closed and its card hold has been released.",
  reserved:
    "Someone is buying this artwork right now. Please try again in a few minutes; the offer stays open.",
  amountChanged: "The amount of this offer has changed. Please check it and try again.",
  noteTooLong: "Please keep the note to 1,000 characters.",
  messageTooLong: "Please keep the message to 1,000 characters.",
  notFound: "Offer not found.",
  cardNotConfirmed: "The card has not been authorized for this offer. Please try again.",
  holdReleased: "The card hold has been released.",
  // The pages' own words (the offer panel, /offers/:id and /profile/offers).
  offerPanelTitle: "Make an offer",
  offerAmountLabel: "Your offer (USD, whole dollars)",
  offerAmountHint:
    "The artist has 48 hours to accept, decline or counter. Your card is authorized for the total now and charged only if the offer is accepted.",
  noteLabel: "Note to the artist (optional)",
  // An offer has no receipt: its e-mails are its updates.
  offerEmailHint:
    "We send updates about your offer here, and create an account for it if you have none.",
  offerEmailHintSignedIn: "Your account's email address. We send updates about your offer here.",
  taxOnOffer: "Tax and total appear once the offer, the shipping address and email are complete.",
  sendingOffer: "Sending your offer...",
  accept: "Accept",
  acceptCounter: "Accept the counteroffer",
  decline: "Decline",
  counter: "Counter",
  withdraw: "Withdraw",
  counterAmountLabel: "Counteroffer (USD, whole dollars)",
  // The buyer's two ways out, told apart in one line.
  declineOrWithdraw:
    "Decline turns down the artist's counteroffer; Withdraw takes back your offer. Either way the offer ends and your card hold is released.",
  withdrawOnly: "Withdrawing ends your offer and releases your card hold.",
  declineMessageLabel: "Message (optional)",
  accepted: "The offer was accepted.",
  declined: "The offer was declined.",
  countered: "Your counteroffer was sent.",
  withdrawn: "Your offer was withdrawn. The card hold has been released.",
  offerSent: "Your offer was sent to the artist.",
  viewOrder: "View the order",
  // A guest has no session: the order is in the account their offer's e-mail found or made.
  guestOrder:
    'The order is in the account for the email address you made the offer with (one was created if you had none). To see it, sign in; if you have no password yet, choose "Reset Password" on the sign-in page and we will email you a link to set one.',
  signInForOrder: "Sign in to see the order",
  // The panel's words for a guest, who has no list of offers to open.
  alreadyOpenGuest:
    "You already have an open offer on this artwork. The emails we sent about it link to its page.",
  viewSales: "View your sales",
  // Attaching a guest's offer to the account with its e-mail (decision 0042).
  claimTitle: "Add this offer to your account",
  claimIntro:
    "This offer was made with your email address by someone who was not signed in. If it is yours, add it to your account; if not, leave this page: nothing is added.",
  claimButton: "Add to my account",
  claimed: "The offer is now in your account. Sign in to see it with your offers.",
  claimUsed: "This offer is already in your account.",
  claimLinkInvalid: "This link is invalid or has expired.",
  noReceived: "No offers received yet.",
  noSent: "You have not made any offers yet.",
  loadFailed: "Failed to load offers.",
  actionFailed: "That did not work. Please try again.",
  unknownAction: "That action is not known.",
} as const;

/** The status as a person reads it, for the viewer's side. */
export function offerStatusText(
  offer: Pick<OfferState, "status" | "awaiting"> & { declineReason: DeclineReason | null },
  viewer: OfferParty,
): string {
  switch (offer.status) {
    case "awaiting_card":
      return "Waiting for card confirmation";
    case "open":
      if (offer.awaiting === viewer) return "Waiting for your reply";
      return viewer === "artist"
        ? "Waiting for the buyer's reply"
        : "Waiting for the artist's reply";
    case "accepted":
      return "Accepted";
    case "declined":
      if (offer.declineReason === "below_minimum") return "Declined automatically";
      if (offer.declineReason === "sold") return "Closed: the work was sold";
      if (offer.declineReason === "unlisted") return "Closed: the work is no longer listed";
      if (offer.declineReason === "own_artwork") return "Closed: made with the artist's email";
      return offer.declineReason === viewer ? "Declined by you" : "Declined";
    case "expired":
      return "Expired";
    case "withdrawn":
      return "Withdrawn";
    case "lapsed":
      return "Not sent (card not confirmed)";
  }
}
