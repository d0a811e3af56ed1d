import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "../../../domain/auth-messages";
import { users, verifications } from "../../db/schema";
import { type TestApp, createTestApp, signUpBody } from "../../test/test-app";
import { SIGN_IN_FAILURE_LIMIT } from "./auth.service";
import {
  resetAnswerSchema,
  sessionSchema,
  signedInSchema,
  signedOutSchema,
} from "../../../contracts/auth.contract";
import { expectContract } from "../../test/contract";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

describe("sign-up", () => {
  it("creates a collector and starts a session", async () => {
    const client = t.client();
    const body = signUpBody({ email: "Collector.One@Example.com" });
    const response = await client.post("/api/auth/sign-up/email", body);
    expect(response.status).toBe(200);
    const { user } = expectContract(signedInSchema, await response.json());
    expect(user).toMatchObject({
      email: "collector.one@example.com",
      firstName: "Ada",
      lastName: "Lovelace",
      displayName: "Ada Lovelace",
      isArtist: false,
      pendingOccupation: null,
    });
    const session = expectContract(sessionSchema, await (await client.get("/api/session")).json());
    expect(session).toMatchObject({ id: user.id, displayName: "Ada Lovelace" });
  });

  it("records an artist applicant as pending, with the handle's @ stripped", async () => {
    const response = await t
      .client()
      .post(
        "/api/auth/sign-up/email",
        signUpBody({ occupation: "artist", instagramHandle: "@ada.paints" }),
      );
    expect(response.status).toBe(200);
    const { user } = (await response.json()) as { user: Record<string, unknown> };
    expect(user).toMatchObject({
      isArtist: false,
      pendingOccupation: "artist",
      instagramHandle: "ada.paints",
    });
  });

  it("ignores fields a person must not set, such as isArtist and role", async () => {
    const response = await t
      .client()
      .post(
        "/api/auth/sign-up/email",
        signUpBody({ isArtist: true, role: "admin", payoutStatus: "active" }),
      );
    expect(response.status).toBe(200);
    const { user } = (await response.json()) as { user: { id: string } };
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ isArtist: false, role: "user", payoutStatus: "none" });
  });

  it.each([
    [{ acceptTerms: false }, authMessages.mustAgreeToTerms],
    [
      { occupation: "artist", instagramHandle: " @ ", websiteURL: "" },
      authMessages.artistNeedsLink,
    ],
    [{ password: "12345" }, authMessages.weakPassword],
    [{ firstName: "  " }, authMessages.requiredFields],
    [{ email: "not-an-email" }, authMessages.invalidEmail],
    [{ websiteURL: "javascript:alert(1)" }, authMessages.invalidWebsite],
  ])("refuses %o with the SPEC's message and creates nothing", async (overrides, message) => {
    const body = signUpBody(overrides);
    const response = await t.client().post("/api/auth/sign-up/email", body);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(message);
    expect(response.headers.getSetCookie()).toEqual([]);
    if (typeof body.email === "string") {
      const rows = await t.db.select().from(users).where(eq(users.email, body.email.toLowerCase()));
      expect(rows).toHaveLength(0);
    }
  });

  it("refuses a second account with the same e-mail, whatever its case", async () => {
    await t.client().post("/api/auth/sign-up/email", signUpBody({ email: "twice@example.com" }));
    const response = await t
      .client()
      .post("/api/auth/sign-up/email", signUpBody({ email: "TWICE@example.com" }));
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toEqual({
      code: "EMAIL_IN_USE",
      message: authMessages.emailInUse,
    });
  });

  it("answers a body that is not JSON with a 400", async () => {
    const response = await t.client().post("/api/auth/sign-up/email", "{not json");
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("BAD_REQUEST");
  });
});

describe("session cookie", () => {
  it("is HttpOnly and SameSite=Lax, and not Secure on http", async () => {
    const response = await t.client().post("/api/auth/sign-up/email", signUpBody());
    const cookie = response.headers.getSetCookie().find((c) => c.includes("session_token"));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it("is Secure when PUBLIC_URL is https", async () => {
    const secure = await createTestApp({ PUBLIC_URL: "https://art.example.com" });
    try {
      const response = await secure.client().post("/api/auth/sign-up/email", signUpBody());
      expect(response.status).toBe(200);
      const cookie = response.headers.getSetCookie().find((c) => c.includes("session_token"));
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
    } finally {
      await secure.close();
    }
  });
});

describe("sign-in and sign-out", () => {
  const email = "signin@example.com";
  beforeAll(async () => {
    await t
      .client()
      .post("/api/auth/sign-up/email", signUpBody({ email, password: "right-password" }));
  });

  it("signs in with the right password and out again", async () => {
    const client = t.client();
    const response = await client.post("/api/auth/sign-in/email", {
      email: "SignIn@example.com",
      password: "right-password",
    });
    expect(response.status).toBe(200);
    expectContract(signedInSchema, await response.json());
    expect(await (await client.get("/api/session")).json()).toMatchObject({ email });
    const out = await client.post("/api/auth/sign-out");
    expect(out.status).toBe(200);
    expectContract(signedOutSchema, await out.json());
    expect(
      expectContract(sessionSchema, await (await client.get("/api/session")).json()),
    ).toBeNull();
  });

  it("refuses a wrong password with the SPEC's message", async () => {
    const response = await t.client().post("/api/auth/sign-in/email", { email, password: "wrong" });
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toEqual({
      code: "INVALID_CREDENTIALS",
      message: authMessages.invalidCredentials,
    });
  });

  it("refuses an unknown e-mail with the same message", async () => {
    const response = await t
      .client()
      .post("/api/auth/sign-in/email", { email: "nobody@example.com", password: "whatever" });
    expect(response.status).toBe(401);
    expect((await errorOf(response)).message).toBe(authMessages.invalidCredentials);
  });

  it("throttles an e-mail after repeated failures, even for the right password", async () => {
    const target = "throttled@example.com";
    await t
      .client()
      .post("/api/auth/sign-up/email", signUpBody({ email: target, password: "right-password" }));
    for (let i = 0; i < SIGN_IN_FAILURE_LIMIT; i++) {
      const r = await t
        .client()
        .post("/api/auth/sign-in/email", { email: target, password: `wrong-${i}` });
      expect(r.status).toBe(401);
    }
    const blocked = await t
      .client()
      .post("/api/auth/sign-in/email", { email: target, password: "right-password" });
    expect(blocked.status).toBe(429);
    expect(await errorOf(blocked)).toEqual({
      code: "TOO_MANY_ATTEMPTS",
      message: authMessages.tooManyAttempts,
    });
    // Another account is not affected.
    const other = await t
      .client()
      .post("/api/auth/sign-in/email", { email, password: "right-password" });
    expect(other.status).toBe(200);
  });

  it("refuses a sign-in POST from another origin", async () => {
    const client = t.client();
    const response = await client.post(
      "/api/auth/sign-in/email",
      { email, password: "right-password" },
      { origin: "https://evil.example" },
    );
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe("password reset", () => {
  it("mails a link through the outbox that sets a new password", async () => {
    const email = "forgetful@example.com";
    await t
      .client()
      .post("/api/auth/sign-up/email", signUpBody({ email, password: "old-password" }));

    const missing = await t.client().post("/api/auth/request-password-reset", { email: "" });
    expect(await errorOf(missing)).toMatchObject({ message: authMessages.resetNeedsEmail });

    const requested = await t.client().post("/api/auth/request-password-reset", { email });
    expect(requested.status).toBe(200);
    expectContract(resetAnswerSchema, await requested.json());
    await t.services.outbox.flush();

    const mailDir = t.config.mail.outboxDir;
    const files = await readdir(mailDir);
    const contents = await Promise.all(files.map((f) => readFile(path.join(mailDir, f), "utf8")));
    const mail = contents.find((c) => c.includes(`To: ${email}`));
    expect(mail).toBeDefined();
    expect(mail).toContain("Subject: Reset your Vernissage password");
    const unfolded = (mail ?? "").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const token = /reset-password\?token=([\w-]+)/.exec(unfolded)?.[1];
    expect(token).toBeTruthy();

    const bad = await t
      .client()
      .post("/api/auth/reset-password", { token: "not-a-token", newPassword: "new-password" });
    expect(bad.status).toBe(400);
    const reset = await t
      .client()
      .post("/api/auth/reset-password", { token, newPassword: "new-password" });
    expect(reset.status).toBe(200);
    expectContract(resetAnswerSchema, await reset.json());

    const oldOne = await t
      .client()
      .post("/api/auth/sign-in/email", { email, password: "old-password" });
    expect(oldOne.status).toBe(401);
    const newOne = await t
      .client()
      .post("/api/auth/sign-in/email", { email, password: "new-password" });
    expect(newOne.status).toBe(200);
  });
});

describe("older reset links", () => {
  /** Asks for a reset link and reads its token from the mail the outbox wrote. */
  async function resetToken(email: string): Promise<string> {
    const mailDir = t.config.mail.outboxDir;
    const before = new Set(await readdir(mailDir).catch(() => []));
    const requested = await t.client().post("/api/auth/request-password-reset", { email });
    expect(requested.status).toBe(200);
    await t.services.outbox.flush();
    const fresh = (await readdir(mailDir)).filter((f) => !before.has(f));
    const contents = await Promise.all(fresh.map((f) => readFile(path.join(mailDir, f), "utf8")));
    const mail = contents.find((c) => c.includes(`To: ${email}`)) ?? "";
    const unfolded = mail.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const token = /reset-password\?token=([\w-]+)/.exec(unfolded)?.[1];
    if (!token) throw new Error("no reset link mailed");
    return token;
  }

  function reset(token: string, newPassword: string) {
    return t.client().post("/api/auth/reset-password", { token, newPassword });
  }

  async function signUp(email: string) {
    await t.client().post("/api/auth/sign-up/email", signUpBody({ email, password: "first-1" }));
  }

  it("stop working once a newer link is sent", async () => {
    const email = "two.links@example.com";
    await signUp(email);
    const older = await resetToken(email);
    const newer = await resetToken(email);

    const refused = await reset(older, "from-older-link");
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toMatchObject({ message: authMessages.resetLinkInvalid });
    expect((await reset(newer, "from-newer-link")).status).toBe(200);
    const signIn = await t
      .client()
      .post("/api/auth/sign-in/email", { email, password: "from-newer-link" });
    expect(signIn.status).toBe(200);
  });

  it("stop working once the password changed, even a link issued beside the one used", async () => {
    const email = "changed.password@example.com";
    await signUp(email);
    const used = await resetToken(email);
    // A link made at the same moment (two requests racing), which the newer one did not end.
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    const [racing] = await t.db
      .insert(verifications)
      .values({
        identifier: "reset-password:racing-token-0123456789",
        value: user!.id,
        expiresAt: new Date(Date.now() + 60 * 60 * 1000),
      })
      .returning();
    expect(racing).toBeDefined();

    expect((await reset(used, "changed-once")).status).toBe(200);
    const refused = await reset("racing-token-0123456789", "changed-twice");
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toMatchObject({ message: authMessages.resetLinkInvalid });
    const left = await t.db.select().from(verifications).where(eq(verifications.value, user!.id));
    expect(left).toEqual([]);
  });
});

describe("the rest of Better Auth", () => {
  it("is not exposed: profile changes go through our own API", async () => {
    const client = t.client();
    await client.post("/api/auth/sign-up/email", signUpBody());
    const response = await client.post("/api/auth/update-user", { name: "Hacker", isArtist: true });
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe("NOT_FOUND");
  });

  it("does not hand the raw session token to scripts: get-session answers 404", async () => {
    const client = t.client();
    await client.post("/api/auth/sign-up/email", signUpBody());
    const response = await client.get("/api/auth/get-session");
    expect(response.status).toBe(404);
    const text = await response.text();
    const token = [...client.jar.values()][0]?.split(".")[0] ?? "";
    expect(token).not.toBe("");
    expect(text).not.toContain(token);
    // Our own session endpoint still says who is signed in, without the token.
    const session = await client.get("/api/session");
    expect(await session.text()).not.toContain(token);
  });

  it("does not redirect through Better Auth's reset link, which our mails never use", async () => {
    const response = await t
      .client()
      .get("/api/auth/reset-password/some-token?callbackURL=/%5Cevil.example");
    expect(response.status).toBe(404);
    expect(response.headers.get("location")).toBeNull();
  });
});
