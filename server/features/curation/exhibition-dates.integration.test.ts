import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminExhibitionDetailSchema,
  curationMessages as m,
} from "../../../contracts/admin-curation.contract";
import { apiErrorSchema } from "../../../contracts/common.contract";
import { exhibitionDetailSchema } from "../../../contracts/exhibitions.contract";
import { inputMessages } from "../../../domain/text-input";
import { artworks, exhibitions } from "../../db/schema";
import { expectContract } from "../../test/contract";
import { createArtist, createArtwork } from "../../test/factories";
import { type TestApp, createTestApp } from "../../test/test-app";
import { type Member, send, signUp } from "../profiles/profiles.test-helpers";
import { allAuditRows, auditCount } from "./curation.test-helpers";

let t: TestApp;
let admin: Member;
let collector: Member;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, {}, { role: "admin" });
  collector = await signUp(t);
});

afterAll(async () => {
  await t.close();
});

async function errorOf(response: Response) {
  return expectContract(apiErrorSchema, await response.json()).error.message;
}

async function create(body: Record<string, unknown>) {
  return send(t, admin, "POST", "/api/admin/exhibitions", { name: "Tidal", ...body });
}

async function stored(id: string) {
  const [row] = await t.db.select().from(exhibitions).where(eq(exhibitions.id, id));
  return row;
}

describe("an exhibition's days and opening hours", () => {
  it("are stored, audited and shown on the public pages", async () => {
    const response = await create({
      startsOn: "2026-11-12",
      endsOn: "2026-12-20",
      openingHours: "  Tue–Sat 11:00–18:00  ",
    });
    expect(response.status).toBe(201);
    const created = expectContract(adminExhibitionDetailSchema, await response.json());
    expect(created).toMatchObject({
      startsOn: "2026-11-12",
      endsOn: "2026-12-20",
      openingHours: "Tue–Sat 11:00–18:00",
    });
    expect(await auditCount(t, "exhibition.create", created.id)).toBe(1);

    await send(t, admin, "POST", `/api/admin/exhibitions/${created.id}/activate`);
    const page = await t.app.request(`/api/exhibitions/${created.id}`);
    expect(expectContract(exhibitionDetailSchema, await page.json())).toMatchObject({
      startsOn: "2026-11-12",
      endsOn: "2026-12-20",
      openingHours: "Tue–Sat 11:00–18:00",
    });
  });

  it("refuses an end before the start, and stores nothing", async () => {
    const rows = await allAuditRows(t);
    const response = await create({
      name: "Backwards",
      startsOn: "2026-12-20",
      endsOn: "2026-12-19",
    });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(m.endBeforeStart);
    expect(await t.db.select().from(exhibitions).where(eq(exhibitions.name, "Backwards"))).toEqual(
      [],
    );
    expect(await allAuditRows(t)).toBe(rows);
  });

  it("checks one day sent alone against the other as stored", async () => {
    const created = expectContract(
      adminExhibitionDetailSchema,
      await (await create({ startsOn: "2026-11-12", endsOn: "2026-12-20" })).json(),
    );
    const path = `/api/admin/exhibitions/${created.id}`;
    const early = await send(t, admin, "PATCH", path, { endsOn: "2026-11-11" });
    expect(early.status).toBe(400);
    expect(await errorOf(early)).toBe(m.endBeforeStart);
    const late = await send(t, admin, "PATCH", path, { startsOn: "2026-12-21" });
    expect(late.status).toBe(400);
    expect(await errorOf(late)).toBe(m.endBeforeStart);
    expect(await stored(created.id)).toMatchObject({
      startsOn: "2026-11-12",
      endsOn: "2026-12-20",
    });

    // A one-day run, then no days at all (null and an empty date field both clear).
    const oneDay = await send(t, admin, "PATCH", path, { endsOn: "2026-11-12" });
    expect(oneDay.status).toBe(200);
    const cleared = await send(t, admin, "PATCH", path, { startsOn: null, endsOn: "" });
    expect(cleared.status).toBe(200);
    expect(await stored(created.id)).toMatchObject({ startsOn: null, endsOn: null });
    expect(await auditCount(t, "exhibition.update", created.id)).toBe(2);
  });

  it("refuses days that are not days, long hours and broken text with clear messages", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ startsOn: "2026-02-30" }, m.startsOnInvalid],
      [{ startsOn: "0000-01-01" }, m.startsOnInvalid],
      [{ endsOn: "12/20/2026" }, m.endsOnInvalid],
      [{ endsOn: 20261220 }, m.endsOnInvalid],
      [{ openingHours: "x".repeat(201) }, m.openingHoursTooLong],
      [{ openingHours: "Tue\ud800" }, inputMessages.illFormedText],
    ];
    const rows = await allAuditRows(t);
    for (const [body, message] of cases) {
      const response = await create(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
    expect(await allAuditRows(t)).toBe(rows);
  });

  it("may be changed by an admin only", async () => {
    const created = expectContract(adminExhibitionDetailSchema, await (await create({})).json());
    const path = `/api/admin/exhibitions/${created.id}`;
    for (const member of [undefined, collector]) {
      const response = await send(t, member, "PATCH", path, { startsOn: "2026-01-01" });
      expect([401, 403]).toContain(response.status);
    }
    expect((await stored(created.id))?.startsOn).toBeNull();
  });
});

describe("an exhibition's artists", () => {
  it("are the artists of the works it shows, once each, in hanging order", async () => {
    const ada = await createArtist(t.db, { firstName: "Ada", lastName: "Moss" });
    const ben = await createArtist(t.db, { firstName: "Ben", lastName: "Reyes" });
    const cam = await createArtist(t.db, { firstName: "Cam", lastName: "Hidden" });
    const works = [
      await createArtwork(t.db, { artistId: ben.id }),
      await createArtwork(t.db, { artistId: ada.id }),
      await createArtwork(t.db, { artistId: ben.id }),
      await createArtwork(t.db, { artistId: cam.id }),
    ];
    const created = expectContract(adminExhibitionDetailSchema, await (await create({})).json());
    const hang = await send(t, admin, "PUT", `/api/admin/exhibitions/${created.id}/artworks`, {
      artworkIds: works.map((w) => w.id),
    });
    expect(hang.status).toBe(200);
    // A work the team hides after it was hung is no longer shown, so neither is its artist.
    await t.db
      .update(artworks)
      .set({ hiddenAt: new Date(), hiddenReason: "test" })
      .where(eq(artworks.id, works[3]!.id));
    await send(t, admin, "POST", `/api/admin/exhibitions/${created.id}/activate`);

    const page = expectContract(
      exhibitionDetailSchema,
      await (await t.app.request(`/api/exhibitions/${created.id}`)).json(),
    );
    expect(page.artworks).toHaveLength(3);
    expect(page.artists).toEqual([
      { id: ben.id, name: "Ben Reyes" },
      { id: ada.id, name: "Ada Moss" },
    ]);
  });
});
