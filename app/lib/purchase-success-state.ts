import { z } from "zod";
import { checkoutMessages as m } from "../../domain/checkout";

/** What the buy panel hands to /purchase-success in navigation state (SPEC §2). */
export type PurchaseSuccessState = {
  /** The server's guest account message, or null (signed-in buyers). */
  message: string | null;
  artworkTitle: string;
  artworkId: string;
  orderId: string;
  /** The e-mail the buyer gave (a guest's account is found by it). */
  email: string;
};

/**
 * What /purchase-success hands to /signin in navigation state when a guest goes to
 * their purchases: the account's e-mail, and whether the purchase created it (it has
 * no password yet) or matched an existing one. State, not the address: the e-mail
 * stays out of URLs and logs.
 */
export type GuestAccountState = { purchaseEmail: string; account: "created" | "matched" };

const stateSchema = z.object({
  message: z.string().nullable().optional(),
  artworkTitle: z.string().optional(),
  artworkId: z.string().optional(),
  email: z.string().optional(),
});

const guestSchema = z.object({
  purchaseEmail: z.string().trim().min(1),
  account: z.enum(["created", "matched"]),
});

/** The guest account the server's message speaks of (SPEC §8), if any. */
function accountOf(message: string | null): GuestAccountState["account"] | null {
  if (message === m.guestAccountCreated) return "created";
  if (message === m.guestAccountMatched) return "matched";
  return null;
}

/**
 * Navigation state is whatever the history entry holds (nothing on a direct visit,
 * anything after a reload of an old entry): read only what has the right shape.
 */
export function readSuccessState(state: unknown): {
  message: string | null;
  artworkTitle: string | null;
  artworkId: string | null;
  guest: GuestAccountState | null;
} {
  const result = stateSchema.safeParse(state);
  if (!result.success) return { message: null, artworkTitle: null, artworkId: null, guest: null };
  const { message, artworkTitle, artworkId, email } = result.data;
  const shownMessage = message?.trim() ? message : null;
  const account = accountOf(shownMessage);
  return {
    message: shownMessage,
    artworkTitle: artworkTitle?.trim() ? artworkTitle : null,
    artworkId: artworkId?.trim() ? artworkId : null,
    guest: account && email?.trim() ? { purchaseEmail: email.trim(), account } : null,
  };
}

/** The sign-in page's reading of GuestAccountState; null for any other state. */
export function readGuestAccountState(state: unknown): GuestAccountState | null {
  const result = guestSchema.safeParse(state);
  return result.success ? result.data : null;
}
