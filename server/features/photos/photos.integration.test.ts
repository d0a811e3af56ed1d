import { eq } from "drizzle-orm";
import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profilePhotoRemovedSchema, profilePhotoSchema } from "../../../contracts/photos.contract";
import { expectContract } from "../../test/contract";
import { users } from "../../db/schema";
import { solidJpeg } from "../../test/images";
import { type TestApp, createTestApp } from "../../test/test-app";
import { imageMessages, MAX_IMAGE_BYTES } from "../../images/image-pipeline";
import {
  type ErrorBody,
  type Member,
  headersFor,
  readUser,
  signUp,
} from "../profiles/profiles.test-helpers";
import { smallPhotoAddress } from "../../../domain/photo-address";
import { photoMessages } from "./photos.service";

type PhotoBody = { profilePhoto: string; profilePhotoSmall: string };

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

/** `PUT /api/me/photo` the way a browser sends a file input: multipart, field `photo`. */
function putPhoto(
  member: Member | undefined,
  file: Blob | Buffer,
  name = "me.png",
  type = "image/png",
) {
  const form = new FormData();
  form.set("photo", file instanceof Blob ? file : new Blob([new Uint8Array(file)], { type }), name);
  return t.app.request("/api/me/photo", {
    method: "PUT",
    headers: headersFor(member),
    body: form,
  });
}

function deletePhoto(member: Member | undefined) {
  return t.app.request("/api/me/photo", { method: "DELETE", headers: headersFor(member) });
}

/** The file under the media folder that a `/media/...` address names. */
function fileOf(address: string): string {
  expect(address.startsWith("/media/")).toBe(true);
  return path.join(t.config.mediaDir, address.slice("/media/".length));
}

/** A 640 × 480 JPEG of one colour, as a camera might send it. */
function portrait(colour: string): Promise<Buffer> {
  return solidJpeg(640, 480, colour);
}

describe("PUT /api/me/photo", () => {
  it("stores a 400 px and a 96 px WebP and points the user at the large one", async () => {
    const ada = await signUp(t);
    const response = await putPhoto(ada, await portrait("#c33"), "holiday.jpg", "image/jpeg");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = expectContract(profilePhotoSchema, await response.json());
    expect(body.profilePhoto).toMatch(
      new RegExp(`^/media/profile_photos/${ada.id}/[0-9a-f]{32}-400\\.webp$`),
    );
    expect(body.profilePhotoSmall).toBe(body.profilePhoto.replace(/-400\.webp$/, "-96.webp"));
    expect(smallPhotoAddress(body.profilePhoto)).toBe(body.profilePhotoSmall);

    const large = await sharp(fileOf(body.profilePhoto)).metadata();
    const small = await sharp(fileOf(body.profilePhotoSmall)).metadata();
    expect([large.format, large.width, large.height]).toEqual(["webp", 400, 400]);
    expect([small.format, small.width, small.height]).toEqual(["webp", 96, 96]);

    const row = await readUser(t, ada.id);
    expect(row.profilePhoto).toBe(body.profilePhoto);

    // The public profile shows it, and the file is served.
    const profile = (await (await ada.client.get(`/api/users/${ada.id}`)).json()) as {
      profilePhoto: string;
    };
    expect(profile.profilePhoto).toBe(body.profilePhoto);
    const served = await ada.client.get(body.profilePhotoSmall);
    expect(served.status).toBe(200);
  });

  it("replaces the photo, removing the previous files after saving the new ones", async () => {
    const ada = await signUp(t);
    const first = (await (await putPhoto(ada, await portrait("#c33"))).json()) as PhotoBody;
    const before = await readUser(t, ada.id);
    await new Promise((resolve) => setTimeout(resolve, 5));

    const response = await putPhoto(ada, await portrait("#33c"));
    expect(response.status).toBe(200);
    const second = (await response.json()) as PhotoBody;
    expect(second.profilePhoto).not.toBe(first.profilePhoto);

    const after = await readUser(t, ada.id);
    expect(after.profilePhoto).toBe(second.profilePhoto);
    expect(after.lastModified.getTime()).toBeGreaterThan(before.lastModified.getTime());
    expect(existsSync(fileOf(second.profilePhoto))).toBe(true);
    expect(existsSync(fileOf(second.profilePhotoSmall))).toBe(true);
    expect(existsSync(fileOf(first.profilePhoto))).toBe(false);
    expect(existsSync(fileOf(first.profilePhotoSmall))).toBe(false);
  });

  it("refuses a file that is not an image, whatever its name, and keeps the old photo", async () => {
    const ada = await signUp(t);
    const old = (await (await putPhoto(ada, await portrait("#3c3"))).json()) as PhotoBody;
    const before = await readUser(t, ada.id);

    const attempts: [Buffer, string, string, string][] = [
      [Buffer.from("not a picture\n"), "photo.jpg", "image/jpeg", imageMessages.notAnImage],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'),
        "photo.svg",
        "image/svg+xml",
        imageMessages.svg,
      ],
      [
        Buffer.from("<html><script>alert(1)</script></html>"),
        "photo.png",
        "image/png",
        imageMessages.notAnImage,
      ],
      [(await portrait("#333")).subarray(0, 600), "cut.jpg", "image/jpeg", imageMessages.damaged],
    ];
    for (const [bytes, name, type, message] of attempts) {
      const response = await putPhoto(ada, bytes, name, type);
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).error).toEqual({
        code: "VALIDATION_FAILED",
        message,
      });
    }

    const after = await readUser(t, ada.id);
    expect(after.profilePhoto).toBe(old.profilePhoto);
    expect(after.lastModified).toEqual(before.lastModified);
    expect(existsSync(fileOf(old.profilePhoto))).toBe(true);
    expect(existsSync(fileOf(old.profilePhotoSmall))).toBe(true);
  });

  it("asks for the photo field when the form has none", async () => {
    const ada = await signUp(t);
    const form = new FormData();
    form.set("picture", new Blob([new Uint8Array(await portrait("#999"))]), "me.jpg");
    const response = await t.app.request("/api/me/photo", {
      method: "PUT",
      headers: headersFor(ada),
      body: form,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.message).toBe(photoMessages.missingFile);

    const json = await t.app.request("/api/me/photo", {
      method: "PUT",
      headers: headersFor(ada, { "content-type": "application/json" }),
      body: JSON.stringify({ photo: "https://example.com/me.jpg" }),
    });
    expect(json.status).toBe(400);
    expect((await readUser(t, ada.id)).profilePhoto).toBeNull();
  });

  it("answers 401 when signed out", async () => {
    const response = await putPhoto(undefined, await portrait("#c33"));
    expect(response.status).toBe(401);
    expect(((await response.json()) as ErrorBody).error).toEqual({
      code: "UNAUTHENTICATED",
      message: photoMessages.signInRequired,
    });
    expect((await deletePhoto(undefined)).status).toBe(401);
  });

  it("refuses a cross-site upload", async () => {
    const ada = await signUp(t);
    const form = new FormData();
    form.set("photo", new Blob([new Uint8Array(await portrait("#c33"))]), "me.jpg");
    const response = await t.app.request("/api/me/photo", {
      method: "PUT",
      headers: headersFor(ada, { origin: "https://evil.example" }),
      body: form,
    });
    expect(response.status).toBe(403);
    expect((await readUser(t, ada.id)).profilePhoto).toBeNull();
  });

  it("refuses a file over 30 MB with 413, by Content-Length or by what arrives", async () => {
    const ada = await signUp(t);
    const old = (await (await putPhoto(ada, await portrait("#3c3"))).json()) as PhotoBody;

    // Declared too large: refused from the header, before the body is read.
    const declared = await t.app.request("/api/me/photo", {
      method: "PUT",
      headers: headersFor(ada, {
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(MAX_IMAGE_BYTES * 2),
      }),
      body: "--x--",
    });
    expect(declared.status).toBe(413);
    expect(((await declared.json()) as ErrorBody).error).toEqual({
      code: "PAYLOAD_TOO_LARGE",
      message: imageMessages.tooManyBytes,
    });

    // Streamed without a length: reading stops at the limit.
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1024);
    const streamed = await putPhoto(ada, new Blob([big], { type: "image/jpeg" }), "big.jpg");
    expect(streamed.status).toBe(413);
    expect(((await streamed.json()) as ErrorBody).error.code).toBe("PAYLOAD_TOO_LARGE");

    expect((await readUser(t, ada.id)).profilePhoto).toBe(old.profilePhoto);
    expect(existsSync(fileOf(old.profilePhoto))).toBe(true);
  });

  it("refuses a decompression bomb with 413", async () => {
    const ada = await signUp(t);
    // A 10000 × 6000 (60 megapixel) single-colour PNG compresses to a small file.
    const bomb = await sharp({
      create: { width: 10_000, height: 6_000, channels: 3, background: "#000" },
    })
      .greyscale()
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(MAX_IMAGE_BYTES);
    const response = await putPhoto(ada, bomb);
    expect(response.status).toBe(413);
    expect(((await response.json()) as ErrorBody).error.message).toBe(imageMessages.tooManyPixels);
  });
});

describe("DELETE /api/me/photo", () => {
  it("clears the photo and deletes both files, and may be repeated", async () => {
    const ada = await signUp(t);
    const photo = (await (await putPhoto(ada, await portrait("#c33"))).json()) as PhotoBody;

    const response = await deletePhoto(ada);
    expect(response.status).toBe(200);
    expect(expectContract(profilePhotoRemovedSchema, await response.json())).toEqual({
      profilePhoto: null,
    });
    expect((await readUser(t, ada.id)).profilePhoto).toBeNull();
    expect(existsSync(fileOf(photo.profilePhoto))).toBe(false);
    expect(existsSync(fileOf(photo.profilePhotoSmall))).toBe(false);

    const again = await deletePhoto(ada);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ profilePhoto: null });
  });

  it("changes only the signed-in person's photo, and leaves files it did not make", async () => {
    const ada = await signUp(t);
    const bob = await signUp(t);
    const adas = (await (await putPhoto(ada, await portrait("#c33"))).json()) as PhotoBody;
    const bobs = (await (await putPhoto(bob, await portrait("#33c"))).json()) as PhotoBody;

    expect((await deletePhoto(bob)).status).toBe(200);
    expect((await readUser(t, ada.id)).profilePhoto).toBe(adas.profilePhoto);
    expect(existsSync(fileOf(adas.profilePhoto))).toBe(true);
    expect(existsSync(fileOf(bobs.profilePhoto))).toBe(false);

    // An address that is not Bob's own photo (here Ada's) is never deleted through Bob.
    await t.db.update(users).set({ profilePhoto: adas.profilePhoto }).where(eq(users.id, bob.id));
    expect((await deletePhoto(bob)).status).toBe(200);
    expect((await readUser(t, bob.id)).profilePhoto).toBeNull();
    expect(existsSync(fileOf(adas.profilePhoto))).toBe(true);
    expect(existsSync(fileOf(adas.profilePhotoSmall))).toBe(true);
  });
});
