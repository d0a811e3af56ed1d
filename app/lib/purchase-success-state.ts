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
  /** The server's link that sets the password of the account the purchase made, or null. */
  setPasswordPath: string | null;
};

/**
 * What /purchase-success hands to /signin in navigation state when a guest goes to
 * their purchases: the account's e-mail, and whether the purchase created it (it has
 * no password yet) or matched an existing one. State, not the address: the e-mail
 * stays out of URLs and logs.
 */
export type GuestAccountState = { purchaseEmail: string; account: "created" | "matched" };

/**
 * The fields of navigation state, when it is an object whose fields have these kinds
 * (absent allowed): by hand, not with zod, so reading a page's state does not download
 * the schemas library with the page (decision 0034).
 */
function fieldsOf<K extends string>(
  state: unknown,
  kinds: Record<K, "string" | "string-or-null">,
): Partial<Record<K, string | null>> | null {
  if (typeof state !== "object" || state === null || Array.isArray(state)) return null;
  const record = state as Record<string, unknown>;
  const fields: Partial<Record<K, string | null>> = {};
  for (const key of Object.keys(kinds) as K[]) {
    const value = record[key];
    if (value === undefined) continue;
    if (typeof value === "string" || (value === null && kinds[key] === "string-or-null")) {
      fields[key] = value;
    } else {
      return null;
    }
  }
  return fields;
}

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
  setPasswordPath: string | null;
} {
  const fields = fieldsOf(state, {
    message: "string-or-null",
    artworkTitle: "string",
    artworkId: "string",
    email: "string",
    setPasswordPath: "string-or-null",
  });
  if (!fields) {
    return {
      message: null,
      artworkTitle: null,
      artworkId: null,
      guest: null,
      setPasswordPath: null,
    };
  }
  const { message, artworkTitle, artworkId, email, setPasswordPath } = fields;
  const shownMessage = message?.trim() ? message : null;
  const account = accountOf(shownMessage);
  return {
    message: shownMessage,
    artworkTitle: artworkTitle?.trim() ? artworkTitle : null,
    artworkId: artworkId?.trim() ? artworkId : null,
    guest: account && email?.trim() ? { purchaseEmail: email.trim(), account } : null,
    // Only our own set-password page: state is the history entry's, whatever it holds.
    setPasswordPath:
      account === "created" && setPasswordPath?.startsWith("/reset-password?")
        ? setPasswordPath
        : null,
  };
}

/** The sign-in page's reading of GuestAccountState; null for any other state. */
export function readGuestAccountState(state: unknown): GuestAccountState | null {
  const fields = fieldsOf(state, { purchaseEmail: "string", account: "string" });
  const purchaseEmail = fields?.purchaseEmail?.trim();
  const account = fields?.account;
  if (!purchaseEmail || (account !== "created" && account !== "matched")) return null;
  return { purchaseEmail, account };
}
