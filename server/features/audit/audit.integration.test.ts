import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditPageSchema } from "../../../contracts/admin.contract";
import { auditEvents } from "../../db/schema";
import { expectContract } from "../../test/contract";
import { type TestApp, createTestApp } from "../../test/test-app";
import { type Member, headersFor, signUp } from "../profiles/profiles.test-helpers";
import { recordAudit } from "./audit.repository";

let t: TestApp;
let admin: Member;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, {}, { role: "admin" });
  const actor = { id: admin.id, email: admin.email };
  // 60 rows in one transaction share one now(): the cursor must still page them exactly.
  await t.db.transaction(async (tx) => {
    for (let i = 0; i < 60; i++) {
      await recordAudit(tx, actor, {
        action: i % 2 ? "user.suspend" : "artwork.hide",
        targetType: i % 2 ? "user" : "artwork",
        targetId: `target-${i}`,
        before: { n: i },
        after: { n: i + 1 },
      });
    }
  });
});

afterAll(async () => {
  await t.close();
});

async function page(query = "") {
  const response = await t.app.request(`/api/admin/audit${query}`, { headers: headersFor(admin) });
  expect(response.status).toBe(200);
  return expectContract(auditPageSchema, await response.json());
}

describe("GET /api/admin/audit", () => {
  it("pages through every row once, newest first", async () => {
    const first = await page();
    expect(first.events).toHaveLength(50);
    expect(first.next).not.toBeNull();
    const second = await page(`?cursor=${first.next}`);
    expect(second.events).toHaveLength(10);
    expect(second.next).toBeNull();
    const ids = [...first.events, ...second.events].map((e) => e.id);
    expect(new Set(ids).size).toBe(60);
    expect(first.actions).toEqual(["artwork.hide", "user.suspend"]);
  });

  it("filters by action and by target", async () => {
    const hides = await page("?action=artwork.hide");
    expect(hides.events).toHaveLength(30);
    expect(hides.events.every((e) => e.action === "artwork.hide")).toBe(true);
    const one = await page("?targetId=target-7");
    expect(one.events).toMatchObject([
      { action: "user.suspend", before: { n: 7 }, after: { n: 8 }, actorEmail: admin.email },
    ]);
  });

  it("refuses a cursor it did not write, on every console list (400, never 500)", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const cursors = [
      "nonsense",
      forged(["x", "y"]),
      // Dates JavaScript parses but PostgreSQL does not.
      forged(["1", id]),
      forged(["May 5", id]),
      forged(["2026-11-24 06:14:00.123456+00", "not-a-uuid"]),
    ];
    for (const list of ["audit", "applications", "people", "artworks"]) {
      for (const cursor of cursors) {
        const response = await t.app.request(`/api/admin/${list}?cursor=${cursor}`, {
          headers: headersFor(admin),
        });
        expect(response.status, `${list} ${cursor}`).toBe(400);
      }
    }
  });
});

describe("the audit_events table", () => {
  it("refuses UPDATE, DELETE and TRUNCATE, whoever asks", async () => {
    await expect(t.db.update(auditEvents).set({ action: "forged" })).rejects.toThrow();
    await expect(t.db.delete(auditEvents)).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_events`)).rejects.toThrow();
    const rows = await t.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents);
    expect(rows[0]?.n).toBe(60);
  });
});
