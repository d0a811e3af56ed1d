import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildServer } from "../app";
import { loadConfig } from "../config";
import { createLogger } from "../logger";
import { createServices } from "../services";
import { openTestDatabase, type ResettableTestDatabase } from "./database";
import { testPasswordHashing } from "./password-hashing";

export const TEST_ORIGIN = "http://localhost:3000";

/**
 * The Hono app on a fresh database and a temporary data folder, called in-process.
 * `close()` removes everything it made.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    /** The orders' clock (see testClock), so tests move time instead of sleeping. */
    now?: () => Date;
    /**
     * A database the file opened once (openResettableTestDatabase), reset here to how it
     * was opened instead of making a new one; `close()` leaves it open for the next test.
     */
    database?: ResettableTestDatabase;
    /** Keeps reads under a content version at once (services' data cache, decision 0033). */
    dataCacheSettleMs?: number;
  } = {},
) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "vernissage-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    ...env,
  });
  const shared = options.database;
  if (shared) await shared.reset();
  const database = shared ?? (await openTestDatabase());
  const services = createServices(config, database, createLogger({ json: false, silent: true }), {
    now: options.now,
    dataCacheSettleMs: options.dataCacheSettleMs,
    passwordHashing: testPasswordHashing,
  });
  const app = buildServer({ services });
  return {
    app,
    services,
    /** The database itself, for factories and assertions (the services never expose it). */
    db: database.db,
    config,
    dataDir,
    client: () => createClient(app, config.publicUrl),
    async close() {
      await services.conversations.bus.close();
      await services.outbox.stop();
      services.mailTransport.close();
      if (!shared) await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Fetcher = { request(input: string, init?: RequestInit): Response | Promise<Response> };

/** A browser-like client: keeps cookies, sends JSON with an Origin header as browsers do. */
export function createClient(app: Fetcher, origin: string) {
  const jar = new Map<string, string>();
  async function send(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const h = new Headers({ origin, ...headers });
    if (jar.size) h.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    if (body !== undefined) h.set("content-type", "application/json");
    const response = await app.request(url, {
      method,
      headers: h,
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!value || /max-age=0/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }
  return {
    jar,
    get: (url: string) => send("GET", url),
    post: (url: string, body?: unknown, headers?: Record<string, string>) =>
      send("POST", url, body ?? {}, headers),
  };
}

export function signUpBody(overrides: Record<string, unknown> = {}) {
  return {
    firstName: "Ada",
    lastName: "Lovelace",
    email: `ada.${Math.random().toString(36).slice(2)}@example.com`,
    password: "secret-123",
    occupation: "collector",
    acceptTerms: true,
    ...overrides,
  };
}

/** A clock that stands still until the test moves it. */
export function testClock(start = new Date()) {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    advanceDays(days: number) {
      at += days * 24 * 60 * 60 * 1000;
    },
    advanceMs(ms: number) {
      at += ms;
    },
  };
}
