import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminOrderDetailSchema,
  adminOrderMessages as am,
  platformSettingsSchema,
  settingsActionSchema,
} from "../../../contracts/admin-orders.contract";
import { orderMessages as m } from "../../../domain/orders";
import { auditEvents, orders, platformSettings } from "../../db/schema";
import { expectContract } from "../../test/contract";
import { createArtist, createArtwork } from "../../test/factories";
import { type TestApp, createTestApp } from "../../test/test-app";
import { buy, guestEmail } from "../purchase/checkout.test-helpers";
import { type ErrorBody, type Member, headersFor, signUp } from "../profiles/profiles.test-helpers";

/** The commission setting in the console: audited, and frozen on orders sold before. */

let t: TestApp;
let admin: Member;
let other: Member;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { firstName: "Grace", lastName: "Hopper" }, { role: "admin" });
  other = await signUp(t, { firstName: "Alan", lastName: "Turing" }, { role: "admin" });
});
afterAll(async () => {
  await t?.close();
});

async function send(member: Member, method: string, url: string, body?: unknown) {
  const headers = headersFor(
    member,
    body === undefined ? {} : { "content-type": "application/json" },
  );
  return t.app.request(url, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function settings() {
  const response = await send(admin, "GET", "/api/admin/settings");
  expect(response.status).toBe(200);
  return expectContract(platformSettingsSchema, await response.json());
}

const put = (body: unknown, member = admin) => send(member, "PUT", "/api/admin/settings", body);

async function auditRows() {
  return t.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.action, "settings.commission"))
    .orderBy(asc(auditEvents.createdAt));
}

async function sale() {
  const artist = await createArtist(t.db, { payoutStatus: "active" });
  const artwork = await createArtwork(t.db, { artistId: artist.id, priceCents: 10_000 });
  const bought = await buy(t.client(), artwork.id, { email: guestEmail() });
  return bought.orderId;
}

async function orderView(id: string) {
  const response = await send(admin, "GET", `/api/admin/orders/${id}`);
  return expectContract(adminOrderDetailSchema, await response.json());
}

describe("the commission setting", () => {
  it("starts at the configured default, not set by the team", async () => {
    expect(await settings()).toEqual({
      commissionBps: 2000,
      defaultCommissionBps: 2000,
      commissionSetByTeam: false,
      returnWindowDays: 14,
    });
  });

  it("refuses anything but whole basis points from 0 to 10000, changing nothing", async () => {
    const bad: unknown[] = [
      { commissionBps: 10_001 },
      { commissionBps: -1 },
      { commissionBps: 12.5 },
      { commissionBps: "1500" },
      { commissionBps: null },
      {},
    ];
    for (const body of bad) {
      const response = await put(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as ErrorBody).error.message).toBe(m.commissionInvalid);
    }
    expect(await t.db.select().from(platformSettings)).toEqual([]);
    expect(await auditRows()).toEqual([]);
    expect((await settings()).commissionSetByTeam).toBe(false);
  });

  it("applies a change to new sales only, audited with before and after", async () => {
    const before = await sale();
    const response = await put({ commissionBps: 1_550 });
    expect(response.status).toBe(200);
    expect(expectContract(settingsActionSchema, await response.json())).toEqual({
      message: am.commissionSaved("15.50"),
      settings: {
        commissionBps: 1_550,
        defaultCommissionBps: 2000,
        commissionSetByTeam: true,
        returnWindowDays: 14,
      },
    });
    const after = await sale();

    expect(await orderView(before)).toMatchObject({
      commissionBps: 2000,
      commissionAmount: 2_000,
      artistNet: 8_000,
    });
    expect(await orderView(after)).toMatchObject({
      commissionBps: 1_550,
      commissionAmount: 1_550,
      artistNet: 8_450,
    });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, before));
    expect(row!.commissionBps).toBe(2000);

    const audit = await auditRows();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      targetType: "settings",
      targetId: "commission",
      before: { commissionBps: 2000, setByTeam: false },
      after: { commissionBps: 1_550, setByTeam: true },
    });
  });

  it("writes admins' changes made at once one after the other: each audit row's before is what the previous left", async () => {
    const rates = [1_001, 1_002, 1_003, 1_004, 1_005, 1_006];
    const answers = await Promise.all(
      rates.map((commissionBps, i) => put({ commissionBps }, i % 2 ? other : admin)),
    );
    expect(answers.map((r) => r.status)).toEqual(rates.map(() => 200));
    // The rows' times are their transactions' start, not the order the lock gave them:
    // check the chain instead. Every before is the rate found (1550) or another's after.
    const audit = (await auditRows()).slice(-rates.length);
    const bps = (v: unknown) => (v as { commissionBps: number }).commissionBps;
    const befores = audit.map((row) => bps(row.before));
    const afters = audit.map((row) => bps(row.after));
    const last = afters.find((rate) => !befores.includes(rate));
    expect(new Set(befores).size, "no two changes found the same rate").toBe(rates.length);
    expect([...befores].sort()).toEqual([1_550, ...afters.filter((r) => r !== last)].sort());
    expect((await settings()).commissionBps).toBe(last);
  });

  it("takes 0% and 100%", async () => {
    expect((await put({ commissionBps: 0 })).status).toBe(200);
    expect((await settings()).commissionBps).toBe(0);
    expect((await put({ commissionBps: 10_000 })).status).toBe(200);
    expect((await settings()).commissionBps).toBe(10_000);
    expect((await put({ commissionBps: 2000 })).status).toBe(200);
  });
});
