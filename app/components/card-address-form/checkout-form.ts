import {
  type ShippingAddress,
  canQuote,
  cardDigits,
  parseExpiry,
  paymentProblem,
} from "../../../domain/checkout";
import { priceText } from "../../../domain/display";
import type {
  PaymentProviderName,
  Quote,
  QuoteRequest,
  SimulatedCard,
} from "../../../contracts/checkout.contract";
import { fieldProblems, firstProblem } from "./checkout-field-checks";

/** Everything typed into the buy panel. The card fields are used by the simulated processor only. */
export type CheckoutFields = {
  line1: string;
  city: string;
  state: string;
  postal_code: string;
  email: string;
  cardName: string;
  cardNumber: string;
  cardExpiry: string;
  cardCvc: string;
};

/** A new form: the signed-in buyer's e-mail, name and last shipping address when known. */
export function emptyFields(
  email: string,
  cardName: string,
  saved: ShippingAddress | null = null,
): CheckoutFields {
  return {
    line1: saved?.line1 ?? "",
    city: saved?.city ?? "",
    state: saved?.state ?? "",
    postal_code: saved?.postal_code ?? "",
    email,
    cardName,
    cardNumber: "",
    cardExpiry: "",
    cardCvc: "",
  };
}

/** The address as the API takes it, trimmed. */
export function shippingAddress(fields: CheckoutFields): ShippingAddress {
  return {
    line1: fields.line1.trim(),
    city: fields.city.trim(),
    state: fields.state.trim(),
    postal_code: fields.postal_code.trim(),
  };
}

/** SPEC §5: the quote request, only once the address is complete and the e-mail has an '@'. */
export function quoteRequest(artworkId: string, fields: CheckoutFields): QuoteRequest | null {
  const address = shippingAddress(fields);
  const email = fields.email.trim();
  if (!canQuote(address, email)) return null;
  return { artworkId, email, shippingAddress: address };
}

/** Identifies a quote request: the same key means the same answer, so it is not asked again. */
export function quoteKey(request: object | null): string | null {
  return request ? JSON.stringify(request) : null;
}

/** A failed quote: the SPEC's text, the server's reason when it has one, and whether the work can still be bought. */
export type TaxError = { message: string; detail: string | null; unavailable: boolean };

/** The last answer the server gave, and for which request. */
export type QuoteState = { key: string | null; quote: Quote | null; error: TaxError | null };

export type QuoteView = {
  /** The amounts for the address and e-mail as they are now; null while there are none. */
  quote: Quote | null;
  /** A complete address whose answer has not arrived yet (waiting out typing, or in flight). */
  pending: boolean;
  error: TaxError | null;
  /** There was a total, but the address or e-mail is no longer complete: say what is missing. */
  lapsed: boolean;
};

/**
 * What the summary shows for the fields as they are now. A total holds only while the
 * quote's conditions (SPEC §5) do: once the address or e-mail is incomplete it is
 * cleared, so Pay Now is disabled, and `lapsed` lets the summary say what is missing.
 * A changed complete address has no total until its own answer arrives, so nobody pays
 * on a total computed for another address.
 */
export function quoteView(key: string | null, state: QuoteState): QuoteView {
  if (key === null)
    return { quote: null, pending: false, error: state.error, lapsed: state.quote !== null };
  if (key !== state.key) return { quote: null, pending: true, error: null, lapsed: false };
  return { quote: state.quote, pending: false, error: state.error, lapsed: false };
}

export type SummaryLines = { price: string; tax: string; total: string };

/** SPEC §2 summary of price, tax and total, USD from cents; tax and total wait for a quote. */
export function summaryLines(price: number | null, view: QuoteView): SummaryLines {
  if (view.pending) return { price: priceText(price), tax: "Calculating…", total: "Calculating…" };
  if (!view.quote) return { price: priceText(price), tax: "—", total: "—" };
  return {
    price: priceText(view.quote.preTaxAmount),
    tax: priceText(view.quote.taxAmount),
    total: priceText(view.quote.totalAmount),
  };
}

/** SPEC §5: Pay Now is disabled while processing or when the total is missing. */
export function canPay(view: QuoteView, processing: boolean): boolean {
  return !processing && !view.pending && view.quote !== null;
}

/**
 * Pay Now's checks before anything is sent, in order: the SPEC's shipping and e-mail
 * rules in the SPEC's words, then what the fields say beside them from the top (a
 * state we do not know, then, with our own card form, the card number, expiry, CVC).
 */
export function submitProblem(input: {
  fields: CheckoutFields;
  signedIn: boolean;
  provider: PaymentProviderName;
  now?: Date;
}): string | null {
  return paymentProblemOf(input.fields, input.signedIn) ?? firstProblem(fieldProblems(input));
}

/**
 * SPEC §5: what the address or e-mail still lacks before there can be a total, or null;
 * the summary shows it when a total went away.
 */
export function paymentProblemOf(fields: CheckoutFields, signedIn: boolean): string | null {
  return paymentProblem({
    address: shippingAddress(fields),
    email: fields.email.trim(),
    signedIn,
  });
}

/** The card as the simulated processor takes it (Stripe's field names); null when unreadable. */
export function simulatedCard(fields: CheckoutFields): SimulatedCard | null {
  const expiry = parseExpiry(fields.cardExpiry);
  if (!expiry) return null;
  return {
    number: cardDigits(fields.cardNumber),
    expMonth: expiry.month,
    expYear: expiry.year,
    cvc: fields.cardCvc.trim(),
  };
}

/** "4242424242424242" → "4242 4242 4242 4242" while typing; other characters are dropped. */
export function formatCardNumber(text: string): string {
  const digits = text.replace(/\D/g, "").slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** "1230" → "12/30" while typing (phone number pads have no slash); a typed slash is kept. */
export function formatExpiry(text: string): string {
  const slash = text.indexOf("/");
  if (slash >= 0) {
    const month = text.slice(0, slash).replace(/\D/g, "").slice(0, 2);
    const year = text
      .slice(slash + 1)
      .replace(/\D/g, "")
      .slice(0, 4);
    return `${month}/${year}`;
  }
  const digits = text.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
