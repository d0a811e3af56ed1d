import { formatDateTime } from "../../../domain/date-time";
import { priceText } from "../../../domain/display";
import type { NewMail } from "../mail/outbox.repository";

/**
 * The offers' e-mails (issue 15). Each names the work, the amount and where to answer:
 * the artist's link is their offers page (signed in), the buyer's the offer page with its
 * key, so a guest answers without an account password. A deadline is written in the
 * recipient's zone (`timeZone`, decision 0043).
 */

export type OfferMailFacts = {
  title: string;
  artistName: string;
  buyerName: string;
  amountCents: number;
  /** When the offer lapses if nobody answers. */
  expiresAt: Date;
};

function mail(kind: string, to: string, subject: string, lines: string[]): NewMail {
  return { kind, to, subject, text: [...lines, "", "— Vernissage"].join("\n") };
}

/** To the artist: a new offer (or the buyer's counteroffer), with what to do by when. */
export function offerToArtistMail(
  facts: OfferMailFacts,
  to: string,
  link: string,
  input: { counter: boolean; note: string },
  timeZone: string,
): NewMail {
  const what = input.counter ? "made a counteroffer" : "made an offer";
  return mail(
    input.counter ? "offer-countered-artist" : "offer-made-artist",
    to,
    `${input.counter ? "Counteroffer" : "New offer"} on "${facts.title}": ${priceText(facts.amountCents)}`,
    [
      `${facts.buyerName || "A buyer"} ${what} of ${priceText(facts.amountCents)} on "${facts.title}".`,
      ...(input.note ? ["", "Their note:", input.note] : []),
      "",
      "The buyer's card is authorized for this amount plus tax; nothing is charged unless you accept.",
      `Accept, decline or counter by ${formatDateTime(facts.expiresAt, timeZone)}, or the offer expires: ${link}`,
    ],
  );
}

/** To the buyer: their offer was sent (the card is held, not charged). */
export function offerSentMail(
  facts: OfferMailFacts,
  to: string,
  link: string,
  timeZone: string,
): NewMail {
  return mail("offer-made-buyer", to, `Your offer on "${facts.title}" was sent`, [
    `Your offer of ${priceText(facts.amountCents)} on "${facts.title}" by ${facts.artistName} was sent to the artist.`,
    "",
    "Your card is authorized for the offer plus tax, not charged. You are charged only if the offer is accepted.",
    `The artist has until ${formatDateTime(facts.expiresAt, timeZone)} to answer; otherwise the offer expires and the hold is released.`,
    `Your offer: ${link}`,
  ]);
}

/** To the buyer: the artist countered. */
export function counterToBuyerMail(
  facts: OfferMailFacts,
  to: string,
  link: string,
  timeZone: string,
): NewMail {
  return mail(
    "offer-countered-buyer",
    to,
    `Counteroffer on "${facts.title}": ${priceText(facts.amountCents)}`,
    [
      `${facts.artistName} made a counteroffer of ${priceText(facts.amountCents)} on "${facts.title}".`,
      "",
      `Accept, decline or counter by ${formatDateTime(facts.expiresAt, timeZone)}, or it expires and your card hold is released: ${link}`,
    ],
  );
}

/** To the party who did not accept: the deal is made. */
export function offerAcceptedMail(
  facts: OfferMailFacts,
  to: string,
  link: string,
  acceptedBy: "artist" | "buyer",
): NewMail {
  const line =
    acceptedBy === "artist"
      ? `${facts.artistName} accepted your offer of ${priceText(facts.amountCents)} on "${facts.title}". Your card is charged and the work is yours; your purchase confirmation follows.`
      : `${facts.buyerName || "The buyer"} accepted your counteroffer of ${priceText(facts.amountCents)} on "${facts.title}". The work is sold; the sale's details follow.`;
  return mail(
    `offer-accepted-${acceptedBy === "artist" ? "buyer" : "artist"}`,
    to,
    `Offer accepted: "${facts.title}"`,
    [line, `The offer: ${link}`],
  );
}

/** To the other party: declined, with the decliner's message if any. */
export function offerDeclinedMail(
  facts: OfferMailFacts,
  to: string,
  link: string,
  input: { by: "artist" | "buyer"; message: string },
): NewMail {
  const who = input.by === "artist" ? facts.artistName : facts.buyerName || "The buyer";
  return mail(
    `offer-declined-${input.by === "artist" ? "buyer" : "artist"}`,
    to,
    `Offer declined: "${facts.title}"`,
    [
      `${who} declined the offer of ${priceText(facts.amountCents)} on "${facts.title}".`,
      ...(input.message ? ["", "Their message:", input.message] : []),
      "",
      ...(input.by === "artist" ? ["Your card hold has been released; you were not charged."] : []),
      `The offer: ${link}`,
    ],
  );
}

export function offerWithdrawnMail(facts: OfferMailFacts, to: string, link: string): NewMail {
  return mail("offer-withdrawn-artist", to, `Offer withdrawn: "${facts.title}"`, [
    `${facts.buyerName || "The buyer"} withdrew their offer of ${priceText(facts.amountCents)} on "${facts.title}".`,
    `The offer: ${link}`,
  ]);
}

export function offerExpiredMail(
  facts: OfferMailFacts,
  to: string,
  link: string,
  party: "artist" | "buyer",
): NewMail {
  return mail(`offer-expired-${party}`, to, `Offer expired: "${facts.title}"`, [
    `The offer of ${priceText(facts.amountCents)} on "${facts.title}" expired without an answer.`,
    ...(party === "buyer" ? ["Your card hold has been released; you were not charged."] : []),
    `The offer: ${link}`,
  ]);
}

/** To a buyer whose open offer ended because the work sold to someone else. */
export function offerClosedBySaleMail(facts: OfferMailFacts, to: string, link: string): NewMail {
  return mail("offer-closed-sold", to, `"${facts.title}" has been sold`, [
    `"${facts.title}" by ${facts.artistName} has been sold, so your offer of ${priceText(facts.amountCents)} is closed.`,
    "Your card hold has been released; you were not charged.",
    `The offer: ${link}`,
  ]);
}

/** Where each party answers: the artist signed in, the buyer by the key in the link. */
export function offerLinks(publicUrl: string, offerId: string, key: string) {
  return {
    artist: `${publicUrl}/offers/${offerId}`,
    buyer: `${publicUrl}/offers/${offerId}?key=${encodeURIComponent(key)}`,
  };
}
