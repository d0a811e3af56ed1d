/**
 * What the checkout needs from a card processor: an authorization that is captured
 * or cancelled later (manual capture), and signed event notifications. Two
 * implementations: the built-in simulated processor and Stripe.
 */

export type ProviderName = "simulated" | "stripe";

/** A payment's life cycle, in the processor's own view. */
export type AuthorizationStatus = "created" | "authorized" | "captured" | "cancelled" | "declined";

export type NewAuthorization = {
  /** USD cents. */
  amount: number;
  currency: "usd";
  /** The same key always gives the same authorization (a retried request makes no second one). */
  idempotencyKey: string;
  metadata: Record<string, string>;
};

export type Authorization = { id: string; clientSecret: string };

/** A verified notification, reduced to what the checkout acts on. */
export type PaymentEvent = {
  id: string;
  kind: "authorized" | "captured" | "cancelled" | "declined" | "other";
  providerPaymentId: string | null;
};

/** A money movement in the processor's own records, for the reconciliation. */
export type ProcessorActivity = {
  kind: "capture" | "refund";
  /** The capture's payment id, or the refund's own id. */
  id: string;
  /** The payment it belongs to (our `payments.provider_payment_id`). */
  paymentId: string;
  /** USD cents. */
  amount: number;
  at: Date;
};

export class WebhookSignatureError extends Error {
  override name = "WebhookSignatureError";
}

/**
 * The processor refused a refund and would refuse it again: the payment is unknown or
 * was never captured, or less is left of it than asked (refunded from the processor's
 * dashboard, say). Nothing was refunded. Anything else a refund throws (a timeout, a
 * 5xx, a rate limit) may pass and is retried.
 */
export class RefundRefusedError extends Error {
  override name = "RefundRefusedError";
}

export type PaymentProvider = {
  name: ProviderName;
  /** What the browser needs to load the processor's script; null for the simulated one. */
  publishableKey: string | null;
  createAuthorization(input: NewAuthorization): Promise<Authorization>;
  retrieve(id: string): Promise<AuthorizationStatus>;
  /** Idempotent; refuses to capture what is not authorized. */
  capture(id: string): Promise<void>;
  /** Idempotent; refuses to cancel what was captured (that would be a refund). */
  cancel(id: string): Promise<void>;
  /**
   * Gives `amount` cents of a captured payment back to the card. The same key answers
   * the same refund; refuses more than was captured less earlier refunds. A refusal
   * throws RefundRefusedError.
   */
  refund(input: { id: string; amount: number; idempotencyKey: string }): Promise<{ id: string }>;
  /** Throws WebhookSignatureError unless the body is signed with our webhook secret. */
  verifyWebhook(rawBody: string, signature: string | undefined): PaymentEvent;
  /** The captures and refunds the processor made in [from, to). */
  listActivity(range: { from: Date; to: Date }): Promise<ProcessorActivity[]>;
};
