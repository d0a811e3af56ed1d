import sharp from "sharp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminBannerListSchema,
  adminBannerSchema,
  curationMessages as m,
} from "../../../contracts/admin-curation.contract";
import { activeBannerSchema } from "../../../contracts/catalog.contract";
import { apiErrorSchema } from "../../../contracts/common.contract";
import { inputMessages } from "../../../domain/text-input";
import { banners, imageUploads } from "../../db/schema";
import { imageMessages } from "../../images/image-pipeline";
import { expectContract } from "../../test/contract";
import { type TestApp, createTestApp } from "../../test/test-app";
import { type Member, headersFor, send, signUp } from "../profiles/profiles.test-helpers";
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

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, {}, { role: "admin" });
  otherAdmin = await signUp(t, {}, { role: "admin" });
});

afterAll(async () => {
  await t.close();
});

async function errorOf(response: Response) {
  return expectContract(apiErrorSchema, await response.json()).error.message;
}

async function createBanner(altText = "Spring sale: 20% off prints") {
  const image = await uploadBannerImage(t, admin);
  const response = await send(t, admin, "POST", "/api/admin/banners", {
    uploadId: image.id,
    altText,
  });
  expect(response.status).toBe(201);
  return { image, banner: expectContract(adminBannerSchema, await response.json()) };
}

async function homeBanner() {
  return expectContract(
    activeBannerSchema,
    await (await t.app.request("/api/banners/active")).json(),
  );
}

async function activeCount() {
  const rows = await t.db.select().from(banners).where(eq(banners.isActive, true));
  return rows.length;
}

describe("banners in the console", () => {
  it("uploads a real image through the pipeline and creates an inactive banner", async () => {
    const { image, banner } = await createBanner();
    expect(image.original).toMatch(/^\/media\/artworks\/.+-original\.jpg$/);
    expect(banner).toMatchObject({ imageUrl: image.original, isActive: false });
    expect(banner.altText).toBe("Spring sale: 20% off prints");
    expect(await auditCount(t, "banner.create", banner.id)).toBe(1);
    // Served from /media.
    expect((await t.app.request(image.original)).status).toBe(200);
    // The claimed upload survives the sweeper.
    const unclaimed = await uploadBannerImage(t, admin);
    await ageUploads(t);
    await t.services.uploads.sweeper.run();
    expect(
      await t.db.select().from(imageUploads).where(eq(imageUploads.id, unclaimed.id)),
    ).toHaveLength(0);
    expect(
      await t.db.select().from(imageUploads).where(eq(imageUploads.id, image.id)),
    ).toHaveLength(1);
  });

  it("takes a photograph-sized banner (far over the 100 KB JSON limit) through the pipeline", async () => {
    // Noise does not compress: a real photograph's size, not a few KB of one colour.
    const bytes = await sharp({
      create: {
        width: 1600,
        height: 500,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(bytes.length).toBeGreaterThan(500 * 1024);
    const form = new FormData();
    form.set("image", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "photo.jpg");
    const response = await t.app.request("/api/admin/images", {
      method: "POST",
      headers: headersFor(admin),
      body: form,
    });
    expect(response.status).toBe(201);
  });

  it("refuses a file that is not an image, and a bad body, changing nothing", async () => {
    const form = new FormData();
    form.set("image", new Blob([new Uint8Array(Buffer.from("not an image"))]), "x.jpg");
    const response = await t.app.request("/api/admin/images", {
      method: "POST",
      headers: headersFor(admin),
      body: form,
    });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(imageMessages.notAnImage);

    const image = await uploadBannerImage(t, admin);
    const audits = await allAuditRows(t);
    const cases: [unknown, string][] = [
      [{ uploadId: image.id }, m.altTextRequired],
      [{ uploadId: image.id, altText: "  " }, m.altTextRequired],
      [{ uploadId: image.id, altText: "x".repeat(501) }, m.altTextTooLong],
      [{ uploadId: image.id, altText: "a\u0000" }, inputMessages.nulCharacter],
      [{ uploadId: "x", altText: "Sale" }, m.uploadIdInvalid],
      [{ uploadId: UNKNOWN_ID, altText: "Sale" }, m.uploadUnavailable],
    ];
    for (const [body, message] of cases) {
      const answer = await send(t, admin, "POST", "/api/admin/banners", body);
      expect(answer.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(await errorOf(answer)).toBe(message);
    }
    // Another admin's upload is not this admin's.
    const theirs = await send(t, otherAdmin, "POST", "/api/admin/banners", {
      uploadId: image.id,
      altText: "Sale",
    });
    expect(theirs.status).toBe(400);
    expect(await allAuditRows(t)).toBe(audits);
  });

  it("activates one at a time, and the home page's banner follows", async () => {
    const first = (await createBanner("First")).banner;
    const second = (await createBanner("Second")).banner;
    const on = await send(t, admin, "POST", `/api/admin/banners/${first.id}/activate`);
    expect(on.status).toBe(200);
    expect((await homeBanner())?.id).toBe(first.id);

    await send(t, admin, "POST", `/api/admin/banners/${second.id}/activate`);
    expect((await homeBanner())?.id).toBe(second.id);
    expect(await activeCount()).toBe(1);
    expect(await auditCount(t, "banner.activate", second.id)).toBe(1);

    const again = await send(t, admin, "POST", `/api/admin/banners/${second.id}/activate`);
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toBe(m.bannerAlreadyActive);

    // The active one cannot be deleted.
    const del = await send(t, admin, "DELETE", `/api/admin/banners/${second.id}`);
    expect(del.status).toBe(409);
    expect(await errorOf(del)).toBe(m.bannerActiveDelete);

    const off = await send(t, admin, "POST", `/api/admin/banners/${second.id}/deactivate`);
    expect(off.status).toBe(200);
    expect(await homeBanner()).toBeNull();
    expect(await auditCount(t, "banner.deactivate", second.id)).toBe(1);
    const offAgain = await send(t, admin, "POST", `/api/admin/banners/${second.id}/deactivate`);
    expect(offAgain.status).toBe(409);

    const gone = await send(t, admin, "DELETE", `/api/admin/banners/${second.id}`);
    expect(gone.status).toBe(204);
    expect(await auditCount(t, "banner.delete", second.id)).toBe(1);
    const list = expectContract(
      adminBannerListSchema,
      await (await send(t, admin, "GET", "/api/admin/banners")).json(),
    );
    expect(list.map((b) => b.id)).not.toContain(second.id);
  });

  it("two admins activating two banners at once end with exactly one active, no 500", async () => {
    for (let round = 0; round < 3; round++) {
      const a = (await createBanner(`A${round}`)).banner;
      const b = (await createBanner(`B${round}`)).banner;
      const answers = await Promise.all([
        send(t, admin, "POST", `/api/admin/banners/${a.id}/activate`),
        send(t, otherAdmin, "POST", `/api/admin/banners/${b.id}/activate`),
      ]);
      for (const answer of answers) expect([200, 409]).toContain(answer.status);
      expect(await activeCount()).toBe(1);
      const active = await homeBanner();
      expect([a.id, b.id]).toContain(active?.id);
      const ok = answers.filter((r) => r.status === 200).length;
      expect(
        (await auditCount(t, "banner.activate", a.id)) +
          (await auditCount(t, "banner.activate", b.id)),
      ).toBe(ok);
    }
  });

  it("two admins activating the same banner: one outcome, one audit row", async () => {
    const { banner } = await createBanner("Same");
    const answers = await Promise.all(
      [admin, otherAdmin].map((who) =>
        send(t, who, "POST", `/api/admin/banners/${banner.id}/activate`),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await auditCount(t, "banner.activate", banner.id)).toBe(1);
  });

  it("answers 404 for unknown banners", async () => {
    for (const id of [UNKNOWN_ID, "nope"]) {
      for (const [method, path] of [
        ["POST", `/api/admin/banners/${id}/activate`],
        ["POST", `/api/admin/banners/${id}/deactivate`],
        ["DELETE", `/api/admin/banners/${id}`],
      ] as const) {
        const response = await send(t, admin, method, path);
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(await errorOf(response)).toBe(m.bannerNotFound);
      }
    }
  });
});
