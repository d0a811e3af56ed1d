import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "../../contracts/common.contract";
import { inputMessages } from "../../domain/text-input";
import {
  artCategories,
  artworks,
  auditEvents,
  cities,
  exhibitions,
  orders,
  refunds,
  users,
} from "../db/schema";
import { buy, guestEmail } from "../features/purchase/checkout.test-helpers";
import { type Member, send, signUp } from "../features/profiles/profiles.test-helpers";
import { expectContract } from "../test/contract";
import { createArtist, createArtwork } from "../test/factories";
import { type TestApp, createTestApp } from "../test/test-app";

/**
 * Ill-formed Unicode at the boundary: a lone UTF-16 surrogate in JSON (which JSON.parse
 * turns into a string PostgreSQL cannot take into jsonb, and turns into U+FFFD in text),
 * or percent-encoded bytes that are not UTF-8 in an address. Each is a 400 with the one
 * message, and nothing changes. Page forms: app/lib/read-form.server.test.ts and
 * e2e/ill-formed-text.spec.ts.
 */
let t: TestApp;
let admin: Member;
let orderId: string;
let artworkId: string;
let personId: string;
let exhibitionId: string;

const LONE = "x\ud800";

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { firstName: "Grace" }, { role: "admin" });
  personId = (await signUp(t, { firstName: "Kept" })).id;
  const artist = await createArtist(t.db, { payoutStatus: "active" });
  artworkId = (await createArtwork(t.db, { artistId: artist.id, title: "Kept title" })).id;
  const sold = await createArtwork(t.db, { artistId: artist.id, priceCents: 10_000 });
  orderId = (await buy(t.client(), sold.id, { email: guestEmail("surrogate") })).orderId;
  const created = await send(t, admin, "POST", "/api/admin/exhibitions", {
    name: "Kept show",
    description: "Works.",
    address: "1 Harbour Road",
  });
  expect(created.status).toBe(201);
  exhibitionId = ((await created.json()) as { id: string }).id;
});

afterAll(async () => {
  await t?.close();
});

async function expectIllFormed(response: Response) {
  expect(response.status, await response.clone().text()).toBe(400);
  const { error } = expectContract(apiErrorSchema, await response.json());
  expect(error).toEqual({ code: "VALIDATION_FAILED", message: inputMessages.illFormedText });
}

async function rows(table: typeof cities | typeof artCategories | typeof exhibitions) {
  const [row] = await t.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

async function auditRows() {
  const [row] = await t.db.select({ n: count() }).from(auditEvents);
  return row?.n ?? 0;
}

describe("a lone surrogate in a JSON body", () => {
  it.each(["refund", "cancel"])(
    "POST /api/admin/orders/:id/%s answers 400, nothing changed",
    async (move) => {
      const [before] = await t.db.select().from(orders).where(eq(orders.id, orderId));
      const audits = await auditRows();
      // The body as a script sends it: `"\ud800"` is an escape JSON.parse turns into a lone surrogate.
      const body = JSON.stringify({ amount: 100, reason: LONE });
      expect(body).toContain("\\ud800");
      await expectIllFormed(
        await send(t, admin, "POST", `/api/admin/orders/${orderId}/${move}`, body),
      );
      const [after] = await t.db.select().from(orders).where(eq(orders.id, orderId));
      expect(after).toEqual(before);
      expect(await t.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toEqual([]);
      expect(await auditRows()).toBe(audits);
    },
  );

  it("suspending a person and hiding a work answer 400, nothing changed", async () => {
    const audits = await auditRows();
    await expectIllFormed(
      await send(t, admin, "POST", `/api/admin/people/${personId}/suspend`, { reason: LONE }),
    );
    await expectIllFormed(
      await send(t, admin, "POST", `/api/admin/artworks/${artworkId}/hide`, {
        reason: "\udc00 low",
      }),
    );
    const [person] = await t.db.select().from(users).where(eq(users.id, personId));
    expect(person?.suspendedAt).toBeNull();
    const [work] = await t.db.select().from(artworks).where(eq(artworks.id, artworkId));
    expect(work?.hiddenAt).toBeNull();
    expect(await auditRows()).toBe(audits);
  });

  it("exhibition, city and category names answer 400, nothing stored", async () => {
    const before = [await rows(exhibitions), await rows(cities), await rows(artCategories)];
    const audits = await auditRows();
    const exhibition = { name: `Show ${LONE}`, description: "Works.", address: "1 Pier St" };
    await expectIllFormed(await send(t, admin, "POST", "/api/admin/exhibitions", exhibition));
    await expectIllFormed(
      await send(t, admin, "PATCH", `/api/admin/exhibitions/${exhibitionId}`, { name: LONE }),
    );
    await expectIllFormed(
      await send(t, admin, "POST", "/api/admin/cities", { name: `Santa ${LONE}` }),
    );
    await expectIllFormed(await send(t, admin, "POST", "/api/admin/categories", { name: LONE }));
    expect([await rows(exhibitions), await rows(cities), await rows(artCategories)]).toEqual(
      before,
    );
    const [kept] = await t.db.select().from(exhibitions).where(eq(exhibitions.id, exhibitionId));
    expect(kept?.name).toBe("Kept show");
    expect(await auditRows()).toBe(audits);
  });

  it("refuses one in a key, and takes a well-formed pair (an emoji) as it is", async () => {
    await expectIllFormed(
      await send(t, admin, "POST", "/api/admin/cities", `{"name":"Taos","\\udfff":1}`),
    );
    const created = await send(t, admin, "POST", "/api/admin/cities", { name: "Taos 🎨" });
    expect(created.status, await created.clone().text()).toBe(201);
    expect(((await created.json()) as { name: string }).name).toBe("Taos 🎨");
  });

  it("still names a NUL character first", async () => {
    const response = await send(t, admin, "POST", "/api/admin/cities", { name: `a\u0000${LONE}` });
    expect(response.status).toBe(400);
    expect(expectContract(apiErrorSchema, await response.json()).error.message).toBe(
      inputMessages.nulCharacter,
    );
  });
});

describe("bytes that are not UTF-8 in an address", () => {
  it.each([
    "/api/artworks/search?q=%ED%A0%80",
    "/api/artworks/search?q=blue%FF",
    "/api/artists/%C0%AF",
    "/artwork/%ED%B0%80",
  ])("%s answers 400", async (address) => {
    await expectIllFormed(await t.app.request(address));
  });

  it("decodes well-formed UTF-8 as before", async () => {
    const response = await t.app.request(`/api/artworks/search?q=${encodeURIComponent("Zoë")}`);
    expect(response.status).toBe(200);
  });
});
