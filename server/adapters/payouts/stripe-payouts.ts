import Stripe from "stripe";
import { verifiedStripeEvent } from "../stripe-events";
import {
  type StripePayoutProvider,
  TransferRefusedError,
  statusOfAccount,
} from "./payout-provider";

export type StripePayoutSettings = {
  secretKey: string;
  /** The Connect endpoint's signing secret. */
  webhookSecret: string;
  /** Another API address (a local stand-in in tests); Stripe's own when undefined. */
  apiBase: string | undefined;
  /** Where Stripe sends the artist back: `<publicUrl>/payouts/return` and `/payouts/refresh`. */
  publicUrl: string;
};

function apiAddress(apiBase: string | undefined) {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443,
    protocol,
  } as const;
}

function bankLast4Of(account: Stripe.Account): string | null {
  const first = account.external_accounts?.data[0];
  const last4 = first && "last4" in first ? first.last4 : null;
  return typeof last4 === "string" && /^\d{4}$/.test(last4) ? last4 : null;
}

/**
 * Stripe's answer for certain that nothing was moved (a bad request, no such account or
 * transfer, not permitted) becomes TransferRefusedError; a network failure, a timeout,
 * a 5xx, a rate limit or an idempotency conflict may have moved money and is thrown as is.
 */
async function refusalsTyped<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (
      error instanceof Stripe.errors.StripeInvalidRequestError ||
      error instanceof Stripe.errors.StripePermissionError
    ) {
      throw new TransferRefusedError(error.message);
    }
    throw error;
  }
}

/** Stripe Connect Express accounts and Account Links (issue 13), and transfers (issue 14). */
export function createStripePayouts(settings: StripePayoutSettings): StripePayoutProvider {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...apiAddress(settings.apiBase),
  });

  return {
    name: "stripe",

    async createAccount({ userId, email }) {
      const account = await stripe.accounts.create(
        {
          type: "express",
          country: "US",
          email,
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          metadata: { userId },
        },
        // One account per person, however often they click or the request is retried.
        { idempotencyKey: `payout-account-${userId}` },
      );
      return account.id;
    },

    async createOnboardingLink(accountId) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        refresh_url: `${settings.publicUrl}/payouts/refresh`,
        return_url: `${settings.publicUrl}/payouts/return`,
        type: "account_onboarding",
      });
      return link.url;
    },

    async retrieveAccount(accountId) {
      const account = await stripe.accounts.retrieve(accountId);
      return { status: statusOfAccount(account), bankLast4: bankLast4Of(account) };
    },

    async transfer({ destination, amount, idempotencyKey, description }) {
      return refusalsTyped(async () => {
        // Stripe keeps an idempotency key for 24 hours; a payout retried later (the server
        // was down) finds its transfer by its group, named after the same key.
        const earlier = await stripe.transfers.list({ transfer_group: idempotencyKey, limit: 1 });
        const found = earlier.data[0];
        if (found) return { reference: found.id };
        const transfer = await stripe.transfers.create(
          { amount, currency: "usd", destination, description, transfer_group: idempotencyKey },
          { idempotencyKey },
        );
        return { reference: transfer.id };
      });
    },

    async reverseTransfer({ reference, amount, idempotencyKey }) {
      return refusalsTyped(async () => {
        const reversal = await stripe.transfers.createReversal(
          reference,
          { amount, metadata: { key: idempotencyKey } },
          { idempotencyKey },
        );
        return { reference: reversal.id };
      });
    },

    verifyWebhook(rawBody, signature) {
      const event = verifiedStripeEvent(stripe, rawBody, signature, settings.webhookSecret);
      const object = event.data.object as { object?: string; id?: string };
      return {
        id: event.id,
        type: event.type,
        accountId:
          event.type === "account.updated" && object.object === "account" && object.id
            ? object.id
            : null,
      };
    },
  };
}
