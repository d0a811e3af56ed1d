import { isRouteErrorResponse } from "react-router";

/**
 * The text a route's ErrorBoundary and meta show: a loader throws `data(text, { status })`
 * (app/lib/loader-errors.server.ts) with the SPEC's text; anything else thrown (a bug, a
 * lost database) gets the page's own fallback, never the error's internals.
 */
export function routeErrorText(error: unknown, fallback: string): string {
  if (isRouteErrorResponse(error) && typeof error.data === "string" && error.data) {
    return error.data;
  }
  return fallback;
}
