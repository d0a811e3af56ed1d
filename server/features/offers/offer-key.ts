import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The key in an offer's buyer links (issue 15): an HMAC of the offer id under the server's
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
