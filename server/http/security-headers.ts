import type { Context } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";

const STRIPE_JS = "https://js.stripe.com";
const STRIPE_API = "https://api.stripe.com";

/**
 * CSP allows our own scripts, and inline scripts only with this request's nonce
 * (React Router's hydration data carries it, see app/entry.server.tsx), so injected
 * markup cannot run script. Images from our media and data: URLs. No frames, except
 * Stripe's card fields (and its script and API) when Stripe is the card processor.
 * Inline styles stay allowed (decision 0024).
 */
export function securityHeaders(options: { stripe?: boolean } = {}) {
  const stripe = options.stripe === true;
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE, ...(stripe ? [STRIPE_JS] : [])],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", "https:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'", ...(stripe ? [STRIPE_API] : [])],
      ...(stripe ? { frameSrc: [STRIPE_JS] } : {}),
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
    xFrameOptions: "DENY",
    xContentTypeOptions: "nosniff",
    referrerPolicy: "strict-origin-when-cross-origin",
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: "same-origin",
  });
}

/** The nonce of this request's CSP, set by the middleware above before any handler runs. */
export function cspNonce(c: Context): string | undefined {
  const nonce: unknown = c.get("secureHeadersNonce");
  return typeof nonce === "string" ? nonce : undefined;
}
