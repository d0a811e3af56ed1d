import type { MiddlewareHandler } from "hono";
import { AppError } from "../errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that a browser sent from another site (CSRF,
 * including login CSRF). Requests without Origin come from non-browser clients.
 */
export function originGuard(trustedOrigins: string[]): MiddlewareHandler {
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
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
