import { describe, expect, it } from "vitest";
import { checkoutMessages as m } from "../../../domain/checkout";
import {
  type FieldProblems,
  fieldProblems,
  firstProblem,
  shownProblems,
} from "./checkout-field-checks";
import { type CheckoutFields, submitProblem } from "./checkout-form";
import { filledCheckoutFields as filled } from "./checkout-form.test-helpers";

const NOW = new Date("2026-03-15T12:00:00Z");

const guest = { signedIn: false, provider: "simulated" as const, now: NOW };

describe("fieldProblems (each field's own message, beside it)", () => {
  it("finds nothing wrong with a complete form", () => {
    expect(fieldProblems({ ...guest, fields: filled() })).toEqual({});
  });

  it("names what is wrong with every field of the issue's example at once", () => {
    const fields = filled({
      state: "ZZ",
      postal_code: "123",
      email: "not-an-email",
      cardNumber: "4242 4242 4242 4241",
      cardExpiry: "01/20",
      cardCvc: "1",
    });
    expect(fieldProblems({ ...guest, fields })).toEqual({
      state: m.unknownState,
      postal_code: m.invalidPostalCode,
      email: m.invalidEmail,
      cardNumber: m.cardNumberInvalid,
      cardExpiry: m.cardExpired,
      cardCvc: m.cardCvcInvalid,
    });
  });

  it("says which shipping field is empty, and a guest's empty e-mail in the SPEC's words", () => {
    const fields = filled({ line1: " ", city: "", state: "\t", postal_code: "", email: "" });
    expect(fieldProblems({ ...guest, fields })).toEqual({
      line1: m.streetMissing,
      city: m.cityMissing,
      state: m.stateMissing,
      postal_code: m.invalidPostalCode,
      email: m.guestEmail,
    });
  });

  it("takes a state by its code or its name, in any case", () => {
    for (const state of ["ny", "New York", " NEW  YORK ", "DC"]) {
      expect(fieldProblems({ ...guest, fields: filled({ state }) }).state).toBeUndefined();
    }
    for (const state of ["ZZ", "N\0Y", "Ontario", "\ud800", "x".repeat(10_000)]) {
      expect(fieldProblems({ ...guest, fields: filled({ state }) }).state).toBe(m.unknownState);
    }
  });

  it("never faults the signed-in buyer's e-mail (it is the account's)", () => {
    const fields = filled({ email: "" });
    expect(fieldProblems({ ...guest, signedIn: true, fields })).toEqual({});
  });

  it("leaves the card to Stripe when Stripe takes it, and waits for the configuration", () => {
    const fields = filled({ cardNumber: "1", cardExpiry: "", cardCvc: "" });
    expect(fieldProblems({ ...guest, provider: "stripe", fields })).toEqual({});
    expect(fieldProblems({ ...guest, provider: null, fields })).toEqual({});
  });

  it("tells an unreadable expiry from a past one", () => {
    expect(fieldProblems({ ...guest, fields: filled({ cardExpiry: "13/30" }) })).toEqual({
      cardExpiry: m.cardExpiryInvalid,
    });
    expect(fieldProblems({ ...guest, fields: filled({ cardExpiry: "02/26" }) })).toEqual({
      cardExpiry: m.cardExpired,
    });
    // Good through the end of its month.
    expect(fieldProblems({ ...guest, fields: filled({ cardExpiry: "03/26" }) })).toEqual({});
  });
});

describe("submitProblem and the fields agree", () => {
  it("refuses exactly when some field has a problem, the SPEC's texts first", () => {
    const cases: Partial<CheckoutFields>[] = [
      {},
      { city: "" },
      { email: "" },
      { state: "ZZ" },
      { postal_code: "123" },
      { email: "not-an-email" },
      { cardNumber: "4242 4242 4242 4241" },
      { cardExpiry: "01/20" },
      { cardCvc: "1" },
      { state: "ZZ", cardCvc: "1" },
    ];
    for (const overrides of cases) {
      const fields = filled(overrides);
      const problems = fieldProblems({ ...guest, fields });
      const refused = submitProblem({ ...guest, fields });
      expect(refused === null, JSON.stringify(overrides)).toBe(firstProblem(problems) === null);
    }
    expect(submitProblem({ ...guest, fields: filled({ city: "" }) })).toBe(m.fillShipping);
    expect(submitProblem({ ...guest, fields: filled({ email: "" }) })).toBe(m.guestEmail);
    // A state we do not know is refused before the card is looked at.
    expect(submitProblem({ ...guest, fields: filled({ state: "ZZ", cardCvc: "1" }) })).toBe(
      m.unknownState,
    );
  });
});

describe("shownProblems (a field speaks once left, every field once submitted)", () => {
  const problems: FieldProblems = { city: m.cityMissing, cardCvc: m.cardCvcInvalid };

  it("keeps the fields not yet left quiet", () => {
    expect(shownProblems(problems, new Set())).toEqual({});
    expect(shownProblems(problems, new Set(["city", "line1"]))).toEqual({ city: m.cityMissing });
  });

  it("shows all of them after a submit", () => {
    expect(shownProblems(problems, "all")).toEqual(problems);
  });

  it("names the first problem from the top of the panel", () => {
    expect(firstProblem(problems)).toBe(m.cityMissing);
    expect(firstProblem({})).toBeNull();
  });
});
