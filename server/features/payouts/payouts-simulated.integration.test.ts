import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "../../../contracts/common.contract";
import { payoutsMessages as m, payoutsStateSchema } from "../../../contracts/payouts.contract";
import { inputMessages } from "../../../domain/text-input";
import { expectContract } from "../../test/contract";
import { type TestApp, createTestApp } from "../../test/test-app";
import { type Member, headersFor, readUser, signUp } from "../profiles/profiles.test-helpers";

let t: TestApp;
/** An artist every refusal is tried on: each must leave their row as it was. */
let refused: Member;

beforeAll(async () => {
  t = await createTestApp();
  refused = await signUp(t, {}, { isArtist: true }, { twoStep: true });
});
afterAll(async () => {
  await t.close();
});

const artist = () => signUp(t, {}, { isArtist: true }, { twoStep: true });

/** Stripe Express's test-mode answers for a US individual, Stripe's test bank numbers. */
function goodBody(overrides: Record<string, unknown> = {}) {
  return {
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
    ...overrides,
  };
}

function onboard(member: Member | undefined, body: unknown) {
  return t.app.request("/api/me/payouts/simulated-onboarding", {
    method: "POST",
    headers: headersFor(member, { "content-type": "application/json" }),
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

function getPayouts(member: Member | undefined) {
  return t.app.request("/api/me/payouts", { headers: headersFor(member) });
}

async function payoutColumns(id: string) {
  const row = await readUser(t, id);
  return {
    payoutStatus: row.payoutStatus,
    payoutAccountId: row.payoutAccountId,
    payoutBankLast4: row.payoutBankLast4,
  };
}

const UNTOUCHED = { payoutStatus: "none", payoutAccountId: null, payoutBankLast4: null };

function isoDaysAgo(years: number, days = 0) {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

describe("GET /api/me/payouts", () => {
  it("tells a new artist to set up payouts", async () => {
    const member = await artist();
    const response = await getPayouts(member);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    expect(expectContract(payoutsStateSchema, await response.json())).toEqual({
      status: "none",
      provider: "simulated",
      bankLast4: null,
      next: "set_up",
      message: m.notListed,
    });
  });
});

describe("who may set up payouts", () => {
  it("refuses the signed-out (401), collectors and applicants (403), and changes nothing", async () => {
    const collector = await signUp(t);
    const applicant = await signUp(t, {}, { pendingOccupation: "artist" });
    const signedOut = await onboard(undefined, goodBody());
    expect(signedOut.status).toBe(401);
    expect(expectContract(apiErrorSchema, await signedOut.json()).error.message).toBe(
      m.signInRequired,
    );
    for (const member of [collector, applicant]) {
      const response = await onboard(member, goodBody());
      expect(response.status).toBe(403);
      expect(expectContract(apiErrorSchema, await response.json()).error.message).toBe(
        m.artistsOnly,
      );
      expect((await getPayouts(member)).status).toBe(403);
      expect(await payoutColumns(member.id)).toEqual(UNTOUCHED);
    }
    expect((await getPayouts(undefined)).status).toBe(401);
  });
});

describe("POST /api/me/payouts/simulated-onboarding", () => {
  it("accepts Stripe's test numbers: active, acct_sim_…, last four 6789, nothing else kept", async () => {
    const member = await artist();
    const before = await readUser(t, member.id);
    const response = await onboard(member, goodBody({ routingNumber: "110-000-000" }));
    expect(response.status).toBe(200);
    expect(expectContract(payoutsStateSchema, await response.json())).toEqual({
      status: "active",
      provider: "simulated",
      bankLast4: "6789",
      next: "none",
      message: m.active,
    });
    const after = await readUser(t, member.id);
    expect(after.payoutAccountId).toMatch(/^acct_sim_[0-9a-f]{16}$/);
    expect(after.payoutStatus).toBe("active");
    expect(after.payoutBankLast4).toBe("6789");
    // Not the legal name, birth date, address or full numbers (decision 0027).
    expect({
      ...after,
      payoutAccountId: null,
      payoutStatus: "none",
      payoutBankLast4: null,
    }).toEqual({ ...before, lastModified: after.lastModified });
    expect(JSON.stringify(after)).not.toMatch(/Rosen|1990|Townsend|94103|000123456789/);
  });

  it("keeps one account on a double submit, also when both arrive at once", async () => {
    const member = await artist();
    const [a, b] = await Promise.all([onboard(member, goodBody()), onboard(member, goodBody())]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const first = await payoutColumns(member.id);
    const again = await onboard(member, goodBody());
    expect(again.status).toBe(200);
    expect(await payoutColumns(member.id)).toEqual(first);
    expect(first.payoutAccountId).toMatch(/^acct_sim_/);
  });

  it("lets a restricted simulated account be updated back to active, keeping its id", async () => {
    const member = await artist();
    await onboard(member, goodBody());
    const { payoutAccountId } = await payoutColumns(member.id);
    const { users } = await import("../../db/schema");
    const { eq } = await import("drizzle-orm");
    await t.db.update(users).set({ payoutStatus: "restricted" }).where(eq(users.id, member.id));
    const state = expectContract(payoutsStateSchema, await (await getPayouts(member)).json());
    expect(state).toMatchObject({ status: "restricted", next: "update", message: m.restricted });
    expect((await onboard(member, goodBody())).status).toBe(200);
    expect(await payoutColumns(member.id)).toEqual({
      payoutStatus: "active",
      payoutAccountId,
      payoutBankLast4: "6789",
    });
  });

  it("lets a demo artist (acct_demo_…) who is restricted onboard again, keeping the account", async () => {
    const member = await signUp(
      t,
      {},
      { isArtist: true, payoutAccountId: "acct_demo_someone", payoutStatus: "restricted" },
    );
    expect((await onboard(member, goodBody())).status).toBe(200);
    expect(await payoutColumns(member.id)).toEqual({
      payoutStatus: "active",
      payoutAccountId: "acct_demo_someone",
      payoutBankLast4: "6789",
    });
  });

  it("refuses a person whose account is Stripe's (409), leaving it", async () => {
    const member = await signUp(
      t,
      {},
      { isArtist: true, payoutAccountId: "acct_real_1", payoutStatus: "pending" },
    );
    const response = await onboard(member, goodBody());
    expect(response.status).toBe(409);
    expect(expectContract(apiErrorSchema, await response.json()).error.message).toBe(
      m.stripeAccountKept,
    );
    expect(await payoutColumns(member.id)).toEqual({
      payoutStatus: "pending",
      payoutAccountId: "acct_real_1",
      payoutBankLast4: null,
    });
  });

  const { firstName: _f, ...withoutFirstName } = goodBody();
  const refusals: [string, unknown, string][] = [
    ["a missing first name", withoutFirstName, m.firstNameRequired],
    ["a blank last name", goodBody({ lastName: "   " }), m.lastNameRequired],
    ["a name of 101 characters", goodBody({ firstName: "a".repeat(101) }), m.nameTooLong],
    ["an oversized name", goodBody({ lastName: "a".repeat(100_000) }), m.nameTooLong],
    ["a missing birth date", goodBody({ dateOfBirth: "" }), m.dateOfBirthRequired],
    ["a day that does not exist", goodBody({ dateOfBirth: "1990-02-30" }), m.dateOfBirthInvalid],
    ["a date in another format", goodBody({ dateOfBirth: "15/01/1990" }), m.dateOfBirthInvalid],
    ["a birth date 130 years ago", goodBody({ dateOfBirth: "1890-01-01" }), m.dateOfBirthInvalid],
    ["someone 17 (18 tomorrow)", goodBody({ dateOfBirth: isoDaysAgo(18, -1) }), m.underEighteen],
    ["a birth date in the future", goodBody({ dateOfBirth: isoDaysAgo(-1) }), m.underEighteen],
    ["another country", goodBody({ country: "CA" }), m.countryUsOnly],
    ["a missing street", goodBody({ line1: "" }), m.line1Required],
    ["a street of 201 characters", goodBody({ line1: "a".repeat(201) }), m.line1TooLong],
    ["a missing city", goodBody({ city: " " }), m.cityRequired],
    ["a state that is not one", goodBody({ state: "ZZ" }), m.stateInvalid],
    ["a state written out", goodBody({ state: "California" }), m.stateInvalid],
    ["a 4-digit ZIP", goodBody({ postalCode: "9410" }), m.postalCodeInvalid],
    ["a ZIP+4", goodBody({ postalCode: "94103-1234" }), m.postalCodeInvalid],
    ["an 8-digit routing number", goodBody({ routingNumber: "11000000" }), m.routingFormat],
    ["letters in the routing number", goodBody({ routingNumber: "11000000a" }), m.routingFormat],
    [
      "a routing number failing the checksum",
      goodBody({ routingNumber: "110000001" }),
      m.routingChecksum,
    ],
    [
      "a real routing number (Chase NY)",
      goodBody({ routingNumber: "021000021" }),
      m.testNumbersOnly,
    ],
    [
      "a real-looking account number",
      goodBody({ accountNumber: "123456789012" }),
      m.testNumbersOnly,
    ],
    ["Stripe's closed test account", goodBody({ accountNumber: "000111111113" }), m.accountClosed],
    [
      "Stripe's no-account test account",
      goodBody({ accountNumber: "000111111116" }),
      m.accountNotFound,
    ],
    ["a 3-digit account number", goodBody({ accountNumber: "123" }), m.accountFormat],
    ["a number instead of text", goodBody({ routingNumber: 110000000 }), m.routingFormat],
    ["a NUL character", goodBody({ city: "San\u0000Francisco" }), inputMessages.nulCharacter],
  ];

  it.each(refusals)(
    "refuses %s with a clear message, changing nothing",
    async (_, body, message) => {
      const member = refused;
      const response = await onboard(member, body);
      expect(response.status).toBe(400);
      expect(expectContract(apiErrorSchema, await response.json()).error.message).toBe(message);
      expect(await payoutColumns(member.id)).toEqual(UNTOUCHED);
    },
  );

  it("refuses a body that is not a JSON object, changing nothing", async () => {
    const member = refused;
    for (const body of ["[]", "not json", "null"]) {
      expect((await onboard(member, body)).status).toBe(400);
    }
    expect(await payoutColumns(member.id)).toEqual(UNTOUCHED);
  });

  it("is not there for the Stripe flow while the simulated provider runs", async () => {
    const member = refused;
    const response = await t.app.request("/api/me/payouts/onboarding", {
      method: "POST",
      headers: headersFor(member),
    });
    expect(response.status).toBe(404);
    expect(expectContract(apiErrorSchema, await response.json()).error.message).toBe(m.notStripe);
    const webhook = await t.app.request("/api/webhooks/stripe-connect", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=x" },
      body: "{}",
    });
    expect(webhook.status).toBe(404);
  });
});
