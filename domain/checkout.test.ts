import { describe, expect, it } from "vitest";
import {
  canQuote,
  cardFieldProblems,
  cardProblem,
  checkoutMessages as m,
  isExpired,
  parseExpiry,
  passesLuhn,
  paymentProblem,
} from "./checkout";

const address = { line1: "1 Main St", city: "Albany", state: "NY", postal_code: "12207" };

describe("canQuote (SPEC §5)", () => {
  it("quotes once line1, city, state, a 5-character ZIP and an e-mail with @ are there", () => {
    expect(canQuote(address, "a@b.c")).toBe(true);
  });

  it.each([
    [{ ...address, line1: " " }, "a@b.c"],
    [{ ...address, city: "" }, "a@b.c"],
    [{ ...address, state: "" }, "a@b.c"],
    [{ ...address, postal_code: "1220" }, "a@b.c"],
    [{ ...address, postal_code: "122070" }, "a@b.c"],
    [address, "ab.c"],
    [address, ""],
  ])("does not quote %o with %s", (a, email) => {
    expect(canQuote(a, email)).toBe(false);
  });
});

describe("paymentProblem (SPEC §5 order)", () => {
  it("asks for every shipping field first, even before a guest's e-mail", () => {
    expect(paymentProblem({ address: { ...address, city: "" }, email: "", signedIn: false })).toBe(
      "Please fill in all shipping address fields.",
    );
    expect(
      paymentProblem({ address: { ...address, postal_code: " " }, email: "", signedIn: false }),
    ).toBe(m.fillShipping);
  });

  it("then asks a guest for an e-mail", () => {
    expect(paymentProblem({ address, email: " ", signedIn: false })).toBe(
      "Please enter your email address to continue with the purchase.",
    );
  });

  it("then checks the ZIP length, then the e-mail shape", () => {
    expect(
      paymentProblem({ address: { ...address, postal_code: "123" }, email: "x", signedIn: false }),
    ).toBe(m.invalidPostalCode);
    expect(paymentProblem({ address, email: "nobody", signedIn: false })).toBe(m.invalidEmail);
  });

  it("lets a complete payment through", () => {
    expect(paymentProblem({ address, email: "a@b.c", signedIn: false })).toBeNull();
    expect(paymentProblem({ address, email: "a@b.c", signedIn: true })).toBeNull();
  });
});

describe("cards", () => {
  it("passes Luhn for test cards, with spaces or dashes", () => {
    expect(passesLuhn("4242 4242 4242 4242")).toBe(true);
    expect(passesLuhn("4000-0000-0000-0002")).toBe(true);
    expect(passesLuhn("4000000000009995")).toBe(true);
    expect(passesLuhn("4000000000000069")).toBe(true);
  });

  it("fails Luhn for a wrong digit, letters or a short number", () => {
    expect(passesLuhn("4242 4242 4242 4241")).toBe(false);
    expect(passesLuhn("4242 4242 4242 424x")).toBe(false);
    expect(passesLuhn("42")).toBe(false);
  });

  it("parses MM/YY and MM / YYYY expiries", () => {
    expect(parseExpiry("04/30")).toEqual({ month: 4, year: 2030 });
    expect(parseExpiry("4 / 2031")).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry("13/30")).toBeNull();
    expect(parseExpiry("00/30")).toBeNull();
    expect(parseExpiry("0430")).toBeNull();
  });

  it("treats a card as good through the end of its expiry month", () => {
    const now = new Date("2026-05-31T23:00:00Z");
    expect(isExpired({ month: 5, year: 2026 }, now)).toBe(false);
    expect(isExpired({ month: 4, year: 2026 }, now)).toBe(true);
    expect(isExpired({ month: 12, year: 2025 }, now)).toBe(true);
  });

  it("checks number, then expiry, then CVC", () => {
    const now = new Date("2026-01-15T00:00:00Z");
    const good = { number: "4242424242424242", expiry: "12/30", cvc: "123" };
    expect(cardProblem(good, now)).toBeNull();
    expect(cardProblem({ ...good, number: "4242", expiry: "x", cvc: "" }, now)).toBe(
      m.cardNumberInvalid,
    );
    expect(cardProblem({ ...good, expiry: "x", cvc: "" }, now)).toBe(m.cardExpiryInvalid);
    expect(cardProblem({ ...good, expiry: "12/25", cvc: "" }, now)).toBe(m.cardExpired);
    expect(cardProblem({ ...good, cvc: "12" }, now)).toBe(m.cardCvcInvalid);
    expect(cardProblem({ ...good, cvc: "1234" }, now)).toBe(m.cardCvcInvalid);
  });

  it("names each card field's own problem at once", () => {
    const now = new Date("2026-01-15T00:00:00Z");
    expect(
      cardFieldProblems({ number: "4242424242424242", expiry: "12/30", cvc: "123" }, now),
    ).toEqual({ number: null, expiry: null, cvc: null });
    expect(
      cardFieldProblems({ number: "4242 4242 4242 4241", expiry: "01/20", cvc: "1" }, now),
    ).toEqual({
      number: m.cardNumberInvalid,
      expiry: m.cardExpired,
      cvc: m.cardCvcInvalid,
    });
    expect(
      cardFieldProblems({ number: "", expiry: "13/30", cvc: "\u0000\u0000\u0000" }, now),
    ).toEqual({
      number: m.cardNumberInvalid,
      expiry: m.cardExpiryInvalid,
      cvc: m.cardCvcInvalid,
    });
  });
});
