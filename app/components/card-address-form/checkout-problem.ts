import { checkoutMessages as m } from "../../../domain/checkout";
import type { CheckoutFields } from "./checkout-form";

/** The field a refused payment is about: one of ours, or "card" (what the processor refused). */
export type ProblemField = keyof CheckoutFields | "card";

const SHIPPING = ["line1", "city", "state", "postal_code"] as const;

const fieldOfMessage: Partial<Record<string, ProblemField>> = {
  [m.guestEmail]: "email",
  [m.invalidEmail]: "email",
  [m.invalidPostalCode]: "postal_code",
  [m.unknownState]: "state",
  [m.cardNumberInvalid]: "cardNumber",
  [m.cardExpiryInvalid]: "cardExpiry",
  [m.cardExpired]: "cardExpiry",
  [m.cardCvcInvalid]: "cardCvc",
};

/**
 * Which field the buyer should fix for this message, so that field is marked invalid
 * and carries the message: the first empty shipping field for the SPEC's shipping
 * text, the field a card check names, the card for a processor's refusal; null when
 * no field is to blame (a sold work, a server failure).
 */
export function problemField(
  message: string,
  fields: CheckoutFields,
  cardRefused = false,
): ProblemField | null {
  if (cardRefused) return "card";
  if (message === m.fillShipping)
    return SHIPPING.find((name) => fields[name].trim() === "") ?? "line1";
  return fieldOfMessage[message] ?? null;
}

/** A message shown in the buy panel, and the field it is about. */
export type Problem = { message: string; field: ProblemField | null };
