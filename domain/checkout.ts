import { INVALID_RESPONSE_MESSAGE } from "./errors";
import { PURCHASE_HISTORY_LOADING } from "./loading-texts";

/**
 * The checkout's rules and texts (SPEC §5 "Checkout", §8), shared by the buy panel
 * and the checkout API.
 */

export const POSTAL_CODE_LENGTH = 5;
/** How long a buyer who has started paying holds the artwork. */
export const RESERVATION_MINUTES = 15;
/** At most this many artworks held at once by one buyer e-mail (decision 0015). */
export const MAX_OPEN_HOLDS = 3;
/** At most this many payments started from one client address per RESERVATION_MINUTES. */
export const MAX_PAYMENT_STARTS_PER_CLIENT = 20;

/** SPEC §2, §5 and §8 verbatim, then our own texts for what the SPEC leaves open. */
export const checkoutMessages = {
  signInForPurchases: "Please sign in to see your purchases.",
  payNow: "Pay Now",
  processing: "Processing...",
  processingPayment: "Processing payment...",
  returnToMarketplace: "Return to Marketplace",
  fillShipping: "Please fill in all shipping address fields.",
  guestEmail: "Please enter your email address to continue with the purchase.",
  taxFailed: "Failed to calculate tax. Please check your shipping address and try again.",
  invalidResponse: INVALID_RESPONSE_MESSAGE,
  invalidPaymentIntent: "Invalid payment intent response.",
  paymentFailed: "Failed to process payment. Please try again.",
  guestAccountCreated:
    "An account was created for you. You can set your password from the Login screen using the 'Reset Password' button.",
  guestAccountMatched:
    "An account was found with your email address. You can reset your password from the Login screen.",
  // The SPEC's "Error creating user account: {message}", with a message for people: a
  // 5xx body never carries the database's or the code's own words.
  guestAccountFailed:
    "Error creating user account: we could not set up your account. Please try again in a few minutes.",
  historyLoading: PURCHASE_HISTORY_LOADING,
  historyEmpty: "You haven't made any purchases yet.",
  historyFailed: "Failed to load purchase history.",
  viewMyPurchases: "View My Purchases",
  // Not in the SPEC.
  invalidPostalCode: "Please enter a 5-digit ZIP code.",
  invalidEmail: "Please enter a valid email address.",
  unknownState: "Please enter a US state, such as NY or New York.",
  artworkSold: "Sorry, this artwork has already been sold.",
  artworkReserved:
    "Someone else is buying this artwork right now. Please try again in a few minutes.",
  artworkNotForSale: "This artwork is not for sale.",
  ownArtwork: "You cannot buy your own artwork.",
  notCharged: "Your card has not been charged.",
  priceChanged: "The price of this artwork has changed. Please check the new total and pay again.",
  tooManyHolds:
    "You are already buying 3 artworks. Please finish those purchases, or wait 15 minutes, before starting another.",
  tooManyPaymentStarts:
    "Too many payments were started from your network. Please wait a few minutes and try again.",
  testMode:
    "Test mode: no real card is charged. Use the test card 4242 4242 4242 4242 with any future expiry date and any 3-digit CVC.",
  cardNumberInvalid: "Your card number is invalid.",
  cardExpiryInvalid: "Your card's expiration date is invalid.",
  cardExpired: "Your card's expiration date is in the past.",
  cardCvcInvalid: "Your card's security code is invalid.",
  // Said beside a shipping field left empty; Pay Now says the SPEC's fillShipping.
  streetMissing: "Please enter your street address.",
  cityMissing: "Please enter your city.",
  stateMissing: "Please enter your state.",
} as const;

const m = checkoutMessages;

export type ShippingAddress = { line1: string; city: string; state: string; postal_code: string };

const filled = (value: string) => value.trim() !== "";

export function isPostalCode(value: string): boolean {
  return value.trim().length === POSTAL_CODE_LENGTH;
}

export function looksLikeEmail(value: string): boolean {
  return value.includes("@");
}

/**
 * SPEC §5: tax is quoted only when line1, city, state and a 5-character postal code
 * are filled and the e-mail contains '@'.
 */
export function canQuote(address: ShippingAddress, email: string): boolean {
  return (
    filled(address.line1) &&
    filled(address.city) &&
    filled(address.state) &&
    isPostalCode(address.postal_code) &&
    looksLikeEmail(email)
  );
}

/**
 * SPEC §5: what stops a payment, in order: a missing shipping field, then a guest
 * without an e-mail; then the ZIP and e-mail shapes. Null when it may be submitted.
 */
export function paymentProblem(input: {
  address: ShippingAddress;
  email: string;
  signedIn: boolean;
}): string | null {
  const { address, email, signedIn } = input;
  if (![address.line1, address.city, address.state, address.postal_code].every(filled))
    return m.fillShipping;
  if (!signedIn && !filled(email)) return m.guestEmail;
  if (!isPostalCode(address.postal_code)) return m.invalidPostalCode;
  if (!looksLikeEmail(email)) return m.invalidEmail;
  return null;
}

/** Digits only: "4242 4242-4242 4242" → "4242424242424242". */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, "");
}

/** The Luhn check digit test that every card number passes. */
export function passesLuhn(number: string): boolean {
  const digits = cardDigits(number);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** "MM/YY" or "MM / YYYY" as month and four-digit year; null when it is not a date. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card is good through the last day of its expiry month. */
export function isExpired(
  expiry: { month: number; year: number },
  now: Date = new Date(),
): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expiry.year < year || (expiry.year === year && expiry.month < month);
}

export type CardInput = { number: string; expiry: string; cvc: string };

/** What is wrong with each of the card form's fields, each on its own (shown beside it). */
export function cardFieldProblems(
  card: CardInput,
  now: Date = new Date(),
): Record<keyof CardInput, string | null> {
  const expiry = parseExpiry(card.expiry);
  return {
    number: passesLuhn(card.number) ? null : m.cardNumberInvalid,
    expiry: !expiry ? m.cardExpiryInvalid : isExpired(expiry, now) ? m.cardExpired : null,
    cvc: /^\d{3}$/.test(card.cvc.trim()) ? null : m.cardCvcInvalid,
  };
}

/** The card form's own checks before anything is sent: number, expiry, CVC. */
export function cardProblem(card: CardInput, now: Date = new Date()): string | null {
  const problems = cardFieldProblems(card, now);
  return problems.number ?? problems.expiry ?? problems.cvc;
}

/** The e-mail that buys or offers: the account's when signed in (never the typed one), else the typed one. */
export function buyerEmailOf(typed: string, accountEmail: string | null | undefined): string {
  return (accountEmail ?? typed).trim().toLowerCase();
}

/** A guest's new account's names from the name they gave, or the e-mail's local part. */
export function guestNames(
  name: string | null | undefined,
  email: string,
): { firstName: string; lastName: string } {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstName: email.split("@")[0] ?? "", lastName: "" };
  return { firstName: words[0]!, lastName: words.slice(1).join(" ") };
}

/** What a guest is told about the account a purchase or an offer found or made. */
export function guestAccountMessage(outcome: "created" | "matched" | null): string | null {
  if (outcome === "created") return m.guestAccountCreated;
  if (outcome === "matched") return m.guestAccountMatched;
  return null;
}
