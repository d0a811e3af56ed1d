import type { Context, MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";

const STRIPE_JS = "https://js.stripe.com";
const STRIPE_API = "https://api.stripe.com";

/**
 * CSP allows our own scripts, and inline scripts only with this request's nonce
 * (React Router's hydration data carries it, see app/entry.server.tsx), so injected
 * markup cannot run script. Images from our media and data: URLs. No frames, except
 * Stripe's card fields (and its script and API) when Stripe is the card processor.
 * Inline styles stay allowed (decision 0024).
 *
 * Strict-Transport-Security only when the marketplace is served over HTTPS (its public
 * address is https://): RFC 6797 §7.2 forbids it over plain HTTP, where a browser ignores
 * it anyway. No X-Download-Options: only Internet Explorer 8 read it. No X-XSS-Protection:
 * browsers have removed the filter it governed, and OWASP's advice is not to send it (or
 * to send 0, which only turned that filter off). (Each header is bytes of the
 * page's first round trip on a phone.)
 */
export function securityHeaders(options: { stripe?: boolean; https?: boolean } = {}) {
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
    strictTransportSecurity: options.https === true,
    xDownloadOptions: false,
    xXssProtection: false,
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

/** Types that are only ever pictures: no markup, no script, never a document of their own. */
const RASTER_IMAGE = /^image\/(webp|jpeg|png|avif|gif)\b/i;

/**
 * Headers that govern a document (what it may load, frame, open, or how it is framed),
 * and do nothing on a picture: the browser never makes a document of a raster image.
 * Strict-Transport-Security is the exception in kind (a browser takes it from any answer
 * over HTTPS), left off pictures because every page carries it.
 */
const DOCUMENT_ONLY_HEADERS = [
  "Content-Security-Policy",
  "Cross-Origin-Opener-Policy",
  "Origin-Agent-Cluster",
  "Referrer-Policy",
  "Strict-Transport-Security",
  "X-DNS-Prefetch-Control",
  "X-Download-Options",
  "X-Frame-Options",
  "X-Permitted-Cross-Domain-Policies",
  "X-XSS-Protection",
];

/**
 * Pictures go out without the document-only security headers: they were most of a
 * picture's header bytes, on every picture of every page, and on a phone's connection
 * they could push the artwork page's main picture past a new connection's first flight
 * (ten TCP segments) into a second round trip. What protects a picture is kept:
 * `X-Content-Type-Options: nosniff` (no picture is read as script or markup) and
 * `Cross-Origin-Resource-Policy`. SVG, which can be a document, keeps everything. Registered outside `securityHeaders()`, so it sees the
 * headers that middleware added.
 */
export function pictureHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!RASTER_IMAGE.test(c.res.headers.get("Content-Type") ?? "")) return;
    for (const name of DOCUMENT_ONLY_HEADERS) c.res.headers.delete(name);
  };
}
