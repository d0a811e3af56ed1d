import { describe, expect, it } from "vitest";
import { cardOutcomeMessages as m, simulatedCardDecline } from "./simulated-cards";

const now = new Date("2026-06-15T00:00:00Z");
const card = (
  number: string,
  overrides: Partial<{ expMonth: number; expYear: number; cvc: string }> = {},
) => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: "123",
  ...overrides,
});

describe("simulatedCardDecline", () => {
  it("authorizes 4242 4242 4242 4242 with any future expiry and a 3-digit CVC", () => {
    expect(simulatedCardDecline(card("4242 4242 4242 4242"), now)).toBeNull();
    expect(
      simulatedCardDecline(card("4242424242424242", { expMonth: 6, expYear: 26 }), now),
    ).toBeNull();
  });

  it("declines the well-known test cards with Stripe's texts", () => {
    expect(simulatedCardDecline(card("4000 0000 0000 0002"), now)).toBe("Your card was declined.");
    expect(simulatedCardDecline(card("4000000000009995"), now)).toBe(
      "Your card has insufficient funds.",
    );
    expect(simulatedCardDecline(card("4000-0000-0000-0069"), now)).toBe("Your card has expired.");
  });

  it("knows no other card, even a valid-looking one", () => {
    expect(simulatedCardDecline(card("4111 1111 1111 1111"), now)).toBe(m.incorrectNumber);
    expect(simulatedCardDecline(card("4242 4242 4242 4241"), now)).toBe(m.incorrectNumber);
    expect(simulatedCardDecline(card(""), now)).toBe("Your card number is incorrect.");
  });

  it("refuses a past expiry, an impossible month and a bad CVC", () => {
    expect(
      simulatedCardDecline(card("4242424242424242", { expMonth: 5, expYear: 2026 }), now),
    ).toBe(m.expired);
    expect(simulatedCardDecline(card("4242424242424242", { expMonth: 13 }), now)).toBe(m.expired);
    expect(simulatedCardDecline(card("4242424242424242", { cvc: "12" }), now)).toBe(m.incorrectCvc);
  });
});
