import type Stripe from "stripe";
import { createStripeClient, stripeSdk } from "../stripe-client";
import { verifiedStripeEvent } from "../stripe-events";
import {
  type StripePayoutProvider,
  type TransferRecord,
  TransferRefusedError,
  statusOfAccount,
} from "./payout-provider";

export type StripePayoutSettings = {
  secretKey: string;
  /** The Connect endpoint's signing secret. */
  webhookSecret: string;
  /** Another API address (a local stand-in in tests); Stripe's own when undefined. */
  apiBase: string | undefined;
  /** One request's silence before it is abandoned (STRIPE_TIMEOUT_MS; config.ts). */
  timeoutMs: number;
  /** Where Stripe sends the artist back: `<publicUrl>/payouts/return` and `/payouts/refresh`. */
  publicUrl: string;
};

/** The metadata field holding the idempotency key a reversal was asked with. */
const KEY_METADATA = "vernissage_key";

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
      error instanceof stripeSdk().errors.StripeInvalidRequestError ||
      error instanceof stripeSdk().errors.StripePermissionError
    ) {
      throw new TransferRefusedError(error.message);
    }
    throw error;
  }
}

/** Stripe Connect Express accounts and Account Links, and transfers. */
export function createStripePayouts(settings: StripePayoutSettings): StripePayoutProvider {
  const stripe = createStripeClient(settings);

  /**
   * All of a transfer's reversals: Stripe embeds only the first 10 in the transfer, so
   * when it says there are more they are read from the transfer's own list, every page.
   */
  async function reversalsOf(transfer: Stripe.Transfer) {
    if (!transfer.reversals?.has_more) return transfer.reversals?.data ?? [];
    const all: Stripe.TransferReversal[] = [];
    for await (const reversal of stripe.transfers.listReversals(transfer.id, { limit: 100 })) {
      all.push(reversal);
    }
    return all;
  }

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
        // As with transfers: past Stripe's 24 hours, the key in the metadata finds a
        // reversal whose answer was lost. (Reversals made before it was named
        // `vernissage_key` carry it as `key`.)
        for await (const earlier of stripe.transfers.listReversals(reference, { limit: 100 })) {
          const key = earlier.metadata?.[KEY_METADATA] ?? earlier.metadata?.key;
          if (key === idempotencyKey) return { reference: earlier.id };
        }
        const reversal = await stripe.transfers.createReversal(
          reference,
          { amount, metadata: { [KEY_METADATA]: idempotencyKey } },
          { idempotencyKey },
        );
        return { reference: reversal.id };
      });
    },

    async listTransfers({ from, to }) {
      // Transfers created in the range, with their reversals made in the range too.
      const start = Math.floor(from.getTime() / 1000);
      const end = Math.ceil(to.getTime() / 1000);
      const records: TransferRecord[] = [];
      for await (const transfer of stripe.transfers.list({
        created: { gte: start, lt: end },
        limit: 100,
      })) {
        const destination = typeof transfer.destination === "string" ? transfer.destination : "";
        records.push({
          id: transfer.id,
          kind: "transfer",
          amount: transfer.amount,
          destination,
          at: new Date(transfer.created * 1000),
        });
        for (const reversal of await reversalsOf(transfer)) {
          if (reversal.created < start || reversal.created >= end) continue;
          records.push({
            id: reversal.id,
            kind: "reversal",
            amount: reversal.amount,
            destination,
            at: new Date(reversal.created * 1000),
          });
        }
      }
      return records;
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
