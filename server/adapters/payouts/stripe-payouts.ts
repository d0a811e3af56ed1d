import Stripe from "stripe";
import { verifiedStripeEvent } from "../stripe-events";
import { type StripePayoutProvider, statusOfAccount } from "./payout-provider";

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

/** Stripe Connect Express accounts and Account Links (issue 13). */
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
