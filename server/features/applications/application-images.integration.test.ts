import { eq } from "drizzle-orm";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationsPageSchema } from "../../../contracts/admin-applications.contract";
import { MAX_APPLICATION_IMAGES } from "../../../contracts/applications.values";
import { uploadedImageSchema } from "../../../contracts/uploads.contract";
import { applicationImages } from "../../db/schema";
import { expectContract } from "../../test/contract";
import { solidJpeg } from "../../test/images";
import { type TestApp, createTestApp } from "../../test/test-app";
import { type ErrorBody, type Member, headersFor, signUp } from "../profiles/profiles.test-helpers";
import { applicationImageMessages as im } from "./application-images.service";

let t: TestApp;
let admin: Member;
let applicant: Member;
let stranger: Member;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, {}, { role: "admin" });
  applicant = await signUp(t, {
    firstName: "Pia",
    lastName: "Painter",
    occupation: "artist",
    instagramHandle: "@pia.paints",
  });
  stranger = await signUp(t);
});

afterAll(() => t.close());

const address = "/api/me/artist-application/images";

async function post(member: Member | undefined, file: Buffer | string) {
  const form = new FormData();
  form.set(
    "image",
    new Blob([typeof file === "string" ? file : new Uint8Array(file)], { type: "image/jpeg" }),
    "work.jpg",
  );
  return t.app.request(address, { method: "POST", headers: headersFor(member), body: form });
}

function fileOf(url: string) {
  return path.join(t.config.mediaDir, url.slice("/media/".length));
}

async function rowsOf(member: Member) {
  return t.db.select().from(applicationImages).where(eq(applicationImages.userId, member.id));
}

describe("pictures of an applicant's work", () => {
  it("are stored through the image pipeline, at most six, and the seventh changes nothing", async () => {
    const added = [];
    for (let n = 0; n < MAX_APPLICATION_IMAGES; n++) {
      const response = await post(applicant, await solidJpeg(800, 600, n % 2 ? "#36c" : "#c63"));
      expect(response.status).toBe(201);
      added.push(expectContract(uploadedImageSchema, await response.json()));
    }
    for (const image of added) {
      expect(image.thumbnail).toMatch(/^\/media\/applications\/.+-thumbnail\.webp$/);
      expect(existsSync(fileOf(image.original))).toBe(true);
    }
    const refused = await post(applicant, await solidJpeg());
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).error.message).toBe(im.tooMany);
    expect(await rowsOf(applicant)).toHaveLength(MAX_APPLICATION_IMAGES);

    const own = await t.app.request(address, { headers: headersFor(applicant) });
    const { images } = (await own.json()) as { images: { id: string }[] };
    expect(images.map((i) => i.id)).toEqual(added.map((i) => i.id));
  });

  it("appear on the applicant's card in the console queue", async () => {
    const response = await t.app.request("/api/admin/applications", { headers: headersFor(admin) });
    const page = expectContract(applicationsPageSchema, await response.json());
    const card = page.applications.find((a) => a.userId === applicant.id);
    expect(card?.images).toHaveLength(MAX_APPLICATION_IMAGES);
    expect(card?.images.every((i) => i.original.startsWith("/media/applications/"))).toBe(true);
  });

  it("can be removed by their owner only; then there is room for another", async () => {
    const [first] = await rowsOf(applicant);
    if (!first) throw new Error("no picture");
    const byStranger = await t.app.request(`${address}/${first.id}`, {
      method: "DELETE",
      headers: headersFor(stranger),
    });
    expect(byStranger.status).toBe(404);
    expect(await rowsOf(applicant)).toHaveLength(MAX_APPLICATION_IMAGES);

    const byOwner = await t.app.request(`${address}/${first.id}`, {
      method: "DELETE",
      headers: headersFor(applicant),
    });
    expect(byOwner.status).toBe(200);
    expect(existsSync(fileOf(first.original))).toBe(false);
    expect(await rowsOf(applicant)).toHaveLength(MAX_APPLICATION_IMAGES - 1);
    expect((await post(applicant, await solidJpeg())).status).toBe(201);

    const again = await t.app.request(`${address}/${first.id}`, {
      method: "DELETE",
      headers: headersFor(applicant),
    });
    expect(again.status).toBe(404);
    const notAnId = await t.app.request(`${address}/not-an-id`, {
      method: "DELETE",
      headers: headersFor(applicant),
    });
    expect(notAnId.status).toBe(404);
  });

  it("refuses the signed out, a file that is not an image, and two at once past the limit", async () => {
    expect((await post(undefined, await solidJpeg())).status).toBe(401);
    const garbage = await post(stranger, "not an image at all");
    expect(garbage.status).toBe(400);
    expect(await rowsOf(stranger)).toHaveLength(0);

    // Five, then two at once: only one of them fits.
    for (let n = 0; n < MAX_APPLICATION_IMAGES - 1; n++) {
      expect((await post(stranger, await solidJpeg())).status).toBe(201);
    }
    const both = await Promise.all([
      post(stranger, await solidJpeg()),
      post(stranger, await solidJpeg()),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await rowsOf(stranger)).toHaveLength(MAX_APPLICATION_IMAGES);
  });
});
