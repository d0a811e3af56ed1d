import { z } from "zod";

/**
 * What the offer panel (app/features/checkout) hands to the offer's page
 * (app/features/offers) in navigation state: the server's guest account message and
 * what happened. State, not the address, so a reload or a shared link does not repeat it.
 */
export type OfferPageState = { accountMessage: string | null; message: string | null };

const stateSchema = z.object({
  accountMessage: z.string().nullable().optional(),
  message: z.string().nullable().optional(),
});

/** The state as the page reads it: anything else (another page's state, none) is nothing. */
export function readOfferPageState(state: unknown): OfferPageState {
  const parsed = stateSchema.safeParse(state);
  if (!parsed.success) return { accountMessage: null, message: null };
  return {
    accountMessage: parsed.data.accountMessage ?? null,
    message: parsed.data.message ?? null,
  };
}

/**
 * The offer's page. The access key goes along always (signed in or not): it is what the
 * buyer's e-mails link to, and it lets a guest open the page without an account.
 */
export function offerPageLink(offerId: string, accessKey: string | null): string {
  const path = `/offers/${encodeURIComponent(offerId)}`;
  return accessKey ? `${path}?key=${encodeURIComponent(accessKey)}` : path;
}
