import { describe, expect, it } from "vitest";
import { createLogger } from "./logger";
import { MAX_LOGGED_STRING, redactForLog } from "./log-redaction";

describe("redactForLog", () => {
  it("cuts a long string to a bounded size and says how much was left out", () => {
    const value = redactForLog("x".repeat(1_000_000)) as string;
    expect(value.length).toBeLessThan(MAX_LOGGED_STRING + 40);
    expect(value).toMatch(/…\(\+\d+ characters\)$/);
  });

  it("never keeps passwords, tokens, secrets, cookies or postal addresses", () => {
    const value = redactForLog({
      password: "hunter2",
      newPassword: "hunter3",
      token: "abc",
      clientSecret: "sec",
      headers: { cookie: "s=1", authorization: "Bearer x" },
      shippingAddress: { line1: "1 Main St", city: "Albany" },
      billing: { line2: "Apt 4", zipCode: "12207", postalCode: "12207" },
      card: { number: "4242424242424242", cvc: "123" },
      paymentId: "kept",
    });
    expect(JSON.stringify(value)).not.toMatch(
      /hunter|abc"|sec"|s=1|Bearer|Main St|Apt 4|12207|4242|123/,
    );
    expect(value).toMatchObject({ paymentId: "kept", password: "[redacted]" });
  });

  it("never keeps a two-step secret, its QR code, URI or backup codes (decision 0057)", () => {
    const uri = "otpauth://totp/Vernissage:a%40b.test?secret=JBSWY3DPEHPK3PXP&issuer=Vernissage";
    const logged = JSON.stringify(
      redactForLog({
        setup: { uri, secret: "JBSWY3DPEHPK3PXP", qrSvg: "<svg>JBSWY3DPEHPK3PXP</svg>" },
        backupCodes: ["abcde-12345"],
        totpURI: uri,
        message: `scan ${uri}`,
      }),
    );
    expect(logged).not.toContain("JBSWY3DPEHPK3PXP");
    expect(logged).not.toContain("abcde-12345");
  });

  it("masks e-mail addresses and reset links inside any text", () => {
    const value = redactForLog({
      to: "ada.lovelace@example.com",
      error: new Error("no user ada.lovelace@example.com; see /reset-password?token=s3cret&x=1"),
    }) as { to: string; error: { message: string } };
    expect(value.to).toBe("a***@example.com");
    expect(value.error.message).not.toContain("lovelace");
    expect(value.error.message).not.toContain("s3cret");
  });
});

describe("createLogger", () => {
  it("writes a 1 MB e-mail as a short line", () => {
    const lines: string[] = [];
    const original = console.warn;
    console.warn = (line: string) => lines.push(line);
    try {
      const logger = createLogger({ json: true });
      logger.warn(`refused ${"a".repeat(1_000_000)}@example.com`, {
        email: `${"b".repeat(1_000_000)}@x.io`,
      });
    } finally {
      console.warn = original;
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]?.length).toBeLessThan(2_000);
  });
});
