import type { Context, MiddlewareHandler } from "hono";

/** The header our server sets (replacing any client value) and Better Auth reads. */
export const CLIENT_IP_HEADER = "x-vernissage-client-ip";

type NodeEnv = { incoming?: { socket?: { remoteAddress?: string } } };

/**
 * Each request's client address as `resolveClientIp` found it, by the request's
 * context: middleware (a body limit) may replace the Request object itself.
 */
const resolved = new WeakMap<Context, string>();

function socketAddress(c: Context): string | undefined {
  const env = c.env as NodeEnv | undefined;
  return env?.incoming?.socket?.remoteAddress ?? undefined;
}

/**
 * The client behind `trustedProxies` proxies of our own. Each proxy appends the address
 * it received the request from to X-Forwarded-For, so the client is the entry that
 * many places from the end; anything before it may be forged by the client and is
 * never read. Without trusted proxies, or with fewer entries than proxies, it is the
 * socket's peer.
 */
export function forwardedClient(
  forwardedFor: string | undefined,
  socket: string | undefined,
  trustedProxies: number,
): string | undefined {
  if (trustedProxies <= 0 || !forwardedFor) return socket;
  const hops = forwardedFor
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  return hops[hops.length - trustedProxies] ?? socket;
}

/** Finds each request's client address once (config TRUST_PROXY: how many proxies are ours). */
export function resolveClientIp(trustedProxies: number): MiddlewareHandler {
  return async (c, next) => {
    const ip = forwardedClient(c.req.header("x-forwarded-for"), socketAddress(c), trustedProxies);
    if (ip) resolved.set(c, ip);
    await next();
  };
}

/**
 * The client's address, for per-address limits (sign-in attempts, checkout starts);
 * requests made in-process (tests) have none.
 */
export function clientIp(c: Context): string | undefined {
  return resolved.get(c) ?? socketAddress(c);
}
