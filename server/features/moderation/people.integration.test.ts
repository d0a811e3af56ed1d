import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  peopleMessages as pm,
  peoplePageSchema,
  personActionSchema,
} from "../../../contracts/admin-people.contract";
import { adminMessages } from "../../../contracts/admin.contract";
import { quoteSchema } from "../../../contracts/checkout.contract";
import { authMessages } from "../../../domain/auth-messages";
import { checkoutMessages } from "../../../domain/checkout";
import { inputMessages } from "../../../domain/text-input";
import { auditEvents, sessions, users } from "../../db/schema";
import { expectContract } from "../../test/contract";
import { allowConsoleError } from "../../test/fail-on-console-error";
import { createArtwork, createCity } from "../../test/factories";
import { type TestApp, createTestApp } from "../../test/test-app";
import {
  NY_ADDRESS,
  guestEmail,
  paymentsOf,
  readArtwork,
  startPayment,
} from "../purchase/checkout.test-helpers";
import {
  type ErrorBody,
  type Member,
  enableTwoStep,
  patchMe,
  readUser,
  send,
  signUp,
} from "../profiles/profiles.test-helpers";
import { adminList, auditRows, errorOf, searchArtworks } from "./moderation.test-helpers";

let t: TestApp;
let admin: Member;
let city: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { firstName: "Grace", lastName: "Hopper" }, { role: "admin" });
  city = await createCity(t.db, "Moderation City");
});
afterAll(() => t.close());

function people(query = "") {
  return adminList(t, admin, `/api/admin/people${query}`, peoplePageSchema);
}

/** A guest's checkout quote for a work, as the buy panel asks for it. */
function quote(artworkId: string) {
  return t.client().post("/api/checkout/quote", {
    artworkId,
    email: guestEmail("quote"),
    shippingAddress: NY_ADDRESS,
  });
}

/** A signed-up artist with active payouts and one listed work in the test city. */
async function artistWithWork(firstName: string, title: string) {
  const artist = await signUp(
    t,
    { firstName, lastName: "Moderated", occupation: "artist", instagramHandle: "moderated" },
    { isArtist: true, pendingOccupation: null, payoutStatus: "active", cityId: city.id },
  );
  const work = await createArtwork(t.db, { artistId: artist.id, title });
  return { artist, work };
}

describe("GET /api/admin/people", () => {
  it("finds people by part of the name or e-mail, any case, with their counts", async () => {
    const { artist } = await artistWithWork("Zenobia", "Zenobia Study");
    const byName = await people("?q=zENOB");
    expect(byName.people.map((p) => p.id)).toEqual([artist.id]);
    expect(byName.people[0]).toMatchObject({
      isArtist: true,
      role: "user",
      payoutStatus: "active",
      works: 1,
      orders: 0,
      sales: 0,
      suspendedAt: null,
    });
    const byEmail = await people(`?q=${encodeURIComponent(artist.email.toUpperCase())}`);
    expect(byEmail.people.map((p) => p.id)).toEqual([artist.id]);
    // LIKE's wildcards are taken literally.
    expect((await people("?q=%25")).people).toEqual([]);
  });

  it("filters by role and status", async () => {
    const admins = await people("?role=admin");
    expect(admins.people.every((p) => p.role === "admin")).toBe(true);
    expect(admins.people.map((p) => p.id)).toContain(admin.id);
    const artists = await people("?role=artist&status=active");
    expect(artists.people.every((p) => p.isArtist && p.suspendedAt === null)).toBe(true);
    // The form's "Everyone" and "Any" send empty values: no filter, as with none at all.
    const everyone = await people("?q=&role=&status=");
    expect(everyone.people.map((p) => p.id)).toEqual((await people("")).people.map((p) => p.id));
  });

  it("pages 50 at a time without repeating anyone", async () => {
    for (let i = 0; i < 52; i++) {
      await t.db
        .insert(users)
        .values({ email: `pager${i}@example.com`, displayName: `Pager ${i}` });
    }
    const first = await people("?q=pager");
    expect(first.people).toHaveLength(50);
    const second = await people(`?q=pager&cursor=${first.next}`);
    expect(second.people).toHaveLength(2);
    expect(second.next).toBeNull();
    expect(new Set([...first.people, ...second.people].map((p) => p.id)).size).toBe(52);
  });

  it("refuses bad filters with 400", async () => {
    for (const query of [
      "?role=king",
      "?status=gone",
      `?q=${"x".repeat(201)}`,
      "?cursor=nonsense",
    ]) {
      expect(await errorOf(await send(t, admin, "GET", `/api/admin/people${query}`), 400)).toBe(
        adminMessages.invalidFilter,
      );
    }
    expect(await errorOf(await send(t, admin, "GET", "/api/admin/people?q=a%00b"), 400)).toBe(
      inputMessages.nulCharacter,
    );
  });
});

describe("suspending a person", () => {
  it("ends their sessions, refuses their sign-in, unlists their works and 404s their pages; reinstating brings the works back", async () => {
    const { artist, work } = await artistWithWork("Ottoline", "Ottoline Harbour");
    expect((await patchMe(t, artist, { bio: "Before." })).status).toBe(200);
    const before = await searchArtworks(t);
    expect((await searchArtworks(t, "Ottoline")).hits.map((h) => h.id)).toEqual([work.id]);
    const quotedBefore = await quote(work.id);
    expect(quotedBefore.status, await quotedBefore.clone().text()).toBe(200);
    const { totalAmount } = expectContract(quoteSchema, await quotedBefore.json());

    const response = await send(t, admin, "POST", `/api/admin/people/${artist.id}/suspend`, {
      reason: "  Fraudulent listings.  ",
    });
    expect(response.status).toBe(200);
    const answer = expectContract(personActionSchema, await response.json());
    expect(answer.person).toMatchObject({ suspensionReason: "Fraudulent listings." });
    expect(answer.person.suspendedAt).not.toBeNull();

    // Their own client is signed out at once.
    expect((await patchMe(t, artist, { bio: "After." })).status).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, artist.id))).toEqual([]);

    // Sign-in is refused with the right password (and only then told why).
    const wrong = await t.client().post("/api/auth/sign-in/email", {
      email: artist.email,
      password: "not-the-password",
    });
    expect(await errorOf(wrong, 401)).toBe(authMessages.invalidCredentials);
    const right = await t.client().post("/api/auth/sign-in/email", {
      email: artist.email,
      password: "secret-123",
    });
    expect(await errorOf(right, 403)).toBe(authMessages.accountSuspended);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, artist.id))).toEqual([]);

    // Out of search, and out of its counts.
    expect((await searchArtworks(t, "Ottoline")).hits).toEqual([]);
    const during = await searchArtworks(t);
    expect(during.nbHits).toBe(before.nbHits - 1);
    expect(during.facets.cities[city.id] ?? 0).toBe((before.facets.cities[city.id] ?? 0) - 1);

    // Their pages are unavailable; the work is not for sale.
    for (const url of [
      `/api/artists/${artist.id}`,
      `/api/users/${artist.id}`,
      `/api/artists/${artist.id}/artworks`,
    ]) {
      expect(await errorOf(await t.app.request(url), 404)).toBe(pm.profileUnavailable);
    }
    // Its work cannot be bought: the same 409 as any work the marketplace does not list
    // (checkout-listing.integration.test.ts), and no payment is started or reserved.
    const quoted = await quote(work.id);
    expect(await errorOf(quoted, 409)).toBe(checkoutMessages.artworkNotForSale);
    const started = await startPayment(t.client(), work.id, {
      email: guestEmail("suspended"),
      expectedTotal: totalAmount,
    });
    expect(await errorOf(started, 409)).toBe(checkoutMessages.artworkNotForSale);
    expect(await paymentsOf(t, work.id)).toEqual([]);
    expect(await readArtwork(t, work.id)).toMatchObject({ reservedUntil: null });

    // Exactly one audit row, with the before and after.
    const rows = await auditRows(t, artist.id, "user.suspend");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      targetType: "user",
      before: { suspendedAt: null },
      after: { suspensionReason: "Fraudulent listings." },
    });

    // Reinstate: the work is back, the pages too.
    const back = await send(t, admin, "POST", `/api/admin/people/${artist.id}/reinstate`);
    expect(back.status).toBe(200);
    expect(expectContract(personActionSchema, await back.json()).person.suspendedAt).toBeNull();
    expect((await searchArtworks(t, "Ottoline")).hits.map((h) => h.id)).toEqual([work.id]);
    expect((await searchArtworks(t)).nbHits).toBe(before.nbHits);
    expect((await t.app.request(`/api/artists/${artist.id}`)).status).toBe(200);
    expect((await quote(work.id)).status).toBe(200);
    expect(await auditRows(t, artist.id, "user.reinstate")).toHaveLength(1);
    const again = await t.client().post("/api/auth/sign-in/email", {
      email: artist.email,
      password: "secret-123",
    });
    expect(again.status).toBe(200);
  });

  it("answers a double suspend with one outcome, one audit row and 409", async () => {
    const member = await signUp(t);
    const [a, b] = await Promise.all([
      send(t, admin, "POST", `/api/admin/people/${member.id}/suspend`, { reason: "Spam." }),
      send(t, admin, "POST", `/api/admin/people/${member.id}/suspend`, { reason: "Spam again." }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(((await loser.json()) as ErrorBody).error.message).toBe(pm.alreadySuspended);
    expect(await auditRows(t, member.id, "user.suspend")).toHaveLength(1);
    // Reinstating twice: the second is told.
    expect((await send(t, admin, "POST", `/api/admin/people/${member.id}/reinstate`)).status).toBe(
      200,
    );
    expect(
      await errorOf(await send(t, admin, "POST", `/api/admin/people/${member.id}/reinstate`), 409),
    ).toBe(pm.notSuspended);
    expect(await auditRows(t, member.id, "user.reinstate")).toHaveLength(1);
  });

  it("refuses to suspend oneself", async () => {
    expect(
      await errorOf(
        await send(t, admin, "POST", `/api/admin/people/${admin.id}/suspend`, {
          reason: "Oops.",
        }),
        409,
      ),
    ).toBe(pm.cannotSuspendSelf);
    expect((await readUser(t, admin.id)).suspendedAt).toBeNull();
  });

  it("refuses bad input and changes nothing", async () => {
    const member = await signUp(t);
    const url = `/api/admin/people/${member.id}/suspend`;
    expect(await errorOf(await send(t, admin, "POST", url, { reason: "a\u0000b" }), 400)).toBe(
      inputMessages.nulCharacter,
    );
    expect(
      await errorOf(await send(t, admin, "POST", url, { reason: "x".repeat(2001) }), 400),
    ).toBe(adminMessages.reasonTooLong);
    expect(await errorOf(await send(t, admin, "POST", url, { reason: "   " }), 400)).toBe(
      adminMessages.reasonRequired,
    );
    expect(await errorOf(await send(t, admin, "POST", url, { reason: 42 }), 400)).toBe(
      adminMessages.reasonRequired,
    );
    expect(await errorOf(await send(t, admin, "POST", url, {}), 400)).toBe(
      adminMessages.reasonRequired,
    );
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      expect(
        await errorOf(
          await send(t, admin, "POST", `/api/admin/people/${id}/suspend`, { reason: "x" }),
          404,
        ),
      ).toBe(pm.notFound);
      expect(
        await errorOf(await send(t, admin, "POST", `/api/admin/people/${id}/make-admin`), 404),
      ).toBe(pm.notFound);
    }
    expect((await readUser(t, member.id)).suspendedAt).toBeNull();
    expect(await auditRows(t, member.id)).toEqual([]);
  });

  it("leaves nothing behind when the transaction fails after the update", async () => {
    allowConsoleError();
    const member = await signUp(t);
    // A crash after every step (update, sessions, audit row) but before the commit.
    const original = t.db.transaction.bind(t.db);
    let failed = false;
    (t.db as { transaction: unknown }).transaction = (run: (tx: unknown) => Promise<unknown>) =>
      original(async (tx) => {
        await run(tx);
        failed = true;
        throw new Error("crash after the steps");
      });
    try {
      const response = await send(t, admin, "POST", `/api/admin/people/${member.id}/suspend`, {
        reason: "Crash.",
      });
      expect(response.status).toBe(500);
    } finally {
      (t.db as { transaction: unknown }).transaction = original;
    }
    expect(failed).toBe(true);
    expect((await readUser(t, member.id)).suspendedAt).toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, member.id))).not.toEqual(
      [],
    );
    expect(await auditRows(t, member.id)).toEqual([]);
  });
});

describe("admin roles", () => {
  it("makes and revokes an admin, one audit row each; refuses repeats", async () => {
    const member = await signUp(t);
    const made = await send(t, admin, "POST", `/api/admin/people/${member.id}/make-admin`);
    expect(made.status).toBe(200);
    expect(expectContract(personActionSchema, await made.json()).person.role).toBe("admin");
    expect(
      await errorOf(await send(t, admin, "POST", `/api/admin/people/${member.id}/make-admin`), 409),
    ).toBe(pm.alreadyAdmin);
    // The new admin is sent to set up two-step verification first (decision 0057), then in.
    const before = await send(t, member, "GET", "/api/admin/people");
    expect(before.status).toBe(403);
    expect(((await before.json()) as { error: { code: string } }).error.code).toBe(
      "TWO_STEP_REQUIRED",
    );
    const secured = await enableTwoStep(member, "secret-123");
    expect((await send(t, secured, "GET", "/api/admin/people")).status).toBe(200);
    const revoked = await send(t, admin, "POST", `/api/admin/people/${member.id}/revoke-admin`);
    expect(revoked.status).toBe(200);
    expect(
      await errorOf(
        await send(t, admin, "POST", `/api/admin/people/${member.id}/revoke-admin`),
        409,
      ),
    ).toBe(pm.notAdmin);
    expect((await send(t, secured, "GET", "/api/admin/people")).status).toBe(403);
    expect(await auditRows(t, member.id, "user.make_admin")).toHaveLength(1);
    expect(await auditRows(t, member.id, "user.revoke_admin")).toHaveLength(1);
  });

  it("refuses to make a suspended person an admin", async () => {
    const member = await signUp(t);
    await send(t, admin, "POST", `/api/admin/people/${member.id}/suspend`, { reason: "Spam." });
    expect(
      await errorOf(await send(t, admin, "POST", `/api/admin/people/${member.id}/make-admin`), 409),
    ).toBe(pm.suspendedCannotBeAdmin);
  });

  it("refuses to demote oneself", async () => {
    expect(
      await errorOf(
        await send(t, admin, "POST", `/api/admin/people/${admin.id}/revoke-admin`),
        409,
      ),
    ).toBe(pm.cannotDemoteSelf);
    expect((await readUser(t, admin.id)).role).toBe("admin");
  });

  it("leaves one admin when the last two demote each other at once", async () => {
    // Only two admins: demote every other one first.
    const others = (await people("?role=admin")).people.filter((p) => p.id !== admin.id);
    for (const other of others) {
      await send(t, admin, "POST", `/api/admin/people/${other.id}/revoke-admin`);
    }
    const second = await signUp(t, {}, { role: "admin" });
    const [a, b] = await Promise.all([
      send(t, admin, "POST", `/api/admin/people/${second.id}/revoke-admin`),
      send(t, second, "POST", `/api/admin/people/${admin.id}/revoke-admin`),
    ]);
    const statuses = [a.status, b.status].sort();
    // One demotion wins; the other is refused: the last admin stays (409), or the
    // demoted one is no longer an admin by the time their request is checked (403).
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = await t.db.select({ id: users.id }).from(users).where(eq(users.role, "admin"));
    expect(admins).toHaveLength(1);
    const demotions = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "user.revoke_admin"));
    expect(demotions.filter((r) => [admin.id, second.id].includes(r.targetId))).toHaveLength(1);
  });

  it("leaves one admin who can sign in when two suspend each other at once", async () => {
    const first = await signUp(t, {}, { role: "admin" });
    const second = await signUp(t, {}, { role: "admin" });
    const [a, b] = await Promise.all([
      send(t, first, "POST", `/api/admin/people/${second.id}/suspend`, { reason: "Rogue" }),
      send(t, second, "POST", `/api/admin/people/${first.id}/suspend`, { reason: "Rogue" }),
    ]);
    const statuses = [a.status, b.status].sort();
    // The loser was suspended first: signed out (401), or refused under the lock (403).
    expect(statuses[0]).toBe(200);
    expect([401, 403]).toContain(statuses[1]);
    const suspended = [
      (await readUser(t, first.id)).suspendedAt,
      (await readUser(t, second.id)).suspendedAt,
    ].filter((at) => at !== null);
    expect(suspended).toHaveLength(1);
  });

  it("never leaves both: one admin demoting another while being suspended by them", async () => {
    const first = await signUp(t, {}, { role: "admin" });
    const second = await signUp(t, {}, { role: "admin" });
    await Promise.all([
      send(t, first, "POST", `/api/admin/people/${second.id}/revoke-admin`),
      send(t, second, "POST", `/api/admin/people/${first.id}/suspend`, { reason: "Rogue" }),
    ]);
    const one = await readUser(t, first.id);
    const two = await readUser(t, second.id);
    const firstActiveAdmin = one.role === "admin" && one.suspendedAt === null;
    const secondActiveAdmin = two.role === "admin" && two.suspendedAt === null;
    expect(firstActiveAdmin || secondActiveAdmin).toBe(true);
    expect(firstActiveAdmin && secondActiveAdmin).toBe(false);
  });
});
