import { checkoutMessages } from "../../../domain/checkout";
import { discoveryMessages } from "../../../domain/discovery-messages";
import { profileMessages } from "../../../domain/profile";

/**
 * The pages whose SPEC §2 texts say what shows while their data load, by path (the
 * route modules are not loaded yet when a navigation to them starts). The texts come
 * from domain/, where those pages take them from too.
 */
const LOADING_TEXTS: [RegExp, string][] = [
  [/^\/artist\/[^/]+\/?$/, discoveryMessages.artistLoading],
  [/^\/profile\/purchases\/?$/, checkoutMessages.historyLoading],
  [/^\/profile(\/[^/]+)?\/?$/, profileMessages.loading],
];

/** The loading text of the page at `pathname`, or null when the SPEC gives it none. */
export function pageLoadingText(pathname: string): string | null {
  return LOADING_TEXTS.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;
}
