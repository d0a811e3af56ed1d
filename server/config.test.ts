import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "vernissage-config-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("loadConfig", () => {
  it("has working defaults for the embedded set-up", () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      dataDir: dir,
      databaseUrl: undefined,
      publicUrl: "http://localhost:3000",
      demoData: true,
      trustedOrigins: ["http://localhost:3000", "http://127.0.0.1:3000"],
    });
    expect(config.mail.outboxDir).toBe(path.join(dir, "mail"));
  });

  it("generates a session secret once and keeps it in the data folder", () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8").trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
  });

  it("turns demo data off by default with DATABASE_URL, and lets DEMO_DATA decide", () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: "postgres://db/x" }).demoData).toBe(false);
    expect(
      loadConfig({ DATA_DIR: dir, DATABASE_URL: "postgres://db/x", DEMO_DATA: "true" }).demoData,
    ).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, DEMO_DATA: "0" }).demoData).toBe(false);
  });

  it("follows PORT in the default public URL and strips a trailing slash from PUBLIC_URL", () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir, PORT: "4100" }).publicUrl).toBe("http://localhost:4100");
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: "https://art.example.com/" }).publicUrl).toBe(
      "https://art.example.com",
    );
  });

  it("trusts no proxy by default, and TRUST_PROXY proxies when told", () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }).trustProxy).toBe(0);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: "1" }).trustProxy).toBe(1);
    for (const bad of ["-1", "1.5", "yes", "11"]) {
      expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it("gives each Stripe request 20 s of silence unless STRIPE_TIMEOUT_MS says otherwise", () => {
    const dir = tempDir();
    const stripe = {
      DATA_DIR: dir,
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_PUBLISHABLE_KEY: "pk_test_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
    };
    expect(loadConfig(stripe).payments).toMatchObject({ provider: "stripe", timeoutMs: 20_000 });
    expect(loadConfig({ ...stripe, STRIPE_TIMEOUT_MS: "250" }).payments).toMatchObject({
      timeoutMs: 250,
    });
    expect(() => loadConfig({ ...stripe, STRIPE_TIMEOUT_MS: "0" })).toThrow(
      /STRIPE_TIMEOUT_MS: must be at least 50/,
    );
    expect(() => loadConfig({ ...stripe, STRIPE_TIMEOUT_MS: "soon" })).toThrow(ConfigError);
  });

  it("leaves the digest's last minute to the next look unless DIGEST_SETTLE_SECONDS says otherwise", () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }).digestSettleSeconds).toBe(60);
    expect(loadConfig({ DATA_DIR: dir, DIGEST_SETTLE_SECONDS: "0" }).digestSettleSeconds).toBe(0);
    for (const bad of ["-1", "1.5", "soon", "3601", "1\u0000"]) {
      expect(() => loadConfig({ DATA_DIR: dir, DIGEST_SETTLE_SECONDS: bad }), bad).toThrow(
        /DIGEST_SETTLE_SECONDS/,
      );
    }
  });

  it("explains every invalid setting at once", () => {
    const dir = tempDir();
    const attempt = () =>
      loadConfig({
        DATA_DIR: dir,
        PORT: "eighty",
        DATABASE_URL: "mysql://x",
        SESSION_SECRET: "short",
        DEMO_DATA: "maybe",
      });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*SESSION_SECRET[\s\S]*DEMO_DATA/);
  });
});
