import type { PayoutStatus } from "../../db/schema/auth";

/**
 * How artists get paid (issue 13, decision 0027): the built-in simulated onboarding,
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
export type SimulatedPayoutProvider = {
  name: "simulated";
  /** Null when Stripe's test mode would accept the bank account, else the refusal. */
  checkBankAccount(routingNumber: string, accountNumber: string): string | null;
  newAccountId(): string;
  /** The transfers and reversals made in [from, to). */
  listTransfers(range: { from: Date; to: Date }): Promise<TransferRecord[]>;
};

export type StripePayoutProvider = {
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
