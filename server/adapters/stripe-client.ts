import { createRequire } from "node:module";
import type Stripe from "stripe";

type StripeSdk = typeof Stripe;

const require = createRequire(import.meta.url);
let sdk: StripeSdk | undefined;

/**
 * Stripe's SDK, loaded the first time a Stripe adapter is made: a marketplace on the
 * simulated processor never pays for it in memory (docs/performance.md, "Server
 * memory"). `require` rather than `import()` because the adapters are built
 * synchronously at start, and the package ships CommonJS.
 */
export function stripeSdk(): StripeSdk {
  sdk ??= require("stripe") as StripeSdk;
  return sdk;
}

/** Where the SDK sends its requests: Stripe's own address, or a stand-in's in tests. */
function apiAddress(apiBase: string | undefined) {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443,
    protocol,
  } as const;
}

/**
 * A Stripe client for the payments and payouts adapters. A request that gets no answer
 * fails after timeoutMs and is retried twice with the same idempotency key: at most about
 * 3 × timeoutMs plus 1.5 s of backoff per call, then an error the callers treat as "may
 * pass" (the refund or payout stays pending).
 */
export function createStripeClient(settings: {
  secretKey: string;
  apiBase: string | undefined;
  timeoutMs: number;
}): Stripe {
  const Sdk = stripeSdk();
  return new Sdk(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: settings.timeoutMs,
    telemetry: false,
    ...apiAddress(settings.apiBase),
  });
}
