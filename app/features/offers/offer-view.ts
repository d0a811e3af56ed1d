import { priceText } from "../../../domain/display";
import { offerMessages as m, offerStatusText } from "../../../domain/offers";
import type { OfferView } from "../../../contracts/offers.contract";
import { formatDateTime } from "../../../domain/date-time";

/**
 * What the offer pages make of an OfferView (decision 0030): the moves the viewer is shown,
 * and the words for its status, expiry and history. The server says which moves the
 * viewer may make (`moves`); the page offers exactly those, in the forms they need.
 */

/**
 * A form on the page: the artist's accept, counter and decline, the buyer's decline and
 * withdraw (plain forms, no card), and the buyer's accept and counter, which authorize
 * their card again (`cardAccept`, `cardCounter`: they need JavaScript).
 */
export type ShownMove =
  "accept" | "counter" | "decline" | "withdraw" | "cardAccept" | "cardCounter";

export function shownMoves(offer: Pick<OfferView, "moves" | "viewerRole">): ShownMove[] {
  if (offer.viewerRole === "team") return [];
  const buyer = offer.viewerRole === "buyer";
  return offer.moves.map((move): ShownMove => {
    if (buyer && move === "accept") return "cardAccept";
    if (buyer && move === "counter") return "cardCounter";
    return move;
  });
}

/** The form's intents: the moves without a card. */
export const PLAIN_MOVES = ["accept", "counter", "decline", "withdraw"] as const;
export type PlainMove = (typeof PLAIN_MOVES)[number];

export function isPlainMove(value: string): value is PlainMove {
  return (PLAIN_MOVES as readonly string[]).includes(value);
}

/** What a move that went through says, when the server has nothing to add. */
export function movedText(move: PlainMove): string {
  switch (move) {
    case "accept":
      return m.accepted;
    case "counter":
      return m.countered;
    case "decline":
      return m.declined;
    case "withdraw":
      return m.withdrawn;
  }
}

/** The status as the viewer reads it (the team reads the server's own text). */
export function statusText(offer: OfferView): string {
  if (offer.viewerRole === "team") return offer.statusText;
  return offerStatusText(offer, offer.viewerRole);
}

const OFFER_KINDS = new Set(["made", "offered", "offer"]);
const COUNTER_KINDS = new Set(["countered", "counter"]);

/**
 * Who put the amount on the table: the last offer or counteroffer in the history (the
 * buyer's first offer when the history says nothing).
 */
export function amountBy(offer: Pick<OfferView, "history">): "buyer" | "artist" {
  for (let index = offer.history.length - 1; index >= 0; index -= 1) {
    const event = offer.history[index];
    if (!event || (!OFFER_KINDS.has(event.kind) && !COUNTER_KINDS.has(event.kind))) continue;
    if (event.actor === "artist") return "artist";
    if (event.actor === "buyer") return "buyer";
  }
  return "buyer";
}

/**
 * What the amount is, from the viewer's side: whose offer or counteroffer it is while
 * the offer is open ("Their offer", "Your counteroffer" for the artist; "Your offer",
 * "Artist's counteroffer" for the buyer), the agreed amount once accepted, and the last
 * amount once it is closed otherwise.
 */
export function amountLabel(offer: Pick<OfferView, "status" | "viewerRole" | "history">): string {
  if (offer.status === "accepted") return "Agreed amount";
  if (offer.status !== "open" && offer.status !== "awaiting_card") return "Last amount";
  const by = amountBy(offer);
  switch (offer.viewerRole) {
    case "artist":
      return by === "artist" ? "Your counteroffer" : "Their offer";
    case "buyer":
      return by === "buyer" ? "Your offer" : "Artist's counteroffer";
    case "team":
      return by === "buyer" ? "Buyer's offer" : "Artist's counteroffer";
  }
}

/** The expiry line of an offer on the table, in the viewer's zone; nothing once it is closed. */
export function expiryText(
  offer: Pick<OfferView, "status" | "expiresAt">,
  timeZone: string,
): string | null {
  if (offer.status !== "open") return null;
  return `Replies are due by ${formatDateTime(offer.expiresAt, timeZone)}.`;
}

const ACTOR: Record<OfferView["history"][number]["actor"], string> = {
  buyer: "The buyer",
  artist: "The artist",
  system: "Vernissage",
};

/**
 * One line of the offer's history: who did what, and for how much, from the viewer's
 * side ("You offered $1,200." for the buyer, "You countered with $1,500." for the artist).
 */
export function historyText(
  event: OfferView["history"][number],
  viewer: OfferView["viewerRole"] = "team",
): string {
  const who = event.actor === viewer ? "You" : ACTOR[event.actor];
  const amount = event.amountCents === null ? "" : ` ${priceText(event.amountCents)}`;
  switch (event.kind) {
    case "made":
    case "offered":
    case "offer":
      return `${who} offered${amount}.`;
    case "countered":
    case "counter":
      return `${who} countered with${amount}.`;
    case "accepted":
    case "accept":
      return `${who} accepted${amount}.`;
    case "declined":
    case "decline":
      return `${who} declined the offer.`;
    case "withdrawn":
    case "withdraw":
      return `${who} withdrew the offer.`;
    case "expired":
      return "The offer expired.";
    case "lapsed":
      return "The card was not confirmed; the offer was not sent.";
    case "declined_minimum":
      return "The offer was declined automatically.";
    case "closed_sold":
      return "The offer closed: the work was sold.";
    case "closed_unlisted":
      return "The offer closed: the work is no longer listed.";
    case "closed_own_artwork":
      return "The offer closed: it was made with the artist's own email address.";
    default:
      return `${who}: ${event.kind.replace(/_/g, " ")}${amount}.`;
  }
}

/** A note shown in a list row: its first line, at most `max` characters. */
export function noteExcerpt(note: string, max = 120): string {
  const text = note.trim().replace(/\s+/g, " ");
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** What a move's form hears back (the page's action data, or its fetcher's). */
export type OfferActionResult =
  | { ok: true; message: string; offerId: string; intent: string }
  | {
      ok: false;
      error: string;
      offerId: string;
      intent: string;
      /** What was typed, so a refused form keeps it. */
      values: { amount: string; message: string };
    };

/** `/profile/offers`' tabs: the offers an artist received, and the ones the viewer made. */
export type OffersTab = "received" | "sent";

export function parseOffersTab(value: string | null): OffersTab | null {
  return value === "received" || value === "sent" ? value : null;
}
