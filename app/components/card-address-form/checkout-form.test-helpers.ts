import { type CheckoutFields, emptyFields } from "./checkout-form";

/**
 * A guest's buy panel filled in completely and correctly (an Oregon address, the test
 * card), with `overrides` on top: each test changes only what it is about.
 */
export function filledCheckoutFields(overrides: Partial<CheckoutFields> = {}): CheckoutFields {
  return {
    ...emptyFields("guest@example.com", "Ada Buyer"),
    line1: "12 Main St",
    city: "Portland",
    state: "OR",
    postal_code: "97214",
    cardNumber: "4242 4242 4242 4242",
    cardExpiry: "12/30",
    cardCvc: "123",
    ...overrides,
  };
}
