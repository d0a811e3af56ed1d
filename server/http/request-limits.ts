import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { hasIllFormedPercentEncoding, inputMessages } from "../../domain/text-input";
import { AppError } from "../errors";

/** JSON bodies and page forms: our largest legitimate one (a listing) is a few KB. */
export const MAX_BODY_BYTES = 100 * 1024;
/** Stripe's event payloads (payments and Connect) are larger than ours; it documents no maximum, 1 MB is ample. */
export const MAX_WEBHOOK_BYTES = 1024 * 1024;

/** Routes that take an image: they apply the image limit (30 MB) themselves. */
const IMAGE_ROUTES = new Set([
  "/api/uploads/images",
  "/api/me/photo",
  "/api/admin/images",
  "/api/me/artist-application/images",
  "/api/me/conversations/images",
]);

/** Stripe's webhooks: payments, and Connect's account events. */
const WEBHOOK_ROUTES = new Set(["/api/webhooks/stripe", "/api/webhooks/stripe-connect"]);

function tooLarge(): never {
  throw new AppError("PAYLOAD_TOO_LARGE", 413, inputMessages.bodyTooLarge);
}

const small = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
const webhook = bodyLimit({ maxSize: MAX_WEBHOOK_BYTES, onError: tooLarge });

/**
 * Every request body is limited before anything reads it: by Content-Length without
 * reading, or by counting a streamed body and stopping at the limit (413).
 */
export function requestBodyLimit(): MiddlewareHandler {
  return (c, next) => {
    // A GET or HEAD has no body (the server adapter gives them none): nothing to limit, and
    // asking would build the full Request object for every page view.
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    if (IMAGE_ROUTES.has(c.req.path)) return next();
    if (WEBHOOK_ROUTES.has(c.req.path)) return webhook(c, next);
    return small(c, next);
  };
}

/**
 * A NUL character in the address (`%00` in a path or query) is refused for every
 * route, pages included: nothing we serve has one, and the database cannot store it.
 * So is a percent-encoded sequence that is not UTF-8 (`%ED%A0%80`, a surrogate): Hono
 * would leave it undecoded, and a search or an id would then run on the wrong text.
 */
export function rejectBadTextInUrl(): MiddlewareHandler {
  return async (c, next) => {
    if (/%00/i.test(c.req.url)) {
      throw new AppError("VALIDATION_FAILED", 400, inputMessages.nulCharacter);
    }
    if (hasIllFormedPercentEncoding(c.req.url)) {
      throw new AppError("VALIDATION_FAILED", 400, inputMessages.illFormedText);
    }
    await next();
  };
}

/**
 * An answer given before the body was read (a 413, or a 401/403 that is decided
 * before any body is read) leaves that body on the socket, and the server then drops
 * the connection. `Connection: close` tells the client not to send its next request
 * on it, where it would fail with a reset.
 */
export function closeIfBodyUnread(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const sentBody =
      c.req.header("content-length") !== undefined || c.req.header("transfer-encoding");
    if (sentBody && c.req.header("content-length") !== "0" && !c.req.raw.bodyUsed) {
      c.res.headers.set("Connection", "close");
    }
  };
}
