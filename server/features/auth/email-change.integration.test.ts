import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailChangeMessages as m } from "../../../contracts/auth.contract";
import { apiErrorSchema } from "../../../contracts/common.contract";
import { authMessages } from "../../../domain/auth-messages";
import { inputMessages } from "../../../domain/text-input";
import { outbox } from "../../db/schema";
import { expectContract } from "../../test/contract";
import { type TestApp, createTestApp } from "../../test/test-app";
import { type Member, headersFor, readUser, signUp } from "../profiles/profiles.test-helpers";

/**
 * Changing the e-mail address (decision 0057): a link to the new address; opening it
 * changes the address, signs out every other device and tells the old address.
 */

let t: TestApp;
const PASSWORD = "secret-123";

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function errorOf(response: Response) {
  return expectContract(apiErrorSchema, await response.json()).error;
}

async function signedInAgain(member: Member) {
  const client = t.client();
  const response = await client.post("/api/auth/sign-in/email", {
    email: member.email,
    password: PASSWORD,
  });
  expect(response.status).toBe(200);
  return client;
}

async function whoIs(client: ReturnType<TestApp["client"]>) {
  const body = (await (await client.get("/api/session")).json()) as { id: string } | null;
  return body?.id ?? null;
}

/** The token of the newest link mailed to `to`. */
async function linkTokenFor(to: string): Promise<string> {
  const mails = await t.db
    .select({ textBody: outbox.textBody, createdAt: outbox.createdAt })
    .from(outbox)
    .where(and(eq(outbox.recipient, to), eq(outbox.kind, "email-change-link")));
  const newest = mails.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  const token = /confirm-email\?token=([\w-]+)/.exec(newest?.textBody ?? "")?.[1];
  if (!token) throw new Error(`no link mailed to ${to}`);
  return token;
}

function confirm(client: ReturnType<TestApp["client"]>, token: string) {
  return client.post("/api/auth/confirm-email", { token });
}

describe("changing the e-mail address", () => {
  it("mails a link to the new address; opening it changes it, signs out others, tells the old one", async () => {
    const member = await signUp(t);
    const phone = await signedInAgain(member);
    const newEmail = `moved.${Date.now()}@example.com`;

    const asked = await member.client.post("/api/me/email", {
      newEmail: `  ${newEmail.toUpperCase()} `,
      password: PASSWORD,
    });
    expect(asked.status).toBe(202);
    // Nothing changes until the link is opened.
    expect((await readUser(t, member.id)).email).toBe(member.email);
    const token = await linkTokenFor(newEmail);

    const opened = await confirm(member.client, token);
    expect(opened.status).toBe(200);
    expect(await opened.json()).toEqual({ email: newEmail });
    expect((await readUser(t, member.id)).email).toBe(newEmail);
    expect(await whoIs(member.client)).toBe(member.id);
    expect(await whoIs(phone)).toBeNull();

    const toOld = await t.db.select().from(outbox).where(eq(outbox.recipient, member.email));
    const told = toOld.find((mail) => mail.kind === "email-changed");
    expect(told?.subject).toBe("Your Vernissage e-mail address was changed");
    expect(told?.textBody).toContain(newEmail);
    // Whom to tell if it was not them: the team's address and the full Contact page address.
    expect(told?.textBody).toContain(t.config.teamEmail);
    expect(told?.textBody).toContain(`${t.config.publicUrl}/contact`);
    expect(told?.textBody).not.toMatch(/(^|[^/\w])\/signin/m);

    // The link works once; the new address signs in, the old one no longer does.
    const again = await confirm(t.client(), token);
    expect(again.status).toBe(400);
    expect((await errorOf(again)).message).toBe(m.linkInvalid);
    const fresh = t.client();
    const byNew = await fresh.post("/api/auth/sign-in/email", {
      email: newEmail,
      password: PASSWORD,
    });
    expect(byNew.status).toBe(200);
    const byOld = await t.client().post("/api/auth/sign-in/email", {
      email: member.email,
      password: PASSWORD,
    });
    expect(byOld.status).toBe(401);
  });

  it("signs out every device when the link is opened signed out, and uses it once at once", async () => {
    const member = await signUp(t);
    const newEmail = `twice.${Date.now()}@example.com`;
    expect(
      (await member.client.post("/api/me/email", { newEmail, password: PASSWORD })).status,
    ).toBe(202);
    const token = await linkTokenFor(newEmail);
    const answers = await Promise.all([confirm(t.client(), token), confirm(t.client(), token)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await whoIs(member.client)).toBeNull();
    const told = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, member.email), eq(outbox.kind, "email-changed")));
    expect(told).toHaveLength(1);
  });

  it("says whether the browser that opened the link is still signed in", async () => {
    const member = await signUp(t);
    const asks = async (newEmail: string) => {
      expect(
        (await member.client.post("/api/me/email", { newEmail, password: PASSWORD })).status,
      ).toBe(202);
      return linkTokenFor(newEmail);
    };
    const first = `kept.${Date.now()}@example.com`;
    const own = await t.services.emailChange.confirm(await asks(first), headersFor(member));
    expect(own).toEqual({ email: first, signedIn: true });

    const second = `elsewhere.${Date.now()}@example.com`;
    const elsewhere = await t.services.emailChange.confirm(await asks(second), new Headers());
    expect(elsewhere).toEqual({ email: second, signedIn: false });
    expect(await whoIs(member.client)).toBeNull();
  });

  it("refuses an address in use, the same address, a wrong password and bad input", async () => {
    const member = await signUp(t);
    const other = await signUp(t);
    const cases: [unknown, number, string][] = [
      [{ newEmail: other.email.toUpperCase(), password: PASSWORD }, 409, m.inUse],
      [{ newEmail: member.email, password: PASSWORD }, 400, m.sameEmail],
      [{ newEmail: "new@example.com", password: "wrong-one" }, 400, m.wrongPassword],
      [{ newEmail: "not an address", password: PASSWORD }, 400, authMessages.invalidEmail],
      [
        { newEmail: `${"a".repeat(300)}@example.com`, password: PASSWORD },
        400,
        authMessages.invalidEmail,
      ],
      [{ newEmail: "nul\u0000@example.com", password: PASSWORD }, 400, inputMessages.nulCharacter],
    ];
    for (const [body, status, message] of cases) {
      const response = await member.client.post("/api/me/email", body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect((await errorOf(response)).message).toBe(message);
    }
    const signedOut = await t.client().post("/api/me/email", {
      newEmail: "x@example.com",
      password: PASSWORD,
    });
    expect(signedOut.status).toBe(401);
    expect((await errorOf(signedOut)).message).toBe(m.signIn);
  });

  it("refuses the link when another account took the address meanwhile, and only the newest link works", async () => {
    const member = await signUp(t);
    const first = `first.${Date.now()}@example.com`;
    const taken = `taken.${Date.now()}@example.com`;
    await member.client.post("/api/me/email", { newEmail: first, password: PASSWORD });
    const firstToken = await linkTokenFor(first);
    await member.client.post("/api/me/email", { newEmail: taken, password: PASSWORD });
    const takenToken = await linkTokenFor(taken);
    expect((await confirm(t.client(), firstToken)).status).toBe(400);

    await signUp(t, { email: taken });
    const refused = await confirm(t.client(), takenToken);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(m.inUse);
    expect((await readUser(t, member.id)).email).toBe(member.email);
    expect(await whoIs(member.client)).toBe(member.id);
  });

  it("counts wrong passwords toward the sign-in throttle", async () => {
    const member = await signUp(t);
    for (let i = 0; i < 5; i++) {
      const wrong = await member.client.post("/api/me/email", {
        newEmail: "z@example.com",
        password: "wrong-one",
      });
      expect(wrong.status).toBe(400);
    }
    const blocked = await member.client.post("/api/me/email", {
      newEmail: "z@example.com",
      password: PASSWORD,
    });
    expect(blocked.status).toBe(429);
  });
});
