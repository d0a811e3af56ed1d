import {
  cardFieldProblems,
  checkoutMessages as m,
  isPostalCode,
  looksLikeEmail,
} from "../../../domain/checkout";
import { findState } from "../../../domain/sales-tax";
import type { PaymentProviderName } from "../../../contracts/checkout.contract";
import type { CheckoutFields } from "./checkout-form";

/** What is wrong with each field, by field; a field that is fine is absent. */
export type FieldProblems = Partial<Record<keyof CheckoutFields, string>>;

/** The panel's fields from top to bottom: the first problem in this order is named first. */
export const FIELD_ORDER = [
  "line1",
  "city",
  "state",
  "postal_code",
  "email",
  "cardName",
  "cardNumber",
  "cardExpiry",
  "cardCvc",
] as const satisfies readonly (keyof CheckoutFields)[];

const blank = (value: string) => value.trim() === "";

/**
 * What is wrong with each field as typed, for the buy panel and the offer panel alike:
 * each field's own message is shown beside it once it has been left or Pay Now pressed.
 * The same rules decide what Pay Now refuses (submitProblem), so a field never looks
 * fine while Pay Now says it is not. A signed-in buyer's e-mail is the account's; the
 * card fields are ours to check only with the simulated processor (Stripe checks its own).
 */
export function fieldProblems(input: {
  fields: CheckoutFields;
  signedIn: boolean;
  provider: PaymentProviderName | null;
  now?: Date;
}): FieldProblems {
  const { fields, signedIn, provider, now = new Date() } = input;
  const problems: FieldProblems = {};
  if (blank(fields.line1)) problems.line1 = m.streetMissing;
  if (blank(fields.city)) problems.city = m.cityMissing;
  if (blank(fields.state)) problems.state = m.stateMissing;
  else if (!findState(fields.state)) problems.state = m.unknownState;
  if (!isPostalCode(fields.postal_code)) problems.postal_code = m.invalidPostalCode;
  if (!signedIn && blank(fields.email)) problems.email = m.guestEmail;
  else if (!signedIn && !looksLikeEmail(fields.email)) problems.email = m.invalidEmail;
  if (provider !== "simulated") return problems;
  const card = cardFieldProblems(
    { number: fields.cardNumber, expiry: fields.cardExpiry, cvc: fields.cardCvc },
    now,
  );
  if (card.number) problems.cardNumber = card.number;
  if (card.expiry) problems.cardExpiry = card.expiry;
  if (card.cvc) problems.cardCvc = card.cvc;
  return problems;
}

/** The first problem from the top of the panel, or null when every field is fine. */
export function firstProblem(problems: FieldProblems): string | null {
  for (const name of FIELD_ORDER) {
    const problem = problems[name];
    if (problem) return problem;
  }
  return null;
}

/** Which fields say their problem: those the buyer has left, or all once Pay Now was pressed. */
export type FieldsSeen = "all" | ReadonlySet<keyof CheckoutFields>;

/** The problems of the fields seen; the others keep quiet until then. */
export function shownProblems(problems: FieldProblems, seen: FieldsSeen): FieldProblems {
  if (seen === "all") return problems;
  const shown: FieldProblems = {};
  for (const name of seen) if (problems[name]) shown[name] = problems[name];
  return shown;
}
