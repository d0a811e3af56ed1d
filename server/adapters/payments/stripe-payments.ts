import type Stripe from "stripe";
import {
  type AuthorizationStatus,
  type PaymentEvent,
  type PaymentProvider,
  type ProcessorActivity,
  RefundRefusedError,
} from "./payment-provider";
import { createStripeClient, stripeSdk } from "../stripe-client";
import { verifiedStripeEvent } from "../stripe-events";

export type StripeSettings = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another API address (a local stand-in in tests); Stripe's own when undefined. */
  apiBase: string | undefined;
  /** One request's silence before it is abandoned (STRIPE_TIMEOUT_MS; config.ts). */
  timeoutMs: number;
};

/** The metadata field holding the idempotency key a refund was asked with. */
const KEY_METADATA = "vernissage_key";

function statusOf(intent: Stripe.PaymentIntent): AuthorizationStatus {
  switch (intent.status) {
    case "requires_capture":
      return "authorized";
    case "succeeded":
      return "captured";
    case "canceled":
      return "cancelled";
    default:
      // requires_payment_method (also after a decline: the buyer may try another
      // card), requires_confirmation, requires_action, processing.
      return "created";
  }
}

/** An expandable field's id, whether Stripe sent the id or the object. */
function idOf(field: string | { id: string } | null | undefined): string | null {
  if (!field) return null;
  return typeof field === "string" ? field : field.id;
}

const EVENT_KINDS: Record<string, PaymentEvent["kind"]> = {
  "payment_intent.amount_capturable_updated": "authorized",
  "payment_intent.succeeded": "captured",
  "payment_intent.canceled": "cancelled",
  "payment_intent.payment_failed": "declined",
};

/**
 * Stripe PaymentIntents with manual capture: the card is authorized when the buyer
 * confirms it in the browser (Stripe.js), and captured only once the artwork is
 * theirs. The charge is the platform's; artists are paid by transfer after completion.
 */
export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = createStripeClient(settings);

  async function retrieveIntent(id: string) {
    return stripe.paymentIntents.retrieve(id);
  }

  /** The payment intent's refund made with this key, if any (every page of its refunds). */
  async function refundWithKey(paymentIntent: string, key: string) {
    for await (const refund of stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 })) {
      if (refund.metadata?.[KEY_METADATA] === key) return refund;
    }
    return null;
  }

  return {
    name: "stripe",
    publishableKey: settings.publishableKey,

    async createAuthorization(input) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency,
          capture_method: "manual",
          allowed_payment_method_types: ["card"],
          metadata: input.metadata,
          // No transfer_data: separate charges and transfers (decision 0029). The charge
          // is the platform's until the order completes; the payout run then transfers
          // the artist's net (server/features/payouts/payout-run.service.ts).
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!intent.client_secret) throw new Error("Stripe answered without a client secret");
      return { id: intent.id, clientSecret: intent.client_secret };
    },

    async retrieve(id) {
      return statusOf(await retrieveIntent(id));
    },

    async capture(id) {
      const intent = await retrieveIntent(id);
      if (intent.status === "succeeded") return;
      if (intent.status !== "requires_capture") {
        throw new Error(`cannot capture a payment intent that is ${intent.status}`);
      }
      await stripe.paymentIntents.capture(id, {}, { idempotencyKey: `capture-${id}` });
    },

    async cancel(id) {
      const intent = await retrieveIntent(id);
      if (intent.status === "canceled") return;
      if (intent.status === "succeeded") {
        throw new Error("cannot cancel a captured payment intent");
      }
      await stripe.paymentIntents.cancel(id, {}, { idempotencyKey: `cancel-${id}` });
    },

    async refund({ id, amount, idempotencyKey }) {
      // Separate charges and transfers (decision 0029): the charge is the platform's, so
      // a refund before the payout reverses nothing; after one, the payout run takes the
      // artist's part back with a transfer reversal.
      let refund: Stripe.Refund;
      try {
        // Stripe forgets an idempotency key after 24 hours: a retry after a longer outage
        // whose first answer was lost finds its refund by the key in its metadata instead.
        refund =
          (await refundWithKey(id, idempotencyKey)) ??
          (await stripe.refunds.create(
            { payment_intent: id, amount, metadata: { [KEY_METADATA]: idempotencyKey } },
            { idempotencyKey },
          ));
      } catch (error) {
        // Stripe's answer for certain that nothing was refunded (no such payment intent,
        // already refunded, more than is left); a network failure, a timeout, a 5xx, a
        // rate limit or an idempotency conflict may pass and is thrown as is.
        if (error instanceof stripeSdk().errors.StripeInvalidRequestError) {
          throw new RefundRefusedError(error.message);
        }
        throw error;
      }
      if (refund.status === "failed" || refund.status === "canceled") {
        throw new RefundRefusedError(
          `Stripe answered the refund ${refund.id} as ${refund.status}` +
            (refund.failure_reason ? ` (${refund.failure_reason})` : "") +
            ".",
        );
      }
      return { id: refund.id };
    },

    async listActivity({ from, to }) {
      // Stripe's records by their creation time. A charge is created when the card is
      // authorized and captured minutes later; the reconciliation allows for that.
      const created = {
        gte: Math.floor(from.getTime() / 1000),
        lt: Math.ceil(to.getTime() / 1000),
      };
      const activity: ProcessorActivity[] = [];
      for await (const charge of stripe.charges.list({ created, limit: 100 })) {
        const paymentId = idOf(charge.payment_intent);
        if (!charge.captured || charge.amount_captured <= 0 || !paymentId) continue;
        activity.push({
          kind: "capture",
          id: paymentId,
          paymentId,
          amount: charge.amount_captured,
          at: new Date(charge.created * 1000),
        });
      }
      for await (const refund of stripe.refunds.list({ created, limit: 100 })) {
        const paymentId = idOf(refund.payment_intent);
        if (refund.status === "failed" || refund.status === "canceled" || !paymentId) continue;
        activity.push({
          kind: "refund",
          id: refund.id,
          paymentId,
          amount: refund.amount,
          at: new Date(refund.created * 1000),
        });
      }
      return activity;
    },

    verifyWebhook(rawBody, signature) {
      const event = verifiedStripeEvent(stripe, rawBody, signature, settings.webhookSecret);
      const object = event.data.object as { object?: string; id?: string };
      return {
        id: event.id,
        kind: EVENT_KINDS[event.type] ?? "other",
        providerPaymentId: object.object === "payment_intent" && object.id ? object.id : null,
      };
    },
  };
}
