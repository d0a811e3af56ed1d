import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { WebhookSignatureError } from "./payments/payment-provider";
import { verifiedStripeEvent } from "./stripe-events";

const stripe = new Stripe("sk_test_unit", { telemetry: false });
const secret = "whsec_unit";
const payload = JSON.stringify({
  id: "evt_1",
  object: "event",
  type: "account.updated",
  data: { object: { object: "account", id: "acct_1" } },
});

describe("verifiedStripeEvent", () => {
  it("returns the event signed with the secret", () => {
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
    const event = verifiedStripeEvent(stripe, payload, signature, secret);
    expect(event).toMatchObject({ id: "evt_1", type: "account.updated" });
  });

  it("refuses a missing signature", () => {
    expect(() => verifiedStripeEvent(stripe, payload, undefined, secret)).toThrow(
      new WebhookSignatureError("missing Stripe-Signature header"),
    );
    expect(() => verifiedStripeEvent(stripe, payload, "", secret)).toThrow(WebhookSignatureError);
  });

  it("refuses a body signed with another secret, or changed after signing", () => {
    const other = stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_other" });
    expect(() => verifiedStripeEvent(stripe, payload, other, secret)).toThrow(
      WebhookSignatureError,
    );
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
    const changed = payload.replace("acct_1", "acct_2");
    expect(() => verifiedStripeEvent(stripe, changed, signature, secret)).toThrow(
      WebhookSignatureError,
    );
  });

  it("refuses a signature header that is not Stripe's format, with a NUL byte", () => {
    expect(() => verifiedStripeEvent(stripe, payload, "t=1,v1=\u0000", secret)).toThrow(
      WebhookSignatureError,
    );
  });
});
