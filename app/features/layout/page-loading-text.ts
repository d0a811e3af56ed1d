import {
  ARTIST_PROFILE_LOADING,
  PROFILE_LOADING,
  PURCHASE_HISTORY_LOADING,
} from "../../../domain/loading-texts";

/**
 * The pages whose SPEC §2 texts say what shows while their data load, by path (the
 * route modules are not loaded yet when a navigation to them starts). The texts come
 * from domain/loading-texts.ts, where those pages' message lists take them from too.
 */
const LOADING_TEXTS: [RegExp, string][] = [
  [/^\/artist\/[^/]+\/?$/, ARTIST_PROFILE_LOADING],
  [/^\/profile\/purchases\/?$/, PURCHASE_HISTORY_LOADING],
  [/^\/profile(\/[^/]+)?\/?$/, PROFILE_LOADING],
];

/** The loading text of the page at `pathname`, or null when the SPEC gives it none. */
export function pageLoadingText(pathname: string): string | null {
  return LOADING_TEXTS.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;
}
