import { artistMessages } from "../artist/artist.messages";
import { profilePageMessages } from "../profile/profile.messages";
import { purchasesMessages } from "../purchases/purchases.messages";

/**
 * The pages whose SPEC §2 texts say what shows while their data load, by path (the
 * route modules are not loaded yet when a navigation to them starts).
 */
const LOADING_TEXTS: [RegExp, string][] = [
  [/^\/artist\/[^/]+\/?$/, artistMessages.loading],
  [/^\/profile\/purchases\/?$/, purchasesMessages.historyLoading],
  [/^\/profile(\/[^/]+)?\/?$/, profilePageMessages.loading],
];

/** The loading text of the page at `pathname`, or null when the SPEC gives it none. */
export function pageLoadingText(pathname: string): string | null {
  return LOADING_TEXTS.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;
}
