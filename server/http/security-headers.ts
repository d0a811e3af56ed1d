import { secureHeaders } from "hono/secure-headers";

const STRIPE_JS = "https://js.stripe.com";
const STRIPE_API = "https://api.stripe.com";

/**
 * CSP allows our own scripts plus the inline hydration data React Router writes,
 * and images from our media and data: URLs. No frames, except Stripe's card
 * fields (and its script and API) when Stripe is the card processor.
 */
export function securityHeaders(options: { stripe?: boolean } = {}) {
  const stripe = options.stripe === true;
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'unsafe-inline'", ...(stripe ? [STRIPE_JS] : [])],
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
