import { cardProblem } from "../../../domain/checkout";
import {
  MAX_OFFER_NOTE_LENGTH,
  counterProblem,
  offerMessages as m,
  parseOfferAmount,
} from "../../../domain/offers";
import { salesTax } from "../../../domain/sales-tax";
import type { PaymentProviderName, Quote } from "../../../contracts/checkout.contract";
import type { z } from "zod";
import type { offerQuoteBodySchema } from "../../../contracts/offers.contract";
import {
  type CheckoutFields,
  quoteRequest,
  submitProblem,
} from "../../components/card-address-form/checkout-form";

/**
 * The offer panel's and the buyer's card moves' rules (decision 0030): the buy panel's
 * fields plus the amount (whole dollars) and the note to the artist.
 */
export type OfferFields = CheckoutFields & { amount: string; note: string };

/** `POST /api/offers/quote`'s body as sent. */
export type OfferQuoteRequest = z.input<typeof offerQuoteBodySchema>;

/** The offered amount in cents, or null while what is typed is not one. */
export function offeredCents(text: string): number | null {
  const parsed = parseOfferAmount(text);
  return parsed.ok ? parsed.cents : null;
}

/** The tax quote of the offered amount, once the amount, the address and the e-mail are complete. */
export function offerQuoteRequest(
  artworkId: string,
  fields: OfferFields,
): OfferQuoteRequest | null {
  const amount = offeredCents(fields.amount);
  const request = quoteRequest(artworkId, fields);
  if (amount === null || !request) return null;
  return { ...request, amount };
}

/**
 * Send Offer's checks before anything is sent, in order: the amount (and, on a work for
 * sale, below its price: at the price it is Buy Now), the note, then the buy panel's own.
 */
export function offerSubmitProblem(input: {
  fields: OfferFields;
  /** The work's price while it is for sale, else null. */
  price: number | null;
  signedIn: boolean;
  provider: PaymentProviderName;
  now?: Date;
}): string | null {
  const parsed = parseOfferAmount(input.fields.amount);
  if (!parsed.ok) return parsed.error;
  if (input.price !== null && parsed.cents >= input.price) return m.atOrAbovePrice;
  if (input.fields.note.length > MAX_OFFER_NOTE_LENGTH) return m.noteTooLong;
  return submitProblem(input);
}

/** The field an offer's own message is about (the buy panel's messages have theirs). */
export function offerProblemField(message: string): "amount" | "note" | null {
  if (
    message === m.amount ||
    message === m.amountWhole ||
    message === m.amountTooHigh ||
    message === m.atOrAbovePrice ||
    message === m.counterTooHigh
  )
    return "amount";
  if (message === m.noteTooLong) return "note";
  return null;
}

/**
 * A refusal as the panel says it: a guest's duplicate offer does not point to a list of
 * offers they cannot open (the server's text is for signed-in buyers).
 */
export function offerProblemText(message: string, signedIn: boolean): string {
  return !signedIn && message === m.alreadyOpen ? m.alreadyOpenGuest : message;
}

/** A buyer's move that needs a new card authorization: accepting the counteroffer, or countering it. */
export type CardMove = "accept" | "counter";

/** The card fields of a buyer's move: the name and, with our own form, the card. */
export type CardMoveFields = Pick<
  CheckoutFields,
  "cardName" | "cardNumber" | "cardExpiry" | "cardCvc"
> & { amount: string };

/**
 * The amount a buyer's card move authorizes: the counteroffer on the table to accept it,
 * or the buyer's own new amount (below the artist's counter) to counter it.
 */
export function cardMoveAmount(
  move: CardMove,
  onTable: number,
  typed: string,
): { ok: true; cents: number } | { ok: false; error: string } {
  if (move === "accept") return { ok: true, cents: onTable };
  const parsed = parseOfferAmount(typed);
  if (!parsed.ok) return parsed;
  const problem = counterProblem("buyer", onTable, parsed.cents);
  return problem ? { ok: false, error: problem } : parsed;
}

/** A card move's checks before anything is sent: the amount, then (our own form) the card. */
export function cardMoveProblem(input: {
  move: CardMove;
  onTable: number;
  fields: CardMoveFields;
  provider: PaymentProviderName;
  now?: Date;
}): string | null {
  const amount = cardMoveAmount(input.move, input.onTable, input.fields.amount);
  if (!amount.ok) return amount.error;
  if (input.provider !== "simulated") return null;
  const { cardNumber: number, cardExpiry: expiry, cardCvc: cvc } = input.fields;
  return cardProblem({ number, expiry, cvc }, input.now);
}

/**
 * The tax and total of an amount shipped to the offer's address: the same table the
 * server computes with (domain/sales-tax.ts), so the total shown is the one authorized.
 */
export function amountsAt(amountCents: number, state: string): Quote | null {
  return salesTax(amountCents, state);
}

/**
 * What is wrong with the amount as typed, said while typing (Send Offer waits for an
 * amount, so it must say why): nothing while empty.
 */
export function typedAmountProblem(text: string, price: number | null): string | null {
  if (text.trim() === "") return null;
  const parsed = parseOfferAmount(text);
  if (!parsed.ok) return parsed.error;
  if (price !== null && parsed.cents >= price) return m.atOrAbovePrice;
  return null;
}
