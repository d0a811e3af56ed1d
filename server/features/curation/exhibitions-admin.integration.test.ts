import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminExhibitionDetailSchema,
  adminExhibitionListSchema,
  curationMessages as m,
  pickerResultSchema,
} from "../../../contracts/admin-curation.contract";
import { apiErrorSchema } from "../../../contracts/common.contract";
import {
  exhibitionDetailSchema,
  exhibitionListSchema,
} from "../../../contracts/exhibitions.contract";
import { inputMessages } from "../../../domain/text-input";
import { exhibitionArtworks, exhibitions, imageUploads } from "../../db/schema";
import { expectContract } from "../../test/contract";
import { createArtist, createArtwork } from "../../test/factories";
import { type TestApp, createTestApp } from "../../test/test-app";
import { type Member, send, signUp } from "../profiles/profiles.test-helpers";
import {
  UNKNOWN_ID,
  ageUploads,
  allAuditRows,
  auditCount,
  uploadBannerImage,
} from "./curation.test-helpers";

let t: TestApp;
let admin: Member;
let otherAdmin: Member;
const works: { id: string; title: string }[] = [];
let draftId: string;
let hiddenId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, {}, { role: "admin" });
  otherAdmin = await signUp(t, {}, { role: "admin" });
  const artist = await createArtist(t.db, { firstName: "Pickable", lastName: "Painter" });
  for (let i = 0; i < 3; i++) {
    works.push(await createArtwork(t.db, { artistId: artist.id, title: `Quiet harbour ${i}` }));
  }
  draftId = (await createArtwork(t.db, { artistId: artist.id, status: "draft", title: "Draft" }))
    .id;
  hiddenId = (
    await createArtwork(t.db, {
      artistId: artist.id,
      title: "Hidden one",
      hiddenAt: new Date(),
      hiddenReason: "test",
    })
  ).id;
});

afterAll(async () => {
  await t.close();
});

async function errorOf(response: Response) {
  return expectContract(apiErrorSchema, await response.json()).error.message;
}

async function publicList() {
  const response = await t.app.request("/api/exhibitions");
  return expectContract(exhibitionListSchema, await response.json());
}

async function createOne(name = "Spring show") {
  const response = await send(t, admin, "POST", "/api/admin/exhibitions", {
    name,
    description: "Works about water.",
    address: "1 Harbour Road, Portland, ME",
  });
  expect(response.status).toBe(201);
  return expectContract(adminExhibitionDetailSchema, await response.json());
}

describe("exhibitions in the console", () => {
  it("creates one inactive, with its banner claimed from the admin's upload", async () => {
    const image = await uploadBannerImage(t, admin);
    const response = await send(t, admin, "POST", "/api/admin/exhibitions", {
      name: "  Harbour lights  ",
      description: "Night paintings.",
      address: "2 Pier Street",
      bannerUploadId: image.id,
    });
    expect(response.status).toBe(201);
    const body = expectContract(adminExhibitionDetailSchema, await response.json());
    expect(body).toMatchObject({
      name: "Harbour lights",
      isActive: false,
      bannerUrl: image.original,
      artworkCount: 0,
      artworks: [],
    });
    expect(await auditCount(t, "exhibition.create", body.id)).toBe(1);
    expect((await publicList()).map((e) => e.id)).not.toContain(body.id);

    // The sweeper leaves a claimed upload alone, even when it is old.
    await ageUploads(t);
    await t.services.uploads.sweeper.run();
    const rows = await t.db.select().from(imageUploads).where(eq(imageUploads.id, image.id));
    expect(rows).toHaveLength(1);
  });

  it("activates and deactivates it, and the public list follows", async () => {
    const created = await createOne();
    const activate = await send(t, admin, "POST", `/api/admin/exhibitions/${created.id}/activate`);
    expect(activate.status).toBe(200);
    expect(expectContract(adminExhibitionDetailSchema, await activate.json()).isActive).toBe(true);
    expect((await publicList()).map((e) => e.id)).toContain(created.id);

    const again = await send(t, admin, "POST", `/api/admin/exhibitions/${created.id}/activate`);
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toBe(m.alreadyActive);

    const off = await send(t, admin, "POST", `/api/admin/exhibitions/${created.id}/deactivate`);
    expect(off.status).toBe(200);
    expect((await publicList()).map((e) => e.id)).not.toContain(created.id);
    const detail = await t.app.request(`/api/exhibitions/${created.id}`);
    expect(detail.status).toBe(404);
    expect(await auditCount(t, "exhibition.activate", created.id)).toBe(1);
    expect(await auditCount(t, "exhibition.deactivate", created.id)).toBe(1);
  });

  it("two admins activating at once: one outcome, one audit row", async () => {
    const created = await createOne("Race");
    const answers = await Promise.all(
      [admin, otherAdmin].map((who) =>
        send(t, who, "POST", `/api/admin/exhibitions/${created.id}/activate`),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await auditCount(t, "exhibition.activate", created.id)).toBe(1);
  });

  it("edits fields partially, and refuses bad input without changing anything", async () => {
    const created = await createOne("Before");
    const ok = await send(t, admin, "PATCH", `/api/admin/exhibitions/${created.id}`, {
      name: "After",
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ name: "After", description: "Works about water." });
    expect(await auditCount(t, "exhibition.update", created.id)).toBe(1);

    const audits = await allAuditRows(t);
    const bad: [unknown, number, string][] = [
      [{ name: "" }, 400, m.nameRequired],
      [{ name: "   " }, 400, m.nameRequired],
      [{ name: "x".repeat(201) }, 400, m.nameTooLong],
      [{ description: "x".repeat(5_001) }, 400, m.descriptionTooLong],
      [{ address: "x".repeat(501) }, 400, m.addressTooLong],
      [{ name: "a\u0000b" }, 400, inputMessages.nulCharacter],
      [{ name: 42 }, 400, m.nameRequired],
      [{}, 400, m.nothingToChange],
      [{ bannerUploadId: "nope" }, 400, m.uploadIdInvalid],
      [{ bannerUploadId: UNKNOWN_ID }, 400, m.uploadUnavailable],
    ];
    for (const [body, status, message] of bad) {
      const response = await send(t, admin, "PATCH", `/api/admin/exhibitions/${created.id}`, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(await errorOf(response)).toBe(message);
    }
    expect(await allAuditRows(t)).toBe(audits);
    const [row] = await t.db.select().from(exhibitions).where(eq(exhibitions.id, created.id));
    expect(row?.name).toBe("After");

    // Another admin's upload is not this admin's to claim.
    const theirs = await uploadBannerImage(t, otherAdmin);
    const refused = await send(t, admin, "PATCH", `/api/admin/exhibitions/${created.id}`, {
      bannerUploadId: theirs.id,
    });
    expect(refused.status).toBe(400);

    for (const id of [UNKNOWN_ID, "not-a-uuid"]) {
      const missing = await send(t, admin, "PATCH", `/api/admin/exhibitions/${id}`, { name: "X" });
      expect(missing.status).toBe(404);
      expect(await errorOf(missing)).toBe(m.exhibitionNotFound);
      expect((await send(t, admin, "GET", `/api/admin/exhibitions/${id}`)).status).toBe(404);
      expect((await send(t, admin, "POST", `/api/admin/exhibitions/${id}/activate`)).status).toBe(
        404,
      );
    }
  });

  it("sets the works in order, replaces the set, and the public page shows that order", async () => {
    const created = await createOne("Ordered");
    await send(t, admin, "POST", `/api/admin/exhibitions/${created.id}/activate`);
    const order = [works[2]!.id, works[0]!.id, works[1]!.id];
    const response = await send(t, admin, "PUT", `/api/admin/exhibitions/${created.id}/artworks`, {
      artworkIds: order,
    });
    expect(response.status).toBe(200);
    const body = expectContract(adminExhibitionDetailSchema, await response.json());
    expect(body.artworks.map((a) => a.id)).toEqual(order);
    expect(body.artworkCount).toBe(3);
    const detail = expectContract(
      exhibitionDetailSchema,
      await (await t.app.request(`/api/exhibitions/${created.id}`)).json(),
    );
    expect(detail.artworks.map((a) => a.id)).toEqual(order);

    const smaller = await send(t, admin, "PUT", `/api/admin/exhibitions/${created.id}/artworks`, {
      artworkIds: [works[1]!.id],
    });
    expect(
      expectContract(adminExhibitionDetailSchema, await smaller.json()).artworks.map((a) => a.id),
    ).toEqual([works[1]!.id]);
    expect(await auditCount(t, "exhibition.set_artworks", created.id)).toBe(2);

    const list = expectContract(
      adminExhibitionListSchema,
      await (await send(t, admin, "GET", "/api/admin/exhibitions")).json(),
    );
    expect(list.find((e) => e.id === created.id)?.artworkCount).toBe(1);
    // Active first.
    const firstInactive = list.findIndex((e) => !e.isActive);
    expect(list.slice(firstInactive).every((e) => !e.isActive)).toBe(true);
  });

  it("refuses unknown, draft, hidden, repeated and too many works, changing nothing", async () => {
    const created = await createOne("Refusals");
    await send(t, admin, "PUT", `/api/admin/exhibitions/${created.id}/artworks`, {
      artworkIds: [works[0]!.id],
    });
    const audits = await allAuditRows(t);
    const cases: [unknown, string][] = [
      [{ artworkIds: [works[1]!.id, UNKNOWN_ID] }, `${m.artworkUnknown}: ${UNKNOWN_ID}.`],
      [{ artworkIds: [draftId] }, `${m.artworkDraft}: ${draftId}.`],
      [{ artworkIds: [hiddenId] }, `${m.artworkHidden}: ${hiddenId}.`],
      [{ artworkIds: [works[1]!.id, works[1]!.id] }, m.artworkTwice],
      [{ artworkIds: Array.from({ length: 201 }, () => UNKNOWN_ID) }, m.tooManyArtworks],
      [{ artworkIds: "all" }, m.artworkIdsRequired],
      [{}, m.artworkIdsRequired],
    ];
    for (const [body, message] of cases) {
      const response = await send(
        t,
        admin,
        "PUT",
        `/api/admin/exhibitions/${created.id}/artworks`,
        body,
      );
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
    const rows = await t.db
      .select()
      .from(exhibitionArtworks)
      .where(eq(exhibitionArtworks.exhibitionId, created.id));
    expect(rows.map((r) => r.artworkId)).toEqual([works[0]!.id]);
    expect(await allAuditRows(t)).toBe(audits);
  });

  it("the picker finds non-draft, visible works by title or artist", async () => {
    const byTitle = expectContract(
      pickerResultSchema,
      await (await send(t, admin, "GET", "/api/admin/exhibition-picker?q=harbour")).json(),
    );
    expect(byTitle.map((a) => a.id).sort()).toEqual(works.map((w) => w.id).sort());
    const byArtist = expectContract(
      pickerResultSchema,
      await (await send(t, admin, "GET", "/api/admin/exhibition-picker?q=pickable")).json(),
    );
    expect(byArtist.map((a) => a.id)).not.toContain(draftId);
    expect(byArtist.map((a) => a.id)).not.toContain(hiddenId);
    expect(byArtist).toHaveLength(3);
    const wildcard: unknown = await (
      await send(t, admin, "GET", "/api/admin/exhibition-picker?q=%25")
    ).json();
    expect(wildcard).toEqual([]);
    const tooLong = await send(
      t,
      admin,
      "GET",
      `/api/admin/exhibition-picker?q=${"x".repeat(201)}`,
    );
    expect(tooLong.status).toBe(400);
  });
});
