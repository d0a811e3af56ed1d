import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The key in an offer's buyer links (decision 0030): an HMAC of the offer id under the server's
 * session secret, so it is never stored, cannot be made for another offer without the
 * secret, and every e-mail can carry it again. It opens that one offer as its buyer.
 */
export function offerAccessKey(secret: string, offerId: string): string {
  return createHmac("sha256", secret).update(`offer:${offerId}`).digest("base64url");
}

export function isOfferAccessKey(secret: string, offerId: string, key: string): boolean {
  const expected = Buffer.from(offerAccessKey(secret, offerId));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** How long the link that attaches a guest's offer to the e-mail's account works. */
export const OFFER_CLAIM_DAYS = 7;

/**
 * The key of the link that attaches a guest's offer to the account with its e-mail
 * (decision 0042): an HMAC of the offer, the e-mail and the link's end, so it is kept
 * nowhere, names no account, and cannot be stretched. It works once because an attached
 * offer is not attached again.
 */
export function offerClaimKey(secret: string, offerId: string, email: string, until: number) {
  return createHmac("sha256", secret)
    .update(`offer-claim:${offerId}:${email}:${until}`)
    .digest("base64url");
}

export function isOfferClaimKey(
  secret: string,
  offerId: string,
  email: string,
  until: number,
  key: string,
): boolean {
  const expected = Buffer.from(offerClaimKey(secret, offerId, email, until));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function offerClaimLink(
  secret: string,
  publicUrl: string,
  offerId: string,
  email: string,
  now: Date,
): string {
  const until = now.getTime() + OFFER_CLAIM_DAYS * 24 * 60 * 60 * 1000;
  const query = new URLSearchParams({
    until: String(until),
    key: offerClaimKey(secret, offerId, email, until),
  });
  return `${publicUrl}/offers/${offerId}/claim?${query.toString()}`;
}
