/**
 * Where a closed account lands: the home page with `?account=closed` (decision 0058), which
 * says so. Its own small module: the home page's script stays within its budget.
 */
export const ACCOUNT_CLOSED_NOTICE =
  "Your account is closed and you are signed out everywhere. We are sorry to see you go.";

/** The home page's address after an account was closed. */
export const ACCOUNT_CLOSED_PATH = "/?account=closed";

/** The notice for a page's query string (`?account=closed`), or null. */
export function accountClosedNotice(search: string): string | null {
  return new URLSearchParams(search).get("account") === "closed" ? ACCOUNT_CLOSED_NOTICE : null;
}
