import type { ServerOptions } from "node:http";

/**
 * Node's HTTP server limits against slow or stalled clients: one that never finishes
 * its headers (slowloris) or trickles a body would otherwise hold a connection for
 * minutes. Uploads of 30 MB need about 2 minutes at 2 Mbit/s, hence the request limit.
 */
export const HTTP_TIMEOUTS = {
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 120_000,
} as const;

export type HttpTimeouts = { headersTimeoutMs: number; requestTimeoutMs: number };

export function httpServerOptions(timeouts: HttpTimeouts = HTTP_TIMEOUTS): ServerOptions {
  return {
    headersTimeout: timeouts.headersTimeoutMs,
    requestTimeout: timeouts.requestTimeoutMs,
    keepAliveTimeout: 5_000,
    // How often Node checks the two limits above (its default, 30 s, would let a
    // stalled client stay up to that much longer).
    connectionsCheckingInterval: Math.min(1_000, timeouts.headersTimeoutMs),
  };
}
