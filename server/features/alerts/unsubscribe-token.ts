import { createHmac, timingSafeEqual } from "node:crypto";
import type { UnsubscribeScope } from "../../../contracts/alerts.contract";
import { isUuid } from "../../../domain/ids";

/**
 * The token of an unsubscribe link (decision 0031): `base64url(userId:scope)`,
 * a dot, and an HMAC-SHA256 of the same under the session secret. It is never stored,
 * names the one person and the one thing it turns off, and cannot be made for another
 * person or another scope without the secret. The MAC input starts with "unsubscribe:"
 * so no other HMAC of ours under the same secret (offer keys: "offer:…") is ever a valid
 * unsubscribe token, nor the other way round.
 */

/** Longer than any token we make (a uuid, "alert:" and a uuid, base64url, and the MAC). */
export const MAX_UNSUBSCRIBE_TOKEN_LENGTH = 256;

export type UnsubscribeClaim = { userId: string; scope: UnsubscribeScope };

function mac(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(`unsubscribe:${payload}`).digest("base64url");
}

export function unsubscribeToken(secret: string, userId: string, scope: UnsubscribeScope): string {
  const payload = Buffer.from(`${userId}:${scope}`, "utf8").toString("base64url");
  return `${payload}.${mac(secret, payload)}`;
}

function isScope(scope: string): scope is UnsubscribeScope {
  if (scope === "all" || scope === "follows") return true;
  return scope.startsWith("alert:") && isUuid(scope.slice("alert:".length));
}

/** The person and scope of a token we made, or null for anything else (forged, altered, cut). */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeClaim | null {
  if (typeof token !== "string" || token.length > MAX_UNSUBSCRIBE_TOKEN_LENGTH) return null;
  const parts = token.split(".");
  if (parts.length !== 2) return null;
  const [payload = "", given = ""] = parts;
  if (!/^[\w-]+$/.test(payload) || !/^[\w-]+$/.test(given)) return null;
  const expected = Buffer.from(mac(secret, payload));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  const text = Buffer.from(payload, "base64url").toString("utf8");
  const colon = text.indexOf(":");
  const userId = text.slice(0, colon);
  const scope = text.slice(colon + 1);
  if (colon < 0 || !isUuid(userId) || !isScope(scope)) return null;
  return { userId, scope };
}
