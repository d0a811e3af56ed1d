import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkoutMessages as m } from "../../../domain/checkout";
import type { PaymentStarted } from "../../../contracts/checkout.contract";
import { CheckoutError } from "../../components/card-address-form/checkout-answers";
import type { PaymentRequest } from "../../../contracts/checkout.contract";
import { purchase } from "./checkout-api";

const ADDRESS = { line1: "1 Main St", city: "Albany", state: "NY", postal_code: "12207" };

/**
 * The payment request for `work` ("1", "2"…) of this file. `purchase` remembers each work's
 * last payment for as long as the page lives, that is the module: the unit files share
 * their modules (vitest.config.ts), so this file's works are named apart from the others'.
 */
function request(work: string): PaymentRequest {
  const artworkId = `api_art_${work}`;
  return { artworkId, email: "a@b.c", shippingAddress: ADDRESS, expectedTotal: 83_200 };
}

function started(paymentId: string): PaymentStarted {
  return {
    paymentId,
    provider: "simulated",
    clientSecret: `${paymentId}_secret`,
    reservedUntil: "2026-03-15T12:15:00.000Z",
    preTaxAmount: 80_000,
    taxAmount: 3_200,
    totalAmount: 83_200,
  };
}

/** The bodies posted to /api/checkout/payments; each answers the next payment id. */
let sent: Record<string, unknown>[];
/** The bodies posted to /api/checkout/complete. */
let completed: Record<string, unknown>[];

beforeEach(() => {
  sent = [];
  completed = [];
  vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
    const body = JSON.parse(init.body as string) as Record<string, unknown>;
    if (url === "/api/checkout/complete") {
      completed.push(body);
      const answer = {
        orderId: "order_1",
        artworkId: "art_1",
        accountMessage: null,
        setPasswordPath: null,
      };
      return Promise.resolve(Response.json(answer));
    }
    if (url !== "/api/checkout/payments") throw new Error(`unexpected ${url}`);
    sent.push(body);
    return Promise.resolve(Response.json(started(`pay_${sent.length}`), { status: 201 }));
  });
});
afterEach(() => vi.unstubAllGlobals());

const declined = () => Promise.reject(new CheckoutError("Your card was declined."));

describe("purchase", () => {
  it("sends the total on screen, and proves this page's last payment for the work when paying again", async () => {
    await expect(purchase(request("1"), declined)).rejects.toThrow("Your card was declined.");
    expect(sent[0]).toMatchObject({ artworkId: "api_art_1", expectedTotal: 83_200 });
    expect(sent[0]).not.toHaveProperty("previousClientSecret");

    // The client secret, which only this page was given; the payment id proves nothing.
    await expect(purchase(request("1"), declined)).rejects.toThrow(CheckoutError);
    expect(sent[1]).toMatchObject({ previousClientSecret: "pay_1_secret" });
    await expect(purchase(request("1"), declined)).rejects.toThrow(CheckoutError);
    expect(sent[2]).toMatchObject({ previousClientSecret: "pay_2_secret" });
    expect(sent[2]).not.toHaveProperty("previousPaymentId");

    // Another work has no previous payment.
    await expect(purchase(request("2"), declined)).rejects.toThrow(CheckoutError);
    expect(sent[3]).not.toHaveProperty("previousClientSecret");
  });

  it("completes with the payment's client secret, which the server asks of the payer", async () => {
    const done = await purchase(request("4"), () => Promise.resolve());
    expect(done).toMatchObject({ orderId: "order_1" });
    expect(completed).toEqual([{ paymentId: "pay_1", clientSecret: "pay_1_secret" }]);
  });

  it("keeps the server's price-changed answer as a re-quote", async () => {
    vi.stubGlobal("fetch", () =>
      Promise.resolve(
        Response.json(
          { error: { code: "PRICE_CHANGED", message: m.priceChanged } },
          { status: 409 },
        ),
      ),
    );
    const failure: unknown = await purchase(request("3"), declined).catch((e: unknown) => e);
    expect(failure).toMatchObject({ message: m.priceChanged, requote: true, unavailable: false });
  });
});
