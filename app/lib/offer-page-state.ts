/**
 * What the offer panel hands to the offer's page (both app/features/offers) in
 * navigation state: the server's guest account message and
 * what happened. State, not the address, so a reload or a shared link does not repeat it.
 */
export type OfferPageState = { accountMessage: string | null; message: string | null };

const nothing: OfferPageState = { accountMessage: null, message: null };

/**
 * The state as the page reads it: anything else (another page's state, none) is nothing.
 * Read by hand, not with zod, so the offer's page does not download it (decision 0034).
 */
export function readOfferPageState(state: unknown): OfferPageState {
  if (typeof state !== "object" || state === null || Array.isArray(state)) return nothing;
  const { accountMessage = null, message = null } = state as Record<string, unknown>;
  const text = (value: unknown): value is string | null =>
    value === null || typeof value === "string";
  if (!text(accountMessage) || !text(message)) return nothing;
  return { accountMessage, message };
}

/**
 * The offer's page. The access key goes along always (signed in or not): it is what the
 * buyer's e-mails link to, and it lets a guest open the page without an account.
 */
export function offerPageLink(offerId: string, accessKey: string | null): string {
  const path = `/offers/${encodeURIComponent(offerId)}`;
  return accessKey ? `${path}?key=${encodeURIComponent(accessKey)}` : path;
}
