import Stripe from "stripe";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "../../../contracts/common.contract";
import {
  connectWebhookReceivedSchema,
  onboardingLinkSchema,
  payoutsMessages as m,
  payoutsStateSchema,
} from "../../../contracts/payouts.contract";
import { searchResultSchema } from "../../../contracts/search.contract";
import { loadConfig } from "../../config";
import { queryRows } from "../../db/rows";
import { expectContract } from "../../test/contract";
import { createArtwork, createCategory, createCity } from "../../test/factories";
import { type TestApp, createTestApp } from "../../test/test-app";
import { startStripeStandIn } from "../purchase/stripe-stand-in.test-helpers";
import { type Member, headersFor, readUser, signUp } from "../profiles/profiles.test-helpers";

const WEBHOOK_SECRET = "whsec_test_vernissage";
const CONNECT_SECRET = "whsec_test_connect";
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: "sk_test_vernissage",
  STRIPE_PUBLISHABLE_KEY: "pk_test_vernissage",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
};

let t: TestApp;
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
const stripe = new Stripe("sk_test_unused");

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({ ...STRIPE_ENV, STRIPE_API_BASE: standIn.url });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

const artist = () => signUp(t, {}, { isArtist: true }, { twoStep: true });

function post(member: Member | undefined, path: string) {
  return t.app.request(path, { method: "POST", headers: headersFor(member) });
}

async function onboard(member: Member) {
  const response = await post(member, "/api/me/payouts/onboarding");
  expect(response.status).toBe(200);
  return expectContract(onboardingLinkSchema, await response.json());
}

async function payouts(member: Member) {
  const response = await t.app.request("/api/me/payouts", { headers: headersFor(member) });
  expect(response.status).toBe(200);
  return expectContract(payoutsStateSchema, await response.json());
}

let eventCounter = 0;
function accountEvent(accountId: string, data: object = {}, created = Date.now() / 1000) {
  return {
    id: `evt_connect_${++eventCounter}`,
    object: "event",
    type: "account.updated",
    api_version: "2025-01-01",
    account: accountId,
    created: Math.floor(created),
    data: {
      object: { ...standIn.accounts.get(accountId), id: accountId, object: "account", ...data },
    },
  };
}

function webhook(event: object, secret = CONNECT_SECRET) {
  const payload = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.request("/api/webhooks/stripe-connect", {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body: payload,
  });
}

async function delivered(event: object) {
  const response = await webhook(event);
  expect(response.status).toBe(200);
  return expectContract(connectWebhookReceivedSchema, await response.json());
}

const ACTIVE = { charges_enabled: true, payouts_enabled: true, bankLast4: "6789" };
const RESTRICTED = {
  charges_enabled: false,
  payouts_enabled: false,
  requirements: { past_due: ["individual.verification.document"] },
};

describe("configuration", () => {
  it("uses STRIPE_CONNECT_WEBHOOK_SECRET, or STRIPE_WEBHOOK_SECRET without it", () => {
    const base = { NODE_ENV: "test", DATA_DIR: "/tmp/unused", SESSION_SECRET: "x".repeat(32) };
    const own = loadConfig({ ...base, ...STRIPE_ENV }).payments;
    expect(own.provider === "stripe" && own.connectWebhookSecret).toBe(CONNECT_SECRET);
    const { STRIPE_CONNECT_WEBHOOK_SECRET: _, ...withoutConnect } = STRIPE_ENV;
    const fallback = loadConfig({ ...base, ...withoutConnect }).payments;
    expect(fallback.provider === "stripe" && fallback.connectWebhookSecret).toBe(WEBHOOK_SECRET);
  });
});

describe("POST /api/me/payouts/onboarding (Stripe)", () => {
  it("creates one Express account, stores it pending, and answers an Account Link", async () => {
    const member = await artist();
    const link = await onboard(member);
    const user = await readUser(t, member.id);
    expect(user.payoutStatus).toBe("pending");
    const account = standIn.accounts.get(user.payoutAccountId!);
    expect(account).toMatchObject({
      type: "express",
      country: "US",
      email: member.email,
      metadata: { userId: member.id },
      capabilities: { card_payments: "inactive", transfers: "inactive" },
    });
    const create = standIn.requests.find(
      (r) => r.path === "/v1/accounts" && r.idempotencyKey === `payout-account-${member.id}`,
    );
    expect(create).toBeDefined();
    expect(standIn.accountLinks.at(-1)).toEqual({
      account: account!.id,
      refresh_url: "http://localhost:3000/payouts/refresh",
      return_url: "http://localhost:3000/payouts/return",
      type: "account_onboarding",
      url: link.url,
    });
    expect(await payouts(member)).toEqual({
      status: "pending",
      provider: "stripe",
      bankLast4: null,
      next: "wait",
      message: m.pending,
    });
  });

  it("makes one account on a double submit, at once or later; each click gets a fresh link", async () => {
    const member = await artist();
    const [a, b] = await Promise.all([
      post(member, "/api/me/payouts/onboarding"),
      post(member, "/api/me/payouts/onboarding"),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    await onboard(member);
    const mine = [...standIn.accounts.values()].filter((x) => x.metadata.userId === member.id);
    expect(mine).toHaveLength(1);
    expect((await readUser(t, member.id)).payoutAccountId).toBe(mine[0]!.id);
    expect(standIn.accountLinks.filter((l) => l.account === mine[0]!.id)).toHaveLength(3);
  });

  it("refuses the signed-out (401), collectors and applicants (403), making no account", async () => {
    const accountsBefore = standIn.accounts.size;
    expect((await post(undefined, "/api/me/payouts/onboarding")).status).toBe(401);
    for (const member of [await signUp(t), await signUp(t, {}, { pendingOccupation: "artist" })]) {
      const response = await post(member, "/api/me/payouts/onboarding");
      expect(response.status).toBe(403);
      expect(expectContract(apiErrorSchema, await response.json()).error.message).toBe(
        m.artistsOnly,
      );
      expect((await readUser(t, member.id)).payoutAccountId).toBeNull();
    }
    expect(standIn.accounts.size).toBe(accountsBefore);
  });

  it("has no simulated onboarding while Stripe is configured", async () => {
    const member = await artist();
    const response = await t.app.request("/api/me/payouts/simulated-onboarding", {
      method: "POST",
      headers: headersFor(member, { "content-type": "application/json" }),
      body: JSON.stringify({
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
      }),
    });
    expect(response.status).toBe(404);
    expect((await readUser(t, member.id)).payoutStatus).toBe("none");
  });

  it("reads the account when Stripe sends the artist back (/payouts/return)", async () => {
    const member = await artist();
    await onboard(member);
    const { payoutAccountId } = await readUser(t, member.id);
    standIn.updateAccount(payoutAccountId!, ACTIVE);
    const state = await t.services.payouts.refreshFromStripe({ id: member.id, isArtist: true });
    expect(state).toMatchObject({ status: "active", bankLast4: "6789", next: "none" });
  });
});

describe("POST /api/webhooks/stripe-connect (account.updated)", () => {
  async function pendingArtist() {
    const member = await artist();
    await onboard(member);
    return { member, accountId: (await readUser(t, member.id)).payoutAccountId! };
  }

  it("maps the account to active, restricted (past due or disabled) and pending", async () => {
    const { member, accountId } = await pendingArtist();
    standIn.updateAccount(accountId, ACTIVE);
    expect(await delivered(accountEvent(accountId))).toEqual({ received: true, ignored: false });
    expect(await payouts(member)).toMatchObject({ status: "active", bankLast4: "6789" });

    standIn.updateAccount(accountId, RESTRICTED);
    await delivered(accountEvent(accountId));
    expect(await payouts(member)).toMatchObject({ status: "restricted", next: "update" });

    standIn.updateAccount(accountId, {
      requirements: { past_due: [], disabled_reason: "rejected.fraud" },
    });
    await delivered(accountEvent(accountId));
    expect((await payouts(member)).status).toBe("restricted");

    standIn.updateAccount(accountId, {
      requirements: { past_due: [], disabled_reason: null, currently_due: ["external_account"] },
    });
    await delivered(accountEvent(accountId));
    expect((await payouts(member)).status).toBe("pending");
  });

  it("stays correct when events come twice or out of order (the account is read again)", async () => {
    const { member, accountId } = await pendingArtist();
    standIn.updateAccount(accountId, RESTRICTED);
    const older = accountEvent(accountId, {}, Date.now() / 1000 - 60);
    standIn.updateAccount(accountId, { ...ACTIVE, requirements: { past_due: [] } });
    const newer = accountEvent(accountId);
    await delivered(newer);
    await delivered(older); // late, carrying the restricted account
    await delivered(newer); // again
    expect(await payouts(member)).toMatchObject({ status: "active", bankLast4: "6789" });
  });

  it("answers 200 and ignores an account we do not know, or another event", async () => {
    const unknownId = "acct_not_ours_1";
    expect(await delivered(accountEvent(unknownId))).toEqual({ received: true, ignored: true });
    expect(
      await delivered({
        ...accountEvent(unknownId),
        type: "payout.paid",
        data: { object: { id: "po_1", object: "payout" } },
      }),
    ).toEqual({ received: true, ignored: true });
    const rows = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from users where payout_account_id = ${unknownId}`,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it("refuses a bad or missing signature (400), changing nothing", async () => {
    const { member, accountId } = await pendingArtist();
    standIn.updateAccount(accountId, ACTIVE);
    const forged = await webhook(accountEvent(accountId), "whsec_someone_else");
    expect(forged.status).toBe(400);
    expect(expectContract(apiErrorSchema, await forged.json()).error.message).toBe(
      m.webhookSignature,
    );
    // The checkout's secret does not sign Connect events when a Connect secret is set.
    expect((await webhook(accountEvent(accountId), WEBHOOK_SECRET)).status).toBe(400);
    const unsigned = await t.app.request("/api/webhooks/stripe-connect", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(accountEvent(accountId)),
    });
    expect(unsigned.status).toBe(400);
    expect((await payouts(member)).status).toBe("pending");
  });
});

describe("a payout status change lists or unlists the artist's works", () => {
  it("search results, facet counts and the catalogue version follow active → restricted → active", async () => {
    const city = await createCity(t.db);
    const category = await createCategory(t.db);
    const member = await signUp(t, {}, { isArtist: true, cityId: city.id }, { twoStep: true });
    await onboard(member);
    const { payoutAccountId } = await readUser(t, member.id);
    const accountId = payoutAccountId!;
    const title = `Payout Harbour ${Date.now()}`;
    const artwork = await createArtwork(t.db, {
      artistId: member.id,
      title,
      categoryIds: [category.id],
    });

    async function market() {
      const response = await t.app.request(
        `/api/artworks/search?q=${encodeURIComponent(title)}&categories=${category.id}`,
      );
      expect(response.status).toBe(200);
      const result = expectContract(searchResultSchema, await response.json());
      const [row] = await queryRows<{ v: string }>(
        t.db,
        sql`select version::text as v from catalogue_version`,
      );
      return {
        listed: result.hits.some((h) => h.id === artwork.id),
        city: result.facets.cities[city.id] ?? 0,
        category: result.facets.categories[category.id] ?? 0,
        version: row!.v,
      };
    }

    const pending = await market();
    expect(pending).toMatchObject({ listed: false, city: 0, category: 0 });

    standIn.updateAccount(accountId, ACTIVE);
    await delivered(accountEvent(accountId));
    const active = await market();
    expect(active).toMatchObject({ listed: true, city: 1, category: 1 });
    expect(active.version).not.toBe(pending.version);

    standIn.updateAccount(accountId, RESTRICTED);
    await delivered(accountEvent(accountId));
    const restricted = await market();
    expect(restricted).toMatchObject({ listed: false, city: 0, category: 0 });
    expect(restricted.version).not.toBe(active.version);

    standIn.updateAccount(accountId, { ...ACTIVE, requirements: { past_due: [] } });
    await delivered(accountEvent(accountId));
    const again = await market();
    expect(again).toMatchObject({ listed: true, city: 1, category: 1 });
    expect(again.version).not.toBe(restricted.version);
  });
});
