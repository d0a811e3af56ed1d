import type { MiddlewareHandler } from "hono";
import { AppError } from "../errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that a browser sent from another site (CSRF,
 * including login CSRF). Requests without Origin come from non-browser clients.
 * `exemptPaths` are POSTs that act on a signed token in their address alone and never on
 * a session, so another site sending them gains nothing the token did not already give.
 */
export function originGuard(
  trustedOrigins: string[],
  exemptPaths: readonly string[] = [],
): MiddlewareHandler {
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method) && !exemptPaths.includes(c.req.path)) {
      const origin = c.req.header("origin");
      const fetchSite = c.req.header("sec-fetch-site");
      if ((origin && !trustedOrigins.includes(origin)) || fetchSite === "cross-site") {
        throw new AppError(
          "FORBIDDEN",
          403,
          "This request came from another site and was refused.",
        );
      }
    }
    await next();
  };
}
