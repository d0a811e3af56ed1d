import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "../../contracts/common.contract";
import { inputMessages } from "../../domain/text-input";
import { expectContract } from "../test/contract";
import {
  type ErrorBody,
  headersFor,
  patchMe,
  readUser,
  signUp,
} from "../features/profiles/profiles.test-helpers";
import { TEST_ORIGIN, type TestApp, createTestApp, signUpBody } from "../test/test-app";

/**
 * Input that used to reach the database or the whole process unchecked: a NUL
 * character (PostgreSQL refuses it inside text, which was a 500), strings of any
 * size, and bodies of any size. Each is a clear 400 or 413 that changes nothing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function errorOf(response: Response): Promise<ErrorBody["error"]> {
  return expectContract(apiErrorSchema, await response.json()).error;
}

function post(path: string, body: unknown, headers: Headers = headersFor(undefined)) {
  headers.set("content-type", "application/json");
  return t.app.request(path, { method: "POST", headers, body: JSON.stringify(body) });
}

describe("NUL characters", () => {
  it("refuses one in a profile field and keeps the saved profile", async () => {
    const member = await signUp(t);
    await patchMe(t, member, { bio: "Kept bio" });
    const response = await patchMe(t, member, { bio: "Hello\u0000world" });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(inputMessages.nulCharacter);
    expect((await readUser(t, member.id)).bio).toBe("Kept bio");
  });

  it.each([
    ["/api/auth/sign-in/email", { email: "ada\u0000@example.com", password: "secret-123" }],
    ["/api/auth/sign-up/email", signUpBody({ firstName: "A\u0000da" })],
    ["/api/auth/request-password-reset", { email: "a\u0000@example.com" }],
    ["/api/auth/reset-password", { token: "abc\u0000", newPassword: "secret-123" }],
    [
      "/api/checkout/simulated/confirm",
      {
        clientSecret: "sim\u0000secret",
        card: { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" },
      },
    ],
    [
      "/api/checkout/quote",
      {
        artworkId: "00000000-0000-4000-8000-000000000000",
        email: "a@example.com",
        shippingAddress: {
          line1: "1 Main\u0000 St",
          city: "Albany",
          state: "NY",
          postal_code: "12207",
        },
      },
    ],
  ])("%s answers 400, not 500", async (path, body) => {
    const response = await post(path, body);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(inputMessages.nulCharacter);
  });

  it("refuses one in a query string", async () => {
    const response = await t.app.request("/api/artworks/search?q=blue%00");
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(inputMessages.nulCharacter);
  });
});

describe("oversized strings", () => {
  const longEmail = `${"a".repeat(4096)}@example.com`;

  it.each([
    ["/api/auth/sign-in/email", { email: longEmail, password: "secret-123" }],
    ["/api/auth/sign-up/email", signUpBody({ email: longEmail })],
    ["/api/auth/request-password-reset", { email: longEmail }],
    ["/api/auth/sign-up/email", signUpBody({ password: "p".repeat(5000) })],
    ["/api/auth/sign-up/email", signUpBody({ firstName: "A".repeat(5000) })],
  ])("%s refuses a 4 KB value with 400", async (path, body) => {
    const response = await post(path, body);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("VALIDATION_FAILED");
  });

  it("refuses a 5,000-character reset token as an invalid link", async () => {
    const response = await post("/api/auth/reset-password", {
      token: "t".repeat(5000),
      newPassword: "secret-123",
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("INVALID_TOKEN");
  });
});

describe("body size", () => {
  it("refuses a JSON body over 100 KB with 413 before reading it whole", async () => {
    const member = await signUp(t);
    const headers = headersFor(member, { "content-type": "application/json" });
    const body = JSON.stringify({ bio: "x".repeat(40 * 1024 * 1024) });
    const response = await t.app.request("/api/me", { method: "PATCH", headers, body });
    expect(response.status).toBe(413);
    expect((await errorOf(response)).code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("refuses a streamed body without Content-Length once it passes the limit", async () => {
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1;
        if (sent > 640) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const response = await t.app.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    // Reading stopped near the limit, not after all 40 MB.
    expect(sent).toBeLessThan(640);
  });
});

describe("a body left unread", () => {
  it("tells the client not to reuse the connection", async () => {
    const response = await t.app.request("/api/uploads/images", {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json", "content-length": "2" },
      body: "{}",
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("connection")).toBe("close");
  });

  it("keeps the connection when the body was read", async () => {
    const response = await post("/api/auth/sign-in/email", { email: "a@b.co", password: "x" });
    expect(response.status).toBe(401);
    expect(response.headers.get("connection")).toBeNull();
  });
});

describe("JSON bodies", () => {
  it("refuses a body not sent as JSON with 415, and one that is not JSON at all with 400", async () => {
    const headers = headersFor(undefined);
    headers.set("content-type", "text/plain");
    const plain = await t.app.request("/api/checkout/quote", {
      method: "POST",
      headers,
      body: JSON.stringify({ artworkId: "x" }),
    });
    expect(plain.status).toBe(415);
    expect(await errorOf(plain)).toEqual({ code: "BAD_REQUEST", message: inputMessages.notJson });

    const broken = await t.app.request("/api/checkout/quote", {
      method: "POST",
      headers: (() => {
        const h = headersFor(undefined);
        h.set("content-type", "application/json");
        return h;
      })(),
      body: "{not json",
    });
    expect(broken.status).toBe(400);
    expect((await errorOf(broken)).code).toBe("BAD_REQUEST");
  });

  it("refuses a JSON body that is not an object", async () => {
    const response = await post("/api/checkout/quote", [1, 2, 3]);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({
      code: "BAD_REQUEST",
      message: inputMessages.notAnObject,
    });
  });
});
