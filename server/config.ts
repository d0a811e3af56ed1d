import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/** The only module that reads process.env. Everything else receives a Config. */

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
