import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownProfileSchema } from "../../../contracts/profiles.contract";
import { timeZoneMessages } from "../../../domain/date-time";
import { inputMessages } from "../../../domain/text-input";
import { users } from "../../db/schema";
import { expectContract } from "../../test/contract";
import { type TestApp, createTestApp, signUpBody } from "../../test/test-app";
import { type ErrorBody, type Member, patchMe, readUser, signUp } from "./profiles.test-helpers";

/** Each person's time zone (decision 0043): set at sign-up from the browser, then edited. */

let t: TestApp;
let member: Member;

beforeAll(async () => {
  t = await createTestApp();
  member = await signUp(t, { timeZone: "Europe/Lisbon" });
});
afterAll(() => t.close());

const ZONE = timeZoneMessages.invalidTimeZone;
/** What is not a zone, and the message it gets (NUL and broken text are refused before any field). */
const UNKNOWN_ZONES: Array<[string, unknown, string]> = [
  ["an unknown zone", "Mars/Olympus_Mons", ZONE],
  ["an offset", "+01:00", ZONE],
  ["a NUL byte", "UTC\u0000", inputMessages.nulCharacter],
  ["a lone surrogate", "Europe/\uD800Paris", inputMessages.illFormedText],
  ["an oversized name", `America/${"x".repeat(5000)}`, ZONE],
  ["a number", 5, ZONE],
];

describe("sign-up", () => {
  it("keeps the zone the form sends, in its canonical spelling", async () => {
    const tokyo = await signUp(t, { timeZone: "asia/tokyo" });
    expect((await readUser(t, tokyo.id)).timeZone).toBe("Asia/Tokyo");
    expect((await readUser(t, member.id)).timeZone).toBe("Europe/Lisbon");
  });

  it("uses UTC when the form sends no zone (no JavaScript, an API client)", async () => {
    const plain = await signUp(t);
    expect((await readUser(t, plain.id)).timeZone).toBe("UTC");
    const blank = await signUp(t, { timeZone: "" });
    expect((await readUser(t, blank.id)).timeZone).toBe("UTC");
  });

  it.each(UNKNOWN_ZONES)(
    "refuses %s with a clear message and makes no account",
    async (_, zone, message) => {
      const body = signUpBody({ timeZone: zone });
      const response = await t.client().post("/api/auth/sign-up/email", body);
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as ErrorBody;
      expect(error).toEqual({ code: "VALIDATION_FAILED", message });
      expect(await t.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
    },
  );
});

describe("PATCH /api/me { timeZone }", () => {
  it("changes the zone of the person's e-mails", async () => {
    const response = await patchMe(t, member, { timeZone: "Pacific/Auckland" });
    expect(response.status).toBe(200);
    const profile = expectContract(ownProfileSchema, await response.json());
    expect(profile.timeZone).toBe("Pacific/Auckland");
    expect((await readUser(t, member.id)).timeZone).toBe("Pacific/Auckland");
  });

  it.each(UNKNOWN_ZONES)(
    "refuses %s with a clear message and changes nothing",
    async (_, zone, message) => {
      const before = await readUser(t, member.id);
      const response = await patchMe(t, member, { bio: "Changed?", timeZone: zone });
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as ErrorBody;
      expect(error).toEqual({ code: "VALIDATION_FAILED", message });
      expect(await readUser(t, member.id)).toEqual(before);
    },
  );

  it("answers 401 when signed out", async () => {
    expect((await patchMe(t, undefined, { timeZone: "UTC" })).status).toBe(401);
  });
});
