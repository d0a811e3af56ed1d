import { describe, expect, it } from "vitest";
import { checkoutMessages as m } from "../../../domain/checkout";
import type { CheckoutFields } from "./checkout-form";
import { filledCheckoutFields } from "./checkout-form.test-helpers";
import { problemField } from "./checkout-problem";

/** The shipping address and e-mail filled in, the card not yet. */
function fields(overrides: Partial<CheckoutFields> = {}): CheckoutFields {
  return filledCheckoutFields({ cardNumber: "", cardExpiry: "", cardCvc: "", ...overrides });
}

describe("problemField (which field a refused payment is about)", () => {
  it("points a missing shipping field at the first empty one", () => {
    expect(problemField(m.fillShipping, fields({ city: " ", state: "" }))).toBe("city");
    expect(problemField(m.fillShipping, fields({ postal_code: "" }))).toBe("postal_code");
  });

  it("points the e-mail and ZIP messages at their fields", () => {
    expect(problemField(m.guestEmail, fields())).toBe("email");
    expect(problemField(m.invalidEmail, fields())).toBe("email");
    expect(problemField(m.invalidPostalCode, fields())).toBe("postal_code");
    expect(problemField(m.unknownState, fields())).toBe("state");
  });

  it("points the card checks at the number, expiry or CVC", () => {
    expect(problemField(m.cardNumberInvalid, fields())).toBe("cardNumber");
    expect(problemField(m.cardExpiryInvalid, fields())).toBe("cardExpiry");
    expect(problemField(m.cardExpired, fields())).toBe("cardExpiry");
    expect(problemField(m.cardCvcInvalid, fields())).toBe("cardCvc");
  });

  it("points a card the processor refused at the card", () => {
    expect(problemField("Your card was declined.", fields(), true)).toBe("card");
  });

  it("points nothing else at a field", () => {
    expect(problemField(m.artworkSold, fields())).toBeNull();
    expect(problemField(m.paymentFailed, fields())).toBeNull();
  });
});
