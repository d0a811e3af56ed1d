import { cardDigits, isExpired, passesLuhn } from "../../../domain/checkout";

/** The simulated processor's card, as Stripe.js would send it. */
export type SimulatedCard = { number: string; expMonth: number; expYear: number; cvc: string };

/** Stripe's own texts for the outcomes of its well-known test cards. */
export const cardOutcomeMessages = {
  declined: "Your card was declined.",
  insufficientFunds: "Your card has insufficient funds.",
  expired: "Your card has expired.",
  incorrectNumber: "Your card number is incorrect.",
  incorrectCvc: "Your card's security code is incorrect.",
} as const;

const SUCCEEDS = "4242424242424242";
const DECLINES: Record<string, string> = {
  "4000000000000002": cardOutcomeMessages.declined,
  "4000000000009995": cardOutcomeMessages.insufficientFunds,
  "4000000000000069": cardOutcomeMessages.expired,
};

/**
 * Only test cards exist here: 4242… succeeds, the three decline cards fail with
 * their message, anything else is "incorrect". Null means authorized.
 */
export function simulatedCardDecline(card: SimulatedCard, now: Date = new Date()): string | null {
  const digits = cardDigits(card.number);
  if (!passesLuhn(digits)) return cardOutcomeMessages.incorrectNumber;
  const decline = DECLINES[digits];
  if (decline) return decline;
  if (digits !== SUCCEEDS) return cardOutcomeMessages.incorrectNumber;
  const month = Math.trunc(card.expMonth);
  const year = card.expYear < 100 ? 2000 + Math.trunc(card.expYear) : Math.trunc(card.expYear);
  if (month < 1 || month > 12 || isExpired({ month, year }, now))
    return cardOutcomeMessages.expired;
  if (!/^\d{3}$/.test(card.cvc.trim())) return cardOutcomeMessages.incorrectCvc;
  return null;
}
