import type { PayoutStatus } from "../../db/schema/auth";

/**
 * How artists get paid (decision 0027): the built-in simulated onboarding,
 * or Stripe Connect Express. Chosen by the same setting as the card processor
 * (`config.payments.provider`).
 */

/** A connected account's state, reduced to what the listing rule and the artist need. */
export type PayoutAccountState = { status: PayoutStatus; bankLast4: string | null };

/** A verified Connect notification, reduced to what we act on. */
export type ConnectEvent = {
  id: string;
  type: string;
  /** The connected account an `account.updated` event is about; null for other events. */
  accountId: string | null;
};

/** A payment to an artist's connected account (decision 0029: separate transfers). */
export type NewTransfer = {
  /** The artist's connected account (`users.payout_account_id`). */
  destination: string;
  /** Positive USD cents. */
  amount: number;
  /** The same key always answers the same transfer: a retried payout never pays twice. */
  idempotencyKey: string;
  description: string;
};

/** Money taken back from a transfer made earlier (a refund after the artist was paid). */
export type TransferReversal = {
  /** The transfer's reference, as `transfer` answered it. */
  reference: string;
  /** Positive USD cents; never more than what is left of the transfer. */
  amount: number;
  idempotencyKey: string;
};

/**
 * Moving the artists' money, both providers alike. A call that throws
 * `TransferRefusedError` moved nothing, for certain (no such account, more than the
 * transfer holds); any other error may or may not have moved money, so the caller must
 * retry with the same idempotency key rather than give up.
 */
export type Transfers = {
  transfer(input: NewTransfer): Promise<{ reference: string }>;
  reverseTransfer(input: TransferReversal): Promise<{ reference: string }>;
};

/** The provider refused a transfer or a reversal: nothing was moved. */
export class TransferRefusedError extends Error {
  override name = "TransferRefusedError";
}

/** A transfer to an artist, or a reversal of one, in the provider's own records (reconciliation). */
export type TransferRecord = {
  /** The transfer's or the reversal's id (our `artist_payouts.provider_reference`). */
  id: string;
  kind: "transfer" | "reversal";
  /** Positive USD cents, either way. */
  amount: number;
  destination: string;
  at: Date;
};

/** The simulated provider: Stripe's test-mode rules, with no network. */
export type SimulatedPayoutProvider = Transfers & {
  name: "simulated";
  /** Null when Stripe's test mode would accept the bank account, else the refusal. */
  checkBankAccount(routingNumber: string, accountNumber: string): string | null;
  newAccountId(): string;
  /** The transfers and reversals made in [from, to). */
  listTransfers(range: { from: Date; to: Date }): Promise<TransferRecord[]>;
};

export type StripePayoutProvider = Transfers & {
  name: "stripe";
  /** Creates (once per user: an idempotency key derived from the user) an Express account. */
  createAccount(input: { userId: string; email: string }): Promise<string>;
  /** An Account Link for onboarding, with our return and refresh addresses. */
  createOnboardingLink(accountId: string): Promise<string>;
  retrieveAccount(accountId: string): Promise<PayoutAccountState>;
  /** Throws WebhookSignatureError unless signed with the Connect webhook secret. */
  verifyWebhook(rawBody: string, signature: string | undefined): ConnectEvent;
  /** The transfers and reversals made in [from, to). */
  listTransfers(range: { from: Date; to: Date }): Promise<TransferRecord[]>;
};

export type PayoutProvider = SimulatedPayoutProvider | StripePayoutProvider;

/**
 * Stripe's account fields to a status (decision 0027): charges and payouts enabled →
 * active; disabled or requirements past due → restricted; otherwise pending.
 */
export function statusOfAccount(account: {
  charges_enabled?: boolean | null;
  payouts_enabled?: boolean | null;
  requirements?: { disabled_reason?: string | null; past_due?: string[] | null } | null;
}): PayoutStatus {
  if (account.charges_enabled && account.payouts_enabled) return "active";
  const requirements = account.requirements;
  if (requirements?.disabled_reason || (requirements?.past_due?.length ?? 0) > 0) {
    return "restricted";
  }
  return "pending";
}
