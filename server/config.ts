import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_COMMISSION_BPS } from "../domain/orders";

/**
 * The only module that reads process.env, but for PGOPTIONS, the PostgreSQL driver's own
 * variable, which server/db/client.ts reads on the driver's behalf. Everything else
 * receives a Config.
 */

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off"], {
    error: "must be true or false",
  })
  .transform((v) => ["true", "1", "yes", "on"].includes(v));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  DEMO_DATA: booleanFlag.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Vernissage <no-reply@vernissage.local>"),
  LOG_REQUESTS: booleanFlag.optional(),
  TRUST_PROXY: z.coerce
    .number({ error: "must be the number of proxies in front of the server" })
    .int({ error: "must be a whole number" })
    .min(0, { error: "must be 0 or more" })
    .max(10, { error: "must be at most 10" })
    .default(0),
  PAYMENTS_PROVIDER: z.enum(["simulated", "stripe"]).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, "must be a Stripe secret key (sk_…)")
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_/, "must be a Stripe publishable key (pk_…)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, "must be a Stripe webhook signing secret (whsec_…)")
    .optional(),
  STRIPE_CONNECT_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, "must be a Stripe webhook signing secret (whsec_…)")
    .optional(),
  STRIPE_API_BASE: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  STRIPE_TIMEOUT_MS: z.coerce
    .number({ error: "must be a number of milliseconds" })
    .int({ error: "must be a whole number of milliseconds" })
    .min(50, { error: "must be at least 50" })
    .max(120_000, { error: "must be at most 120000" })
    .default(20_000),
  TEAM_EMAIL: z.email({ error: "must be an e-mail address" }).optional(),
  COMMISSION_BPS: z.coerce
    .number({ error: "must be a whole number of basis points (2000 is 20%)" })
    .int({ error: "must be a whole number of basis points (2000 is 20%)" })
    .min(0, { error: "must be between 0 and 10000 (0% to 100%)" })
    .max(10_000, { error: "must be between 0 and 10000 (0% to 100%)" })
    .default(DEFAULT_COMMISSION_BPS),
  DIGEST_INTERVAL_SECONDS: z.coerce
    .number({ error: "must be a number of seconds" })
    .int({ error: "must be a whole number of seconds" })
    .min(1, { error: "must be at least 1" })
    .max(86_400, { error: "must be at most 86400 (a day)" })
    .default(900),
  DIGEST_SETTLE_SECONDS: z.coerce
    .number({ error: "must be a number of seconds" })
    .int({ error: "must be a whole number of seconds" })
    .min(0, { error: "must be at least 0" })
    .max(3_600, { error: "must be at most 3600 (an hour)" })
    .default(60),
  WEB_CONCURRENCY: z.coerce
    .number({ error: "must be the number of server processes" })
    .int({ error: "must be a whole number of processes" })
    .min(1, { error: "must be at least 1" })
    .max(64, { error: "must be at most 64" })
    .default(1),
  PAGE_CACHE_MB: z.coerce
    .number({ error: "must be a number of megabytes" })
    .min(0, { error: "must be 0 (off) or more" })
    .max(4096, { error: "must be at most 4096" })
    .optional(),
  DATA_CACHE_ENTRIES: z.coerce
    .number({ error: "must be a number of entries" })
    .int({ error: "must be a whole number of entries" })
    .min(0, { error: "must be 0 (off) or more" })
    .max(1_000_000, { error: "must be at most 1000000" })
    .optional(),
  PAGE_CACHE_MAX_AGE_SECONDS: z.coerce
    .number({ error: "must be a number of seconds" })
    .int({ error: "must be a whole number of seconds" })
    .min(1, { error: "must be at least 1" })
    .max(3600, { error: "must be at most 3600 (an hour)" })
    .default(60),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /** Origins allowed to send state-changing requests: PUBLIC_URL's, plus 127.0.0.1 for localhost. */
  trustedOrigins: string[];
  sessionSecret: string;
  demoData: boolean;
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  mediaDir: string;
  logRequests: boolean;
  /** How many reverse proxies of ours stand in front (X-Forwarded-For entries to trust). */
  trustProxy: number;
  payments: PaymentsConfig;
  /** Where the team's e-mails go (a new listing to review: SPEC §7 newArtworkUpload). */
  teamEmail: string;
  /** The platform's fee on new sales, in basis points, until the team sets one in the console. */
  commissionBps: number;
  storage: StorageConfig;
  /** How often each process looks for alert digests that are due. */
  digestIntervalSeconds: number;
  /** A digest leaves works listed this recently to the next run (their transactions may still commit). */
  digestSettleSeconds: number;
  /** Server processes on one port (node:cluster); more than one only on PostgreSQL. */
  workers: number;
  /** Visitors' pages kept in memory per process (decision 0033); maxBytes 0 is off. */
  pageCache: { maxBytes: number; maxAgeMs: number };
  /** Reads the same for every viewer (the artwork page's rails) kept per content version. */
  dataCache: { maxEntries: number; maxAgeMs: number };
};

/** Media files: the local folder (served under /media), or an S3-compatible bucket. */
export type StorageConfig =
  | { kind: "local" }
  | {
      kind: "s3";
      bucket: string;
      /** A custom endpoint (MinIO, R2, …; path-style requests), or AWS's own when undefined. */
      endpoint: string | undefined;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      /** The public (CDN) base that addresses start with, without a trailing slash. */
      publicUrl: string;
    };

/** The card processor: the built-in simulated one, or Stripe with all three keys. */
export type PaymentsConfig =
  | { provider: "simulated" }
  | {
      provider: "stripe";
      secretKey: string;
      publishableKey: string;
      webhookSecret: string;
      /** The Connect endpoint's signing secret (account.updated); STRIPE_WEBHOOK_SECRET when unset. */
      connectWebhookSecret: string;
      /** Another Stripe API address (a local stand-in); Stripe's own when undefined. */
      apiBase: string | undefined;
      /**
       * How long one request to Stripe may stay silent before it is abandoned (then retried
       * twice, with the same idempotency key): a Stripe that never answers is a failure
       * that may pass after about three times this, not a run that waits forever.
       */
      timeoutMs: number;
    };

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(stripEmpty(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    trustedOrigins: trustedOriginsOf(publicUrl),
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    demoData: e.DEMO_DATA ?? e.DATABASE_URL === undefined,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: path.join(dataDir, "mail") },
    mediaDir: path.join(dataDir, "media"),
    logRequests: e.LOG_REQUESTS ?? e.NODE_ENV !== "test",
    trustProxy: e.TRUST_PROXY,
    payments: paymentsConfigOf(e),
    teamEmail: e.TEAM_EMAIL ?? `team@${new URL(publicUrl).hostname}`,
    commissionBps: e.COMMISSION_BPS,
    storage: storageConfigOf(e),
    digestIntervalSeconds: e.DIGEST_INTERVAL_SECONDS,
    digestSettleSeconds: e.DIGEST_SETTLE_SECONDS,
    workers: workersOf(e),
    pageCache: {
      // On by default in production only: in development a page changes with the code,
      // and tests that move a clock expect every answer to be read afresh.
      maxBytes: Math.round(
        (e.PAGE_CACHE_MB ?? (e.NODE_ENV === "production" ? 32 : 0)) * 1024 * 1024,
      ),
      maxAgeMs: e.PAGE_CACHE_MAX_AGE_SECONDS * 1000,
    },
    dataCache: {
      // As the page cache: on in production only, and as long-lived.
      maxEntries: e.DATA_CACHE_ENTRIES ?? (e.NODE_ENV === "production" ? 10_000 : 0),
      maxAgeMs: e.PAGE_CACHE_MAX_AGE_SECONDS * 1000,
    },
  };
}

/**
 * The embedded database belongs to one process (its data folder is locked), so several
 * processes need PostgreSQL; asking for them without it is named, not quietly reduced.
 */
function workersOf(e: z.infer<typeof envSchema>): number {
  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      "Invalid configuration:\n  WEB_CONCURRENCY: more than one server process needs DATABASE_URL " +
        "(PostgreSQL); the embedded database (PGlite) allows one process per data folder",
    );
  }
  return e.WEB_CONCURRENCY;
}

const S3_SETTINGS = [
  "S3_BUCKET",
  "S3_ENDPOINT",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_PUBLIC_URL",
] as const;

/**
 * S3 when S3_BUCKET is set, with both keys; the local folder when no S3_* is set.
 * Anything in between (a bucket without keys, keys without a bucket) is named, not guessed.
 */
function storageConfigOf(e: z.infer<typeof envSchema>): StorageConfig {
  const given = S3_SETTINGS.filter((name) => e[name] !== undefined);
  if (given.length === 0) return { kind: "local" };
  const problems: string[] = [];
  if (!e.S3_BUCKET) problems.push(`S3_BUCKET: required when ${given.join(", ")} is set`);
  if (!e.S3_ACCESS_KEY_ID) problems.push("S3_ACCESS_KEY_ID: required with S3_BUCKET");
  if (!e.S3_SECRET_ACCESS_KEY) problems.push("S3_SECRET_ACCESS_KEY: required with S3_BUCKET");
  if (!e.S3_BUCKET || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  }
  const region = e.S3_REGION ?? "us-east-1";
  const endpoint = e.S3_ENDPOINT?.replace(/\/+$/, "");
  const publicUrl = (
    e.S3_PUBLIC_URL ??
    (endpoint ? `${endpoint}/${e.S3_BUCKET}` : `https://${e.S3_BUCKET}.s3.${region}.amazonaws.com`)
  ).replace(/\/+$/, "");
  return {
    kind: "s3",
    bucket: e.S3_BUCKET,
    endpoint,
    region,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    publicUrl,
  };
}

/**
 * Stripe when all three keys are set (or PAYMENTS_PROVIDER=stripe), the simulated
 * processor otherwise. Some but not all keys is a mistake we name rather than guess at.
 */
function paymentsConfigOf(e: z.infer<typeof envSchema>): PaymentsConfig {
  const keys = {
    STRIPE_SECRET_KEY: e.STRIPE_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: e.STRIPE_PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: e.STRIPE_WEBHOOK_SECRET,
  };
  const missing = Object.entries(keys)
    .filter(([, value]) => value === undefined)
    .map(([name]) => name);
  if (e.PAYMENTS_PROVIDER === "simulated") return { provider: "simulated" };
  if (missing.length === 3 && e.PAYMENTS_PROVIDER !== "stripe") return { provider: "simulated" };
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  Stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET; missing: ${missing.join(", ")}`,
    );
  }
  return {
    provider: "stripe",
    secretKey: e.STRIPE_SECRET_KEY!,
    publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
    connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET ?? e.STRIPE_WEBHOOK_SECRET!,
    apiBase: e.STRIPE_API_BASE,
    timeoutMs: e.STRIPE_TIMEOUT_MS,
  };
}

function trustedOriginsOf(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const origins = [url.origin];
  if (url.hostname === "localhost")
    origins.push(`${url.protocol}//127.0.0.1${url.port ? `:${url.port}` : ""}`);
  return origins;
}

/** Empty strings in the environment mean "not set", as in most twelve-factor apps. */
function stripEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && v !== "") out[k] = v;
  return out;
}

/**
 * A generated secret is kept in the data folder, so sessions survive a restart
 * without the operator having to invent one.
 */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) {
    const secret = readFileSync(file, "utf8").trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
