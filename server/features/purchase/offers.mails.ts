import { formatDateTime } from "../../../domain/date-time";
import { priceText } from "../../../domain/display";
import { type MailLine, type MailPicture, button } from "../../mail/mail-content";
import { OFFER_CLAIM_DAYS } from "./offer-key";
import type { NewMail } from "../mail/mail.api";

/**
 * The offers' e-mails. Each names the work, the amount and where to answer:
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
  /** The work's thumbnail, at the top of the e-mail. */
  picture?: MailPicture | null;
};

/** The recipient: their address, and their name for the greeting. */
type Addressee = { email: string; name: string; picture?: MailPicture | null };

const artist = (facts: OfferMailFacts, email: string): Addressee => ({
  email,
  name: facts.artistName,
  picture: facts.picture,
});
const buyer = (facts: OfferMailFacts, email: string): Addressee => ({
  email,
  name: facts.buyerName,
  picture: facts.picture,
});

function mail(kind: string, to: Addressee, subject: string, lines: MailLine[]): NewMail {
  return { kind, to: to.email, subject, content: { name: to.name, picture: to.picture, lines } };
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
    artist(facts, to),
    `${input.counter ? "Counteroffer" : "New offer"} on "${facts.title}": ${priceText(facts.amountCents)}`,
    [
      `${facts.buyerName || "A buyer"} ${what} of ${priceText(facts.amountCents)} on "${facts.title}".`,
      ...(input.note ? ["", "Their note:", input.note] : []),
      "",
      "The buyer's card is authorized for this amount plus tax; nothing is charged unless you accept.",
      button(
        `Accept, decline or counter by ${formatDateTime(facts.expiresAt, timeZone)}, or the offer expires`,
        link,
        "Answer the offer",
      ),
    ],
  );
}

/**
 * To the buyer: their offer was sent (the card is held, not charged). `claimLink`: the
 * offer was made without signing in, with the e-mail of an account; its owner may
 * attach it (decision 0042).
 */
export function offerSentMail(
  facts: OfferMailFacts,
  to: string,
  link: string,
  timeZone: string,
  claimLink: string | null = null,
): NewMail {
  const claim: MailLine[] = claimLink
    ? [
        "",
        `This offer was made with your email address without signing in, so it is not in your Vernissage account. If it is yours, add it to your account (the link works once, within ${OFFER_CLAIM_DAYS} days):`,
        button("Add it to my account", claimLink),
        "If it is not yours, ignore this email: nothing is added to your account.",
      ]
    : [];
  return mail("offer-made-buyer", buyer(facts, to), `Your offer on "${facts.title}" was sent`, [
    `Your offer of ${priceText(facts.amountCents)} on "${facts.title}" by ${facts.artistName} was sent to the artist.`,
    "",
    "Your card is authorized for the offer plus tax, not charged. You are charged only if the offer is accepted.",
    `The artist has until ${formatDateTime(facts.expiresAt, timeZone)} to answer; otherwise the offer expires and the hold is released.`,
    button("Your offer", link),
    ...claim,
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
    buyer(facts, to),
    `Counteroffer on "${facts.title}": ${priceText(facts.amountCents)}`,
    [
      `${facts.artistName} made a counteroffer of ${priceText(facts.amountCents)} on "${facts.title}".`,
      "",
      button(
        `Accept, decline or counter by ${formatDateTime(facts.expiresAt, timeZone)}, or it expires and your card hold is released`,
        link,
        "Answer the counteroffer",
      ),
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
    acceptedBy === "artist" ? buyer(facts, to) : artist(facts, to),
    `Offer accepted: "${facts.title}"`,
    [line, button("The offer", link)],
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
    input.by === "artist" ? buyer(facts, to) : artist(facts, to),
    `Offer declined: "${facts.title}"`,
    [
      `${who} declined the offer of ${priceText(facts.amountCents)} on "${facts.title}".`,
      ...(input.message ? ["", "Their message:", input.message] : []),
      "",
      ...(input.by === "artist" ? ["Your card hold has been released; you were not charged."] : []),
      button("The offer", link),
    ],
  );
}

export function offerWithdrawnMail(facts: OfferMailFacts, to: string, link: string): NewMail {
  return mail("offer-withdrawn-artist", artist(facts, to), `Offer withdrawn: "${facts.title}"`, [
    `${facts.buyerName || "The buyer"} withdrew their offer of ${priceText(facts.amountCents)} on "${facts.title}".`,
    button("The offer", link),
  ]);
}

export function offerExpiredMail(
  facts: OfferMailFacts,
  to: string,
  link: string,
  party: "artist" | "buyer",
): NewMail {
  return mail(
    `offer-expired-${party}`,
    party === "artist" ? artist(facts, to) : buyer(facts, to),
    `Offer expired: "${facts.title}"`,
    [
      `The offer of ${priceText(facts.amountCents)} on "${facts.title}" expired without an answer.`,
      ...(party === "buyer" ? ["Your card hold has been released; you were not charged."] : []),
      button("The offer", link),
    ],
  );
}

/** To a buyer whose open offer ended because the work sold to someone else. */
export function offerClosedBySaleMail(facts: OfferMailFacts, to: string, link: string): NewMail {
  return mail("offer-closed-sold", buyer(facts, to), `"${facts.title}" has been sold`, [
    `"${facts.title}" by ${facts.artistName} has been sold, so your offer of ${priceText(facts.amountCents)} is closed.`,
    "Your card hold has been released; you were not charged.",
    button("The offer", link),
  ]);
}

/** Where each party answers: the artist signed in, the buyer by the key in the link. */
export function offerLinks(publicUrl: string, offerId: string, key: string) {
  return {
    artist: `${publicUrl}/offers/${offerId}`,
    buyer: `${publicUrl}/offers/${offerId}?key=${encodeURIComponent(key)}`,
  };
}
