import { describe, expect, it } from "vitest";
import { createHmac } from "node:crypto";
import { readUnsubscribeToken, unsubscribeToken } from "./unsubscribe-token";

const secret = "a-session-secret-that-is-long-enough";
const userId = "4c31e840-5ebb-44b1-8556-a08387d9b5dc";
const alertId = "af664ac9-c483-43ae-81a5-2fe2aff36477";

describe("unsubscribe tokens", () => {
  it("read back the person and scope they were made for", () => {
    for (const scope of ["all", "follows", `alert:${alertId}`] as const) {
      expect(readUnsubscribeToken(secret, unsubscribeToken(secret, userId, scope))).toEqual({
        userId,
        scope,
      });
    }
  });

  it("refuse another secret, an altered payload or MAC, a cut token and junk", () => {
    const token = unsubscribeToken(secret, userId, "all");
    const [payload = "", mac = ""] = token.split(".");
    const other = Buffer.from(`${alertId}:all`).toString("base64url");
    for (const bad of [
      unsubscribeToken("another-secret-that-is-long-enough!!", userId, "all"),
      `${other}.${mac}`,
      `${payload}.${mac.slice(0, -1)}A`,
      token.slice(0, -1),
      payload,
      `${token}.`,
      "",
      ".",
      "x".repeat(300),
      // A MAC of the payload under the same secret without the "unsubscribe:" prefix (as
      // another HMAC of ours would be) does not pass.
      `${payload}.${createHmac("sha256", secret).update(payload).digest("base64url")}`,
    ]) {
      expect(readUnsubscribeToken(secret, bad), bad.slice(0, 30)).toBeNull();
    }
  });

  it("refuse a scope we never make, even signed", () => {
    expect(
      readUnsubscribeToken(secret, unsubscribeToken(secret, userId, "alert:not-a-uuid")),
    ).toBeNull();
    expect(readUnsubscribeToken(secret, unsubscribeToken(secret, "someone", "all"))).toBeNull();
  });
});
