import { describe, expect, it } from "vitest";
import { checkoutMessages as c } from "../../../domain/checkout";
import { offerMessages as m } from "../../../domain/offers";
import { salesTax } from "../../../domain/sales-tax";
import { filledCheckoutFields } from "../../components/card-address-form/checkout-form.test-helpers";
import {
  type OfferFields,
  amountsAt,
  cardMoveAmount,
  cardMoveProblem,
  offerProblemField,
  offerProblemText,
  offerQuoteRequest,
  offerSubmitProblem,
  offeredCents,
  typedAmountProblem,
} from "./offer-form";

const ARTWORK = "7c1f3f44-2a43-4a55-9a0b-3a3f4f0a9d11";
const NOW = new Date("2026-03-15T12:00:00Z");

function filled(overrides: Partial<OfferFields> = {}): OfferFields {
  return {
    ...filledCheckoutFields(),
    amount: "1,200",
    note: "",
    ...overrides,
  };
}

function problem(overrides: Partial<OfferFields>, price: number | null = null) {
  return offerSubmitProblem({
    fields: filled(overrides),
    price,
    signedIn: false,
    provider: "simulated",
    now: NOW,
  });
}

describe("the offered amount", () => {
  it("reads whole dollars as typed, with a dollar sign and commas, in cents", () => {
    expect(offeredCents("1200")).toBe(120_000);
    expect(offeredCents(" $1,200 ")).toBe(120_000);
    expect(offeredCents("12.50")).toBeNull();
    expect(offeredCents("")).toBeNull();
  });

  it("says what is wrong while typing, and nothing while empty", () => {
    expect(typedAmountProblem("", null)).toBeNull();
    expect(typedAmountProblem("12.50", null)).toBe(m.amountWhole);
    expect(typedAmountProblem("abc", null)).toBe(m.amountWhole);
    expect(typedAmountProblem("0", null)).toBe(m.amount);
    expect(typedAmountProblem("900001", null)).toBe(m.amountTooHigh);
    expect(typedAmountProblem("900000", null)).toBeNull();
  });

  it("sends an amount at or above a work's price to Buy Now", () => {
    expect(typedAmountProblem("1000", 100_000)).toBe(m.atOrAbovePrice);
    expect(typedAmountProblem("999", 100_000)).toBeNull();
    expect(problem({ amount: "1500" }, 100_000)).toBe(m.atOrAbovePrice);
  });
});

describe("offerQuoteRequest", () => {
  it("asks for the tax only once the amount, the address and the e-mail are complete", () => {
    expect(offerQuoteRequest(ARTWORK, filled())).toEqual({
      artworkId: ARTWORK,
      amount: 120_000,
      email: "guest@example.com",
      shippingAddress: { line1: "12 Main St", city: "Portland", state: "OR", postal_code: "97214" },
    });
    expect(offerQuoteRequest(ARTWORK, filled({ amount: "" }))).toBeNull();
    expect(offerQuoteRequest(ARTWORK, filled({ amount: "12.5" }))).toBeNull();
    expect(offerQuoteRequest(ARTWORK, filled({ city: " " }))).toBeNull();
    expect(offerQuoteRequest(ARTWORK, filled({ email: "guest" }))).toBeNull();
  });
});

describe("offerSubmitProblem", () => {
  it("checks the amount first, then the note, then the buy panel's own checks in order", () => {
    expect(problem({ amount: "", line1: "" })).toBe(m.amount);
    expect(problem({ note: "x".repeat(1001) })).toBe(m.noteTooLong);
    expect(problem({ note: "x".repeat(1000) })).toBeNull();
    expect(problem({ line1: "" })).toBe(c.fillShipping);
    expect(problem({ cardNumber: "4242 4242 4242 4241" })).toBe(c.cardNumberInvalid);
    expect(problem({})).toBeNull();
  });

  it("puts the amount's and the note's messages at their fields", () => {
    expect(offerProblemField(m.amountWhole)).toBe("amount");
    expect(offerProblemField(m.atOrAbovePrice)).toBe("amount");
    expect(offerProblemField(m.counterTooHigh)).toBe("amount");
    expect(offerProblemField(m.noteTooLong)).toBe("note");
    expect(offerProblemField(c.fillShipping)).toBeNull();
  });
});

describe("the buyer's card moves", () => {
  const card = {
    cardName: "Ada",
    cardNumber: "4242424242424242",
    cardExpiry: "12/30",
    cardCvc: "123",
  };

  it("accepting authorizes the counteroffer on the table, whatever is typed", () => {
    expect(cardMoveAmount("accept", 150_000, "")).toEqual({ ok: true, cents: 150_000 });
  });

  it("countering needs a whole-dollar amount below the artist's counteroffer", () => {
    expect(cardMoveAmount("counter", 150_000, "1,300")).toEqual({ ok: true, cents: 130_000 });
    expect(cardMoveAmount("counter", 150_000, "1500")).toEqual({
      ok: false,
      error: m.counterTooHigh,
    });
    expect(cardMoveAmount("counter", 150_000, "")).toEqual({ ok: false, error: m.amount });
    expect(cardMoveAmount("counter", 150_000, "12.5")).toEqual({ ok: false, error: m.amountWhole });
  });

  it("checks our own card form, and leaves Stripe's to Stripe", () => {
    const base = { move: "accept" as const, onTable: 150_000, now: NOW };
    expect(
      cardMoveProblem({ ...base, provider: "simulated", fields: { ...card, amount: "" } }),
    ).toBeNull();
    expect(
      cardMoveProblem({
        ...base,
        provider: "simulated",
        fields: { ...card, amount: "", cardExpiry: "01/20" },
      }),
    ).toBe(c.cardExpired);
    expect(
      cardMoveProblem({
        ...base,
        provider: "stripe",
        fields: { ...card, amount: "", cardCvc: "" },
      }),
    ).toBeNull();
    expect(
      cardMoveProblem({
        ...base,
        move: "counter",
        provider: "stripe",
        fields: { ...card, amount: "2000" },
      }),
    ).toBe(m.counterTooHigh);
  });

  it("shows the total the server authorizes: its own tax table at the offer's address", () => {
    expect(amountsAt(130_000, "OR")).toEqual(salesTax(130_000, "OR"));
    const ny = amountsAt(130_000, "NY");
    expect(ny?.totalAmount).toBe(130_000 + (ny?.taxAmount ?? 0));
    expect(amountsAt(130_000, "ZZ")).toBeNull();
  });
});

describe("offerProblemText", () => {
  it("tells a guest about their duplicate offer without pointing to a list", () => {
    expect(offerProblemText(m.alreadyOpen, false)).toBe(m.alreadyOpenGuest);
    expect(m.alreadyOpenGuest).not.toMatch(/your offers/);
  });

  it("leaves the server's words for a signed-in buyer, and every other message", () => {
    expect(offerProblemText(m.alreadyOpen, true)).toBe(m.alreadyOpen);
    expect(offerProblemText(m.atOrAbovePrice, false)).toBe(m.atOrAbovePrice);
  });
});
