import { afterEach, describe, expect, it, vi } from "vitest";
import { checkoutMessages as m } from "../../../domain/checkout";
import { ApiError } from "../../lib/api-client";
import {
  CheckoutError,
  checkConfirmation,
  isSoldMessage,
  parsePaymentStarted,
  paymentFailure,
  taxFailure,
} from "../../components/card-address-form/checkout-answers";
import {
  confirmSimulatedCard,
  fetchCheckoutConfig,
  fetchQuote,
} from "../../components/card-address-form/payment-api";
import { purchase } from "./checkout-api";

const payment = {
  preTaxAmount: 45000,
  taxAmount: 3713,
  totalAmount: 48713,
  paymentId: "pay_1",
  provider: "simulated",
  clientSecret: "pay_1_secret_x",
  reservedUntil: "2026-03-15T12:15:00.000Z",
};

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return error instanceof CheckoutError ? error.message : `not a CheckoutError: ${String(error)}`;
  }
  return "no error";
}

/** Each checkout endpoint answers the body given for its path (the network boundary). */
function serve(answers: Record<string, unknown>) {
  vi.stubGlobal("fetch", (url: string) => Promise.resolve(Response.json(answers[url] ?? null)));
}
afterEach(() => vi.unstubAllGlobals());

const ADDRESS = { line1: "1 Main St", city: "Albany", state: "NY", postal_code: "12207" };
const QUOTE_REQUEST = { artworkId: "art_1", email: "a@b.c", shippingAddress: ADDRESS };
const PAYER = { ...QUOTE_REQUEST, expectedTotal: 48713 };
const CARD = { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" };

/** The answers as the buy panel reads them, through request() and the contract's schemas. */
function parseQuote(body: unknown) {
  serve({ "/api/checkout/quote": body });
  return fetchQuote(QUOTE_REQUEST);
}
function parseConfig(body: unknown) {
  serve({ "/api/checkout/config": body });
  return fetchCheckoutConfig();
}
function parseCompleted(body: unknown) {
  serve({ "/api/checkout/payments": payment, "/api/checkout/complete": body });
  return purchase(PAYER, () => Promise.resolve());
}
function parseConfirmation(body: unknown) {
  serve({ "/api/checkout/simulated/confirm": body });
  return confirmSimulatedCard(CARD, { name: "A", email: "a@b.c" })(parsePaymentStarted(payment));
}

/** The failure's text: a CheckoutError's, or the ApiError request() throws for a bad answer. */
async function failureOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    if (error instanceof CheckoutError || error instanceof ApiError) return error.message;
    return `not a CheckoutError: ${String(error)}`;
  }
  return "no error";
}

describe("answers of the checkout API (SPEC §8)", () => {
  it("reads a quote in cents", async () => {
    expect(await parseQuote({ preTaxAmount: 100, taxAmount: 8, totalAmount: 108 })).toEqual({
      preTaxAmount: 100,
      taxAmount: 8,
      totalAmount: 108,
    });
  });

  it("calls a malformed answer 'Invalid response from server'", async () => {
    expect(await failureOf(() => parseQuote({ preTaxAmount: "100" }))).toBe(m.invalidResponse);
    expect(await failureOf(() => parseQuote(null))).toBe(m.invalidResponse);
    expect(await failureOf(() => parseCompleted({ orderId: 1 }))).toBe(m.invalidResponse);
    expect(await failureOf(() => parseConfig({ provider: "paypal", publishableKey: null }))).toBe(
      m.invalidResponse,
    );
    expect(await failureOf(() => parseConfig({ provider: "stripe", publishableKey: null }))).toBe(
      m.invalidResponse,
    );
    expect(messageOf(() => parsePaymentStarted("ok"))).toBe(m.invalidResponse);
    expect(await failureOf(() => parseConfirmation({}))).toBe(m.invalidResponse);
  });

  it("calls a payment without a client secret 'Invalid payment intent response.'", () => {
    expect(parsePaymentStarted(payment)).toEqual(payment);
    const { clientSecret: _, ...withoutSecret } = payment;
    expect(messageOf(() => parsePaymentStarted(withoutSecret))).toBe(m.invalidPaymentIntent);
    expect(messageOf(() => parsePaymentStarted({ ...payment, clientSecret: "" }))).toBe(
      m.invalidPaymentIntent,
    );
  });

  it("accepts an authorized card and refuses any other status", async () => {
    await expect(parseConfirmation({ status: "requires_capture" })).resolves.not.toThrow();
    expect(messageOf(() => checkConfirmation({ status: "canceled" }))).toBe(m.paymentFailed);
  });

  it("reads the completed purchase with or without the account message", async () => {
    const done = {
      orderId: "o1",
      artworkId: "a1",
      accountMessage: m.guestAccountCreated,
      setPasswordPath: "/reset-password?token=t&next=%2Fprofile%2Fpurchases",
    };
    expect(await parseCompleted(done)).toEqual(done);
    expect((await parseCompleted({ ...done, accountMessage: null })).accountMessage).toBeNull();
  });
});

describe("paymentFailure", () => {
  it("shows the processor's or server's message for the buyer", () => {
    const declined = paymentFailure(new ApiError(402, "PAYMENT_FAILED", "Your card was declined."));
    expect(declined.message).toBe("Your card was declined.");
    expect(declined.unavailable).toBe(false);
    // The processor refused the card: the card field is what to fix.
    expect(declined.cardRefused).toBe(true);
    const sold = paymentFailure(new ApiError(409, "CONFLICT", m.artworkSold));
    expect(sold.message).toBe(m.artworkSold);
    expect(sold.unavailable).toBe(true);
    expect(sold.cardRefused).toBe(false);
    expect(paymentFailure(new ApiError(400, "VALIDATION_FAILED", m.fillShipping)).message).toBe(
      m.fillShipping,
    );
  });

  it("falls back to 'Failed to process payment. Please try again.'", () => {
    expect(paymentFailure(new ApiError(500, "INTERNAL", "Internal Server Error")).message).toBe(
      m.paymentFailed,
    );
    expect(paymentFailure(new ApiError(0, "NETWORK", "unreachable")).message).toBe(m.paymentFailed);
    expect(paymentFailure(new TypeError("boom")).message).toBe(m.paymentFailed);
  });

  it("asks for a new quote when the price changed, without Return to Marketplace", () => {
    const changed = paymentFailure(new ApiError(409, "PRICE_CHANGED", m.priceChanged));
    expect(changed).toMatchObject({ message: m.priceChanged, unavailable: false, requote: true });
    const reserved = paymentFailure(new ApiError(409, "CONFLICT", m.artworkReserved));
    expect(reserved).toMatchObject({ unavailable: true, requote: false });
  });

  it("keeps a CheckoutError as it is", () => {
    const error = new CheckoutError(m.invalidPaymentIntent);
    expect(paymentFailure(error)).toBe(error);
  });
});

describe("isSoldMessage", () => {
  it("knows the lost race, with or without the not-charged sentence, and nothing else", () => {
    expect(isSoldMessage(m.artworkSold)).toBe(true);
    expect(isSoldMessage(`${m.artworkSold} ${m.notCharged}`)).toBe(true);
    expect(isSoldMessage(m.artworkReserved)).toBe(false);
    expect(isSoldMessage(m.artworkNotForSale)).toBe(false);
    expect(isSoldMessage(null)).toBe(false);
    expect(isSoldMessage(undefined)).toBe(false);
  });
});

describe("taxFailure", () => {
  it("says the SPEC's text, with the server's reason for a bad address", () => {
    expect(taxFailure(new ApiError(400, "VALIDATION_FAILED", m.unknownState))).toEqual({
      message: m.taxFailed,
      detail: m.unknownState,
      unavailable: false,
    });
    expect(taxFailure(new ApiError(500, "INTERNAL", "oops"))).toEqual({
      message: m.taxFailed,
      detail: null,
      unavailable: false,
    });
    expect(taxFailure(new CheckoutError(m.invalidResponse)).message).toBe(m.taxFailed);
  });

  it("says when the work cannot be bought any more", () => {
    expect(taxFailure(new ApiError(409, "CONFLICT", m.artworkSold))).toEqual({
      message: m.artworkSold,
      detail: null,
      unavailable: true,
    });
  });
});
