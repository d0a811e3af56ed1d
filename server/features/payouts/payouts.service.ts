import { twoStepMessages } from "../../../contracts/auth.contract";
import {
  type ConnectWebhookReceived,
  type OnboardingLink,
  type PayoutsState,
  type SimulatedOnboardingBody,
  payoutsGuidance,
  payoutsMessages as m,
} from "../../../contracts/payouts.contract";
import { WebhookSignatureError } from "../../adapters/payments/payment-provider";
import type { PayoutProvider, StripePayoutProvider } from "../../adapters/payouts/payout-provider";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import {
  type PayoutRow,
  activateSimulatedAccount,
  findPayouts,
  isKnownAccount,
  setAccountState,
  storeStripeAccount,
} from "./payouts.repository";

export type PayoutsDeps = { db: Database; provider: PayoutProvider; logger: Logger };

/** The artist the routes let through (artistsOnly): who they are. */
export type PayoutViewer = { id: string; isArtist: boolean; twoFactorEnabled?: boolean };

function stateOf(provider: PayoutProvider, row: PayoutRow): PayoutsState {
  return {
    status: row.payoutStatus,
    provider: provider.name,
    bankLast4: row.payoutBankLast4,
    ...payoutsGuidance(row.payoutStatus),
  };
}

function requireArtist(viewer: PayoutViewer) {
  if (!viewer.isArtist) throw new AppError("FORBIDDEN", 403, m.artistsOnly);
}

/**
 * Decision 0057: an artist's first payout setup needs two-step verification on, so
 * whoever takes over the password cannot send the money elsewhere. An account already
 * made (Stripe's onboarding continued) is not refused.
 */
function requireTwoStepForFirstSetup(viewer: PayoutViewer, row: PayoutRow) {
  if (row.payoutAccountId || viewer.twoFactorEnabled) return;
  throw new AppError("TWO_STEP_REQUIRED", 403, twoStepMessages.payoutsRequired);
}

async function readOwn(db: Database, userId: string): Promise<PayoutRow> {
  const row = await findPayouts(db, userId);
  if (!row) throw new AppError("NOT_FOUND", 404, "Not found.");
  return row;
}

/** `GET /api/me/payouts`: the artist's status, the bank's last four digits, what to do next. */
export async function getPayouts(
  { db, provider }: PayoutsDeps,
  viewer: PayoutViewer,
): Promise<PayoutsState> {
  requireArtist(viewer);
  return stateOf(provider, await readOwn(db, viewer.id));
}

/**
 * The simulated onboarding (the default provider): Stripe test mode's rules, then one
 * UPDATE to `active` keeping only the last four digits. A second submit keeps the first
 * account id and answers the same active state.
 */
export async function completeSimulatedOnboarding(
  { db, provider }: PayoutsDeps,
  viewer: PayoutViewer,
  body: SimulatedOnboardingBody,
): Promise<PayoutsState> {
  requireArtist(viewer);
  if (provider.name !== "simulated") throw new AppError("NOT_FOUND", 404, m.notSimulated);
  requireTwoStepForFirstSetup(viewer, await readOwn(db, viewer.id));
  const refusal = provider.checkBankAccount(body.routingNumber, body.accountNumber);
  if (refusal) throw new AppError("VALIDATION_FAILED", 400, refusal);
  const row = await activateSimulatedAccount(
    db,
    viewer.id,
    provider.newAccountId(),
    body.accountNumber.slice(-4),
  );
  if (!row) {
    const current = await readOwn(db, viewer.id);
    throw new AppError(
      "CONFLICT",
      409,
      current.payoutAccountId ? m.stripeAccountKept : m.artistsOnly,
    );
  }
  return stateOf(provider, row);
}

function requireStripe(provider: PayoutProvider): StripePayoutProvider {
  if (provider.name !== "stripe") throw new AppError("NOT_FOUND", 404, m.notStripe);
  return provider;
}

async function stripeCall<T>(logger: Logger, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    logger.error(`payouts: Stripe ${what} failed`, { error });
    throw new AppError("INTERNAL", 502, m.stripeUnavailable);
  }
}

/**
 * `POST /api/me/payouts/onboarding` (Stripe), and `/payouts/refresh`: the artist's Express
 * account (made once: the idempotency key is the user's, and it is stored only where none
 * is), then a fresh Account Link.
 */
export async function startStripeOnboarding(
  { db, provider, logger }: PayoutsDeps,
  viewer: PayoutViewer,
): Promise<OnboardingLink> {
  requireArtist(viewer);
  const stripe = requireStripe(provider);
  const row = await readOwn(db, viewer.id);
  requireTwoStepForFirstSetup(viewer, row);
  let accountId = row.payoutAccountId;
  if (!accountId) {
    const created = await stripeCall(logger, "account creation", () =>
      stripe.createAccount({ userId: row.id, email: row.email }),
    );
    const stored = await storeStripeAccount(db, row.id, created);
    // A concurrent request stored first: with the same idempotency key it is the same account.
    accountId = stored?.payoutAccountId ?? (await readOwn(db, row.id)).payoutAccountId ?? created;
  }
  const url = await stripeCall(logger, "account link", () =>
    stripe.createOnboardingLink(accountId),
  );
  return { url };
}

/** `/payouts/return`: Stripe sent the artist back; read the account and keep its status. */
export async function refreshFromStripe(
  { db, provider, logger }: PayoutsDeps,
  viewer: PayoutViewer,
): Promise<PayoutsState> {
  requireArtist(viewer);
  const stripe = requireStripe(provider);
  const row = await readOwn(db, viewer.id);
  if (!row.payoutAccountId) return stateOf(provider, row);
  const accountId = row.payoutAccountId;
  const state = await stripeCall(logger, "account read", () => stripe.retrieveAccount(accountId));
  return stateOf(provider, (await setAccountState(db, accountId, state)) ?? row);
}

/**
 * `POST /api/webhooks/stripe-connect`: `account.updated`. The event only says which
 * account changed: the account is read again from Stripe and its current state kept, so
 * events that arrive twice or out of order still leave the latest state.
 */
export async function handleConnectWebhook(
  { db, provider, logger }: PayoutsDeps,
  rawBody: string,
  signature: string | undefined,
): Promise<ConnectWebhookReceived> {
  const stripe = requireStripe(provider);
  let event;
  try {
    event = stripe.verifyWebhook(rawBody, signature);
  } catch (error) {
    if (!(error instanceof WebhookSignatureError)) throw error;
    throw new AppError("BAD_REQUEST", 400, m.webhookSignature);
  }
  const accountId = event.accountId;
  if (!accountId) return { received: true, ignored: true };
  if (!(await isKnownAccount(db, accountId))) {
    logger.warn("payouts: account.updated for an account we do not know", {
      eventId: event.id,
      accountId,
    });
    return { received: true, ignored: true };
  }
  const state = await stripeCall(logger, "account read", () => stripe.retrieveAccount(accountId));
  const row = await setAccountState(db, accountId, state);
  logger.info("payouts: account status", { accountId, status: state.status, eventId: event.id });
  return { received: true, ignored: row === undefined };
}
