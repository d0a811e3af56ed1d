import { describe, expect, it } from "vitest";
import { checkoutMessages as m } from "../../../domain/checkout";
import {
  type CheckoutFields,
  type QuoteState,
  canPay,
  emptyFields,
  formatCardNumber,
  formatExpiry,
  quoteKey,
  quoteRequest,
  quoteView,
  simulatedCard,
  submitProblem,
  summaryLines,
} from "./checkout-form";
import { filledCheckoutFields as filled } from "./checkout-form.test-helpers";

const ARTWORK = "7c1f3f44-2a43-4a55-9a0b-3a3f4f0a9d11";
const NOW = new Date("2026-03-15T12:00:00Z");

const quote = { preTaxAmount: 120000, taxAmount: 9900, totalAmount: 129900 };

describe("emptyFields", () => {
  it("starts blank for a guest, and with the signed-in buyer's last address when there is one", () => {
    const guest = emptyFields("", "");
    expect([guest.line1, guest.city, guest.state, guest.postal_code]).toEqual(["", "", "", ""]);
    const returning = emptyFields("ada@example.com", "Ada Buyer", {
      line1: "12 Main St",
      city: "Portland",
      state: "OR",
      postal_code: "97214",
    });
    expect(returning).toMatchObject({
      line1: "12 Main St",
      city: "Portland",
      state: "OR",
      postal_code: "97214",
      email: "ada@example.com",
      cardName: "Ada Buyer",
      cardNumber: "",
    });
    // A saved address is complete, so the tax is quoted as soon as the panel opens.
    expect(quoteRequest(ARTWORK, returning)).not.toBeNull();
  });
});

describe("quoteRequest (SPEC §5: when tax is calculated)", () => {
  it("asks once line1, city, state, a 5-character ZIP and an e-mail with '@' are there", () => {
    expect(quoteRequest(ARTWORK, filled({ line1: " 12 Main St " }))).toEqual({
      artworkId: ARTWORK,
      email: "guest@example.com",
      shippingAddress: { line1: "12 Main St", city: "Portland", state: "OR", postal_code: "97214" },
    });
  });

  it.each([
    ["line1", { line1: "  " }],
    ["city", { city: "" }],
    ["state", { state: "" }],
    ["a 4-character ZIP", { postal_code: "9721" }],
    ["an e-mail without '@'", { email: "guest.example.com" }],
  ])("does not ask without %s", (_, overrides) => {
    expect(quoteRequest(ARTWORK, filled(overrides))).toBeNull();
  });

  it("keys the same request the same way and another one differently", () => {
    const a = quoteKey(quoteRequest(ARTWORK, filled()));
    expect(a).toBe(quoteKey(quoteRequest(ARTWORK, filled({ city: " Portland " }))));
    expect(a).not.toBe(quoteKey(quoteRequest(ARTWORK, filled({ state: "WA" }))));
    expect(quoteKey(null)).toBeNull();
  });
});

describe("quoteView: stale answers and the total", () => {
  const settled: QuoteState = { key: "A", quote, error: null };

  it("shows the answer for the address as it is now", () => {
    expect(quoteView("A", settled)).toEqual({ quote, pending: false, error: null, lapsed: false });
  });

  it("has no total while a changed address waits for its own answer", () => {
    expect(quoteView("B", settled)).toEqual({
      quote: null,
      pending: true,
      error: null,
      lapsed: false,
    });
  });

  it("clears the total once the address or e-mail stops being complete, and says so", () => {
    expect(quoteView(null, settled)).toEqual({
      quote: null,
      pending: false,
      error: null,
      lapsed: true,
    });
    expect(quoteView(null, { key: null, quote: null, error: null })).toEqual({
      quote: null,
      pending: false,
      error: null,
      lapsed: false,
    });
    // Complete again with the same address: its answer is shown again without asking.
    expect(quoteView("A", settled).quote).toEqual(quote);
  });

  it("shows a failed quote without a total", () => {
    const error = { message: m.taxFailed, detail: null, unavailable: false };
    expect(quoteView("A", { key: "A", quote: null, error })).toEqual({
      quote: null,
      pending: false,
      error,
      lapsed: false,
    });
  });
});

describe("summaryLines and canPay (SPEC §5: no total, no payment)", () => {
  it("shows price, tax and total in USD from cents", () => {
    expect(summaryLines(120000, { quote, pending: false, error: null, lapsed: false })).toEqual({
      price: "$1,200",
      tax: "$99",
      total: "$1,299",
    });
    const odd = { preTaxAmount: 45000, taxAmount: 3713, totalAmount: 48713 };
    expect(summaryLines(45000, { quote: odd, pending: false, error: null, lapsed: false })).toEqual(
      {
        price: "$450",
        tax: "$37.13",
        total: "$487.13",
      },
    );
  });

  it("shows the price alone before the quote, and says it is calculating while asked", () => {
    expect(
      summaryLines(45000, { quote: null, pending: false, error: null, lapsed: false }),
    ).toEqual({
      price: "$450",
      tax: "—",
      total: "—",
    });
    expect(
      summaryLines(45000, { quote: null, pending: true, error: null, lapsed: false }).total,
    ).toBe("Calculating…");
  });

  it("allows paying only with a total and while not processing", () => {
    expect(canPay({ quote, pending: false, error: null, lapsed: false }, false)).toBe(true);
    expect(canPay({ quote, pending: false, error: null, lapsed: false }, true)).toBe(false);
    expect(canPay({ quote: null, pending: false, error: null, lapsed: false }, false)).toBe(false);
    expect(canPay({ quote: null, pending: true, error: null, lapsed: false }, false)).toBe(false);
  });
});

describe("submitProblem (SPEC §5 order, then the card)", () => {
  const check = (
    fields: CheckoutFields,
    signedIn = false,
    provider: "simulated" | "stripe" = "simulated",
  ) => submitProblem({ fields, signedIn, provider, now: NOW });

  it("passes a complete form with the test card", () => {
    expect(check(filled())).toBeNull();
  });

  it("names a missing shipping field first, even when the e-mail and card are missing too", () => {
    expect(check(filled({ city: " ", email: "", cardNumber: "" }))).toBe(m.fillShipping);
    expect(check(filled({ postal_code: "" }))).toBe(m.fillShipping);
  });

  it("asks a guest without an e-mail for one", () => {
    expect(check(filled({ email: "  ", cardNumber: "" }))).toBe(m.guestEmail);
  });

  it("then checks the ZIP's length and the e-mail's '@'", () => {
    expect(check(filled({ postal_code: "972" }))).toBe(m.invalidPostalCode);
    expect(check(filled({ email: "guest" }))).toBe(m.invalidEmail);
  });

  it("then the card: Luhn, expiry, CVC", () => {
    expect(check(filled({ cardNumber: "4242 4242 4242 4241" }))).toBe(m.cardNumberInvalid);
    expect(check(filled({ cardExpiry: "13/30" }))).toBe(m.cardExpiryInvalid);
    expect(check(filled({ cardExpiry: "02/26" }))).toBe(m.cardExpired);
    expect(check(filled({ cardCvc: "12" }))).toBe(m.cardCvcInvalid);
  });

  it("leaves the card to Stripe's Element in Stripe mode", () => {
    expect(check(filled({ cardNumber: "" }), false, "stripe")).toBeNull();
    expect(check(filled({ cardNumber: "", city: "" }), false, "stripe")).toBe(m.fillShipping);
  });
});

describe("the card as typed", () => {
  it("groups the number by four and drops other characters", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4000-0000 00a00 0002")).toBe("4000 0000 0000 0002");
    expect(formatCardNumber("42424")).toBe("4242 4");
  });

  it("puts the slash into the expiry, keeping a typed one", () => {
    expect(formatExpiry("1230")).toBe("12/30");
    expect(formatExpiry("12")).toBe("12");
    expect(formatExpiry("12/")).toBe("12/");
    expect(formatExpiry("1/30")).toBe("1/30");
    expect(formatExpiry("12/2030")).toBe("12/2030");
  });

  it("sends the simulated processor digits, month, four-digit year and CVC", () => {
    expect(simulatedCard(filled())).toEqual({
      number: "4242424242424242",
      expMonth: 12,
      expYear: 2030,
      cvc: "123",
    });
    expect(simulatedCard(filled({ cardExpiry: "soon" }))).toBeNull();
  });
});
