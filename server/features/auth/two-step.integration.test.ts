import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  backupCodesSchema,
  signedInSchema,
  twoStepMessages as m,
  twoStepRequiredSchema,
  twoStepSetupSchema,
} from "../../../contracts/auth.contract";
import { apiErrorSchema } from "../../../contracts/common.contract";
import {
  DEMO_ADMIN_BACKUP_CODES,
  DEMO_ADMIN_TWO_STEP_KEY,
  DEMO_ADMIN_TWO_STEP_SECRET,
} from "../../../domain/demo-two-step";
import { inputMessages } from "../../../domain/text-input";
import { outbox, twoFactors } from "../../db/schema";
import { expectContract } from "../../test/contract";
import { type TestApp, createTestApp, signUpBody } from "../../test/test-app";
import { totpCode, wrongTotpCode } from "../../test/two-step";
import { type Member, enableTwoStep, headersFor, signUp } from "../profiles/profiles.test-helpers";

/**
 * Two-step verification (decision 0057): setting it up, signing in with an app's code
 * or a backup code (used once), wrong codes, the console and the first payout setup
 * needing it, and checkSecondStep for other features.
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

/** Signs in with the password from a new browser: the answer and the browser. */
async function passwordStep(email: string) {
  const client = t.client();
  const response = await client.post("/api/auth/sign-in/email", { email, password: PASSWORD });
  return { client, response };
}

async function session(client: ReturnType<TestApp["client"]>) {
  return (await (await client.get("/api/session")).json()) as {
    id: string;
    twoFactorEnabled: boolean;
  } | null;
}

describe("setting up two-step verification", () => {
  it("shows a QR code and secret for the password, and turns on with the app's code", async () => {
    const member = await signUp(t);
    const wrong = await member.client.post("/api/me/two-step", { password: "not-it-123" });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).message).toBe(m.wrongPassword);

    const started = await member.client.post("/api/me/two-step", { password: PASSWORD });
    expect(started.status).toBe(200);
    expect(started.headers.get("cache-control")).toContain("no-store");
    const setup = expectContract(twoStepSetupSchema, await started.json());
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/Vernissage:/);
    expect(setup.uri).toContain(`secret=${setup.secret}`);
    expect(setup.qrSvg).toMatch(/^<svg[^>]*>/);
    // Not in force until confirmed.
    expect((await session(member.client))?.twoFactorEnabled).toBe(false);

    const badCode = await member.client.post("/api/me/two-step/confirm", {
      code: await wrongTotpCode(setup.secret),
    });
    expect(badCode.status).toBe(400);
    expect((await errorOf(badCode)).message).toBe(m.wrongCode);

    const confirmed = await member.client.post("/api/me/two-step/confirm", {
      code: await totpCode(setup.secret),
    });
    expect(confirmed.status).toBe(200);
    const { backupCodes } = expectContract(backupCodesSchema, await confirmed.json());
    expect(new Set(backupCodes).size).toBe(10);
    expect((await session(member.client))?.twoFactorEnabled).toBe(true);

    // A second confirm (a double submit) and a second setup are refused: it is on once.
    const again = await member.client.post("/api/me/two-step/confirm", {
      code: await totpCode(setup.secret),
    });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(m.alreadyOn);
    const restart = await member.client.post("/api/me/two-step", { password: PASSWORD });
    expect(restart.status).toBe(409);
    expect((await errorOf(restart)).message).toBe(m.alreadyOn);
  });

  it("keeps one setup row when the setup is sent twice at once, and turns on once", async () => {
    const member = await signUp(t);
    const answers = await Promise.all([
      member.client.post("/api/me/two-step", { password: PASSWORD }),
      member.client.post("/api/me/two-step", { password: PASSWORD }),
    ]);
    const secrets: string[] = [];
    for (const answer of answers) {
      if (answer.status === 200) {
        secrets.push(expectContract(twoStepSetupSchema, await answer.json()).secret);
      }
    }
    expect(secrets.length).toBeGreaterThan(0);
    const rows = await t.db.select().from(twoFactors).where(eq(twoFactors.userId, member.id));
    expect(rows).toHaveLength(1);
    // The secret in force is one of those answered; its code turns it on, once.
    const confirms = await Promise.all(
      secrets.map(async (secret) =>
        member.client.post("/api/me/two-step/confirm", { code: await totpCode(secret) }),
      ),
    );
    expect(confirms.filter((r) => r.status === 200)).toHaveLength(1);
    expect((await session(member.client))?.twoFactorEnabled).toBe(true);
  });

  it("turns on once when the confirmation is sent twice at once", async () => {
    const member = await signUp(t);
    const started = await member.client.post("/api/me/two-step", { password: PASSWORD });
    const { secret } = expectContract(twoStepSetupSchema, await started.json());
    const code = await totpCode(secret);
    const answers = await Promise.all([
      member.client.post("/api/me/two-step/confirm", { code }),
      member.client.post("/api/me/two-step/confirm", { code }),
    ]);
    const ok = answers.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    // Whatever each answer says, there is one row, on, with one set of 10 codes.
    const codes = await Promise.all(
      ok.map(async (r) => expectContract(backupCodesSchema, await r.json()).backupCodes),
    );
    for (const list of codes) expect(list).toEqual(codes[0]);
    const rows = await t.db.select().from(twoFactors).where(eq(twoFactors.userId, member.id));
    expect(rows.map((r) => r.verified)).toEqual([true]);
    expect(await t.services.auth.checkSecondStep(member.id, codes[0]![0])).toBe("ok");
  });

  it("refuses a code with a NUL, an oversized code or password, and a signed-out person", async () => {
    const member = await signUp(t);
    const nul = await member.client.post("/api/me/two-step/confirm", { code: "12\u000034" });
    expect(nul.status).toBe(400);
    expect((await errorOf(nul)).message).toBe(inputMessages.nulCharacter);
    const long = await member.client.post("/api/me/two-step/confirm", { code: "1".repeat(33) });
    expect(long.status).toBe(400);
    expect((await errorOf(long)).message).toBe(m.codeTooLong);
    const bigPassword = await member.client.post("/api/me/two-step", {
      password: "x".repeat(129),
    });
    expect(bigPassword.status).toBe(400);
    const signedOut = await t.client().post("/api/me/two-step", { password: PASSWORD });
    expect(signedOut.status).toBe(401);
    expect((await errorOf(signedOut)).message).toBe(m.signIn);
    // Confirming before any setup.
    const early = await member.client.post("/api/me/two-step/confirm", { code: "123456" });
    expect(early.status).toBe(409);
    expect((await errorOf(early)).message).toBe(m.notStarted);
  });

  it("turns off and makes new backup codes only with the password", async () => {
    const member = await enableTwoStep(await signUp(t), PASSWORD);
    // Turning it on is told to the account's address, as a changed password is.
    expect(await kindsMailedTo(member.email)).toEqual(["two-step-on"]);
    const wrong = await member.client.post("/api/me/two-step/backup-codes", {
      password: "nope-1234",
    });
    expect(wrong.status).toBe(400);
    const fresh = await member.client.post("/api/me/two-step/backup-codes", { password: PASSWORD });
    expect(fresh.status).toBe(200);
    const { backupCodes } = expectContract(backupCodesSchema, await fresh.json());
    expect(backupCodes).toHaveLength(10);
    // The old codes no longer work; the new ones do.
    expect(await t.services.auth.checkSecondStep(member.id, member.backupCodes![0])).toBe("wrong");
    expect(await t.services.auth.checkSecondStep(member.id, backupCodes[0])).toBe("ok");

    const refused = await member.client.post("/api/me/two-step/disable", { password: "nope-1234" });
    expect(refused.status).toBe(400);
    expect(await kindsMailedTo(member.email)).toEqual(["two-step-on"]);
    const off = await member.client.post("/api/me/two-step/disable", { password: PASSWORD });
    expect(off.status).toBe(200);
    expect((await session(member.client))?.twoFactorEnabled).toBe(false);
    expect((await kindsMailedTo(member.email)).sort()).toEqual(["two-step-off", "two-step-on"]);
    const { response } = await passwordStep(member.email);
    expect(expectContract(signedInSchema, await response.json()).user.id).toBe(member.id);
  });
});

async function kindsMailedTo(email: string): Promise<string[]> {
  const rows = await t.db
    .select({ kind: outbox.kind })
    .from(outbox)
    .where(eq(outbox.recipient, email));
  return rows.map((row) => row.kind).filter((kind) => kind.startsWith("two-step"));
}

describe("signing in with two-step verification", () => {
  let member: Member;
  beforeAll(async () => {
    member = await enableTwoStep(await signUp(t), PASSWORD);
  });

  it("asks for the code after the password, and signs in with the app's code", async () => {
    const { client, response } = await passwordStep(member.email);
    expect(response.status).toBe(200);
    expectContract(twoStepRequiredSchema, await response.json());
    // No session yet: only the challenge.
    expect(await session(client)).toBeNull();

    const wrong = await client.post("/api/auth/two-step", {
      code: await wrongTotpCode(member.twoStepSecret!),
    });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).message).toBe(m.wrongCode);
    expect(await session(client)).toBeNull();

    const right = await client.post("/api/auth/two-step", {
      code: await totpCode(member.twoStepSecret!),
    });
    expect(right.status).toBe(200);
    expect(expectContract(signedInSchema, await right.json()).user.id).toBe(member.id);
    expect((await session(client))?.id).toBe(member.id);
  });

  it("signs in with a backup code once; the same code is refused afterwards", async () => {
    const code = member.backupCodes![1]!;
    const first = await passwordStep(member.email);
    const used = await first.client.post("/api/auth/two-step", { method: "backup", code });
    expect(used.status).toBe(200);
    expect((await session(first.client))?.id).toBe(member.id);

    const second = await passwordStep(member.email);
    const again = await second.client.post("/api/auth/two-step", { method: "backup", code });
    expect(again.status).toBe(400);
    expect((await errorOf(again)).message).toBe(m.wrongBackupCode);
    expect(await session(second.client)).toBeNull();
  });

  it("takes a backup code typed in upper case with spaces, once", async () => {
    const code = member.backupCodes![3]!;
    expect(code).toBe(code.toLowerCase());
    const typed = ` ${code.toUpperCase()} `;
    const first = await passwordStep(member.email);
    const used = await first.client.post("/api/auth/two-step", { method: "backup", code: typed });
    expect(used.status).toBe(200);
    expect((await session(first.client))?.id).toBe(member.id);

    const second = await passwordStep(member.email);
    const again = await second.client.post("/api/auth/two-step", { method: "backup", code });
    expect(again.status).toBe(400);
  });

  it("uses a backup code sent twice at once only once", async () => {
    const code = member.backupCodes![2]!;
    const a = await passwordStep(member.email);
    const b = await passwordStep(member.email);
    const answers = await Promise.all([
      a.client.post("/api/auth/two-step", { method: "backup", code }),
      b.client.post("/api/auth/two-step", { method: "backup", code }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it("refuses a code without the password step, and a challenge after 5 wrong codes", async () => {
    const stranger = await t.client().post("/api/auth/two-step", { code: "123456" });
    expect(stranger.status).toBe(401);
    expect((await errorOf(stranger)).message).toBe(m.challengeExpired);

    const other = await enableTwoStep(await signUp(t), PASSWORD);
    const { client } = await passwordStep(other.email);
    const bad = await wrongTotpCode(other.twoStepSecret!);
    for (let i = 0; i < 5; i++) {
      expect((await client.post("/api/auth/two-step", { code: bad })).status).toBe(400);
    }
    const sixth = await client.post("/api/auth/two-step", {
      code: await totpCode(other.twoStepSecret!),
    });
    expect(sixth.status).toBe(429);
    expect((await errorOf(sixth)).message).toBe(m.tooManyCodes);
    expect(await session(client)).toBeNull();
  });

  it("refuses an empty code and a NUL with clear messages", async () => {
    const { client } = await passwordStep(member.email);
    const empty = await client.post("/api/auth/two-step", { method: "backup", code: " " });
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).message).toBe(m.backupCodeRequired);
    const nul = await client.post("/api/auth/two-step", { code: "\u0000" });
    expect(nul.status).toBe(400);
    expect((await errorOf(nul)).message).toBe(inputMessages.nulCharacter);
  });
});

describe("where two-step verification is required", () => {
  it("keeps an admin out of the console until it is on", async () => {
    const admin = await signUp(t, {}, { role: "admin" }, { twoStep: false });
    const refused = await t.app.request("/api/admin/audit", { headers: headersFor(admin) });
    expect(refused.status).toBe(403);
    const error = await errorOf(refused);
    expect(error.code).toBe("TWO_STEP_REQUIRED");
    expect(error.message).toBe(m.adminRequired);
    const enabled = await enableTwoStep(admin, PASSWORD);
    const allowed = await t.app.request("/api/admin/audit", { headers: headersFor(enabled) });
    expect(allowed.status).toBe(200);
  });

  it("refuses an artist's first payout setup until it is on", async () => {
    const artist = await signUp(t, {}, { isArtist: true });
    const body = {
      firstName: "Jenny",
      lastName: "Rosen",
      dateOfBirth: "1990-01-15",
      country: "US",
      line1: "510 Townsend St",
      city: "San Francisco",
      state: "CA",
      postalCode: "94103",
      routingNumber: "110000000",
      accountNumber: "000123456789",
    };
    const onboard = (who: Member) =>
      t.app.request("/api/me/payouts/simulated-onboarding", {
        method: "POST",
        headers: headersFor(who, { "content-type": "application/json" }),
        body: JSON.stringify(body),
      });
    const refused = await onboard(artist);
    expect(refused.status).toBe(403);
    const error = await errorOf(refused);
    expect(error.code).toBe("TWO_STEP_REQUIRED");
    expect(error.message).toBe(m.payoutsRequired);
    const enabled = await enableTwoStep(artist, PASSWORD);
    expect((await onboard(enabled)).status).toBe(200);
  });
});

describe("checkSecondStep", () => {
  it("answers not_enabled, missing, ok and wrong, and uses a backup code once", async () => {
    const plain = await signUp(t);
    expect(await t.services.auth.checkSecondStep(plain.id, "123456")).toBe("not_enabled");

    const member = await enableTwoStep(await signUp(t, signUpBody()), PASSWORD);
    const secret = member.twoStepSecret!;
    expect(await t.services.auth.checkSecondStep(member.id, undefined)).toBe("missing");
    expect(await t.services.auth.checkSecondStep(member.id, "  ")).toBe("missing");
    expect(await t.services.auth.checkSecondStep(member.id, await totpCode(secret))).toBe("ok");
    expect(await t.services.auth.checkSecondStep(member.id, await wrongTotpCode(secret))).toBe(
      "wrong",
    );
    expect(await t.services.auth.checkSecondStep(member.id, "x".repeat(1000))).toBe("wrong");

    const code = member.backupCodes![0]!;
    const both = await Promise.all([
      t.services.auth.checkSecondStep(member.id, code),
      t.services.auth.checkSecondStep(member.id, code),
    ]);
    expect(both.sort()).toEqual(["ok", "wrong"]);
    expect(await t.services.auth.checkSecondStep(member.id, code)).toBe("wrong");
    expect(await t.services.auth.checkSecondStep(member.id, member.backupCodes![1])).toBe("ok");

    const upper = member.backupCodes![2]!.toUpperCase();
    expect(await t.services.auth.checkSecondStep(member.id, ` ${upper}`)).toBe("ok");
    expect(await t.services.auth.checkSecondStep(member.id, upper.toLowerCase())).toBe("wrong");
  });

  it("is not_enabled for a setup that was never confirmed", async () => {
    const member = await signUp(t);
    expect((await member.client.post("/api/me/two-step", { password: PASSWORD })).status).toBe(200);
    expect(await t.services.auth.checkSecondStep(member.id, "123456")).toBe("not_enabled");
  });
});

describe("the demo admin's two-step key", () => {
  it("is the key the seeded row checks codes against", async () => {
    const member = await signUp(t);
    await t.db
      .insert(twoFactors)
      .values(
        await t.services.auth.twoStepRowFor(
          member.id,
          DEMO_ADMIN_TWO_STEP_SECRET,
          DEMO_ADMIN_BACKUP_CODES,
        ),
      );
    const code = await totpCode(DEMO_ADMIN_TWO_STEP_KEY);
    expect(await t.services.auth.checkSecondStep(member.id, code)).toBe("ok");
    expect(await t.services.auth.checkSecondStep(member.id, DEMO_ADMIN_BACKUP_CODES[9])).toBe("ok");
  });
});
