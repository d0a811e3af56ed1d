import { eq } from "drizzle-orm";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageUploads } from "../../db/schema";
import { pngClaiming, solidJpeg } from "../../test/images";
import { type TestApp, createTestApp } from "../../test/test-app";
import { MAX_IMAGE_BYTES, imageMessages } from "../../images/image-pipeline";
import { type ErrorBody, type Member, headersFor, signUp } from "../profiles/profiles.test-helpers";
import { type UploadedImage, uploadedImageSchema } from "../../../contracts/uploads.contract";
import { expectContract } from "../../test/contract";
import { uploadMessages } from "./uploads.service";
import { holdsMetadata, phoneJpegWithGps, postImage } from "./uploads.test-helpers";

let t: TestApp;
let artist: Member;

beforeAll(async () => {
  t = await createTestApp();
  artist = await signUp(t, {}, { isArtist: true });
});

afterAll(async () => {
  await t.close();
});

/** The file under the media folder that a `/media/...` address names. */
function fileOf(address: string): string {
  expect(address.startsWith("/media/")).toBe(true);
  return path.join(t.config.mediaDir, address.slice("/media/".length));
}

async function uploadRows(uploaderId: string) {
  return t.db.select().from(imageUploads).where(eq(imageUploads.uploaderId, uploaderId));
}

describe("POST /api/uploads/images", () => {
  it("stores a JPEG original and 1200 px and 500 px WebP files under generated names", async () => {
    const response = await postImage(t, artist, await solidJpeg(3000, 2000), "my work.jpg");
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = expectContract(uploadedImageSchema, await response.json());
    const base = `^/media/artworks/${artist.id}/[0-9a-f]{32}`;
    expect(body.original).toMatch(new RegExp(`${base}-original\\.jpg$`));
    expect(body.medium).toBe(body.original.replace("-original.jpg", "-medium.webp"));
    expect(body.thumbnail).toBe(body.original.replace("-original.jpg", "-thumbnail.webp"));
    expect([body.width, body.height]).toEqual([3000, 2000]);

    const original = await sharp(fileOf(body.original)).metadata();
    const medium = await sharp(fileOf(body.medium)).metadata();
    const thumbnail = await sharp(fileOf(body.thumbnail)).metadata();
    expect([original.format, original.width, original.height]).toEqual(["jpeg", 3000, 2000]);
    expect([medium.format, medium.width, medium.height]).toEqual(["webp", 1200, 800]);
    expect([thumbnail.format, thumbnail.width, thumbnail.height]).toEqual(["webp", 500, 333]);

    const [row] = (await uploadRows(artist.id)).filter((r) => r.id === body.id);
    expect(row).toMatchObject({ artworkId: null, width: 3000, height: 2000 });

    // Served from /media with a long-lived immutable cache header and its type.
    const served = await t.app.request(body.medium);
    expect(served.status).toBe(200);
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(Buffer.from(await served.arrayBuffer()).equals(readFileSync(fileOf(body.medium)))).toBe(
      true,
    );
    expect((await t.app.request("/media/artworks/nothing-here.jpg")).status).toBe(404);
  });

  it("caps the original at 4000 px and never enlarges a small image", async () => {
    const big = (await (
      await postImage(t, artist, await solidJpeg(6000, 1500))
    ).json()) as UploadedImage;
    expect([big.width, big.height]).toEqual([4000, 1000]);
    const small = (await (
      await postImage(t, artist, await solidJpeg(300, 200))
    ).json()) as UploadedImage;
    expect([small.width, small.height]).toEqual([300, 200]);
    const medium = await sharp(fileOf(small.medium)).metadata();
    expect([medium.width, medium.height]).toEqual([300, 200]);
  });

  it("turns a phone photo upright and keeps no EXIF, camera or GPS data in any file", async () => {
    const upload = await phoneJpegWithGps(600, 300);
    expect(holdsMetadata(upload)).toBe(true);
    expect((await sharp(upload).metadata()).orientation).toBe(6);

    const response = await postImage(t, artist, upload, "IMG_0001.jpg");
    expect(response.status).toBe(201);
    const body = (await response.json()) as UploadedImage;
    expect([body.width, body.height]).toEqual([300, 600]);
    for (const address of [body.original, body.medium, body.thumbnail]) {
      const file = readFileSync(fileOf(address));
      expect(holdsMetadata(file), address).toBe(false);
      const meta = await sharp(file).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.height).toBeGreaterThan(meta.width ?? 0);
    }
    // Red was on the left of the sideways file: upright, it is on top.
    const { data, info } = await sharp(fileOf(body.original))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data[(y * info.width + x) * info.channels] ?? 0;
    expect(at(150, 20)).toBeGreaterThan(200);
    expect(at(150, 580)).toBeLessThan(60);
  });

  it("refuses what is not a decodable raster image, whatever its name, and stores nothing", async () => {
    const before = (await uploadRows(artist.id)).length;
    const attempts: [Buffer, string, string, string][] = [
      [Buffer.from("not a picture\n"), "work.jpg", "image/jpeg", imageMessages.notAnImage],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'),
        "work.svg",
        "image/svg+xml",
        imageMessages.svg,
      ],
      [
        Buffer.from("<!doctype html><html><script>alert(1)</script></html>"),
        "work.png",
        "image/png",
        imageMessages.notAnImage,
      ],
      [
        (await solidJpeg(800, 600)).subarray(0, 600),
        "cut.jpg",
        "image/jpeg",
        imageMessages.damaged,
      ],
    ];
    for (const [bytes, name, type, message] of attempts) {
      const response = await postImage(t, artist, bytes, name, type);
      expect(response.status, name).toBe(400);
      expect(((await response.json()) as ErrorBody).error).toEqual({
        code: "VALIDATION_FAILED",
        message,
      });
    }
    expect((await uploadRows(artist.id)).length).toBe(before);
  });

  it("refuses a file over 30 MB with 413, by Content-Length or by what arrives", async () => {
    const declared = await t.app.request("/api/uploads/images", {
      method: "POST",
      headers: headersFor(artist, {
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
    const streamed = await postImage(t, artist, new Blob([new Uint8Array(MAX_IMAGE_BYTES + 1024)]));
    expect(streamed.status).toBe(413);
  });

  it("refuses a pixel bomb (a tiny PNG declaring 20000 × 20000) with 413, from its header", async () => {
    const bomb = pngClaiming(20_000, 20_000);
    expect(bomb.length).toBeLessThan(100);
    const response = await postImage(t, artist, bomb, "bomb.png", "image/png");
    expect(response.status).toBe(413);
    expect(((await response.json()) as ErrorBody).error).toEqual({
      code: "PAYLOAD_TOO_LARGE",
      message: imageMessages.tooManyPixels,
    });
  });

  it("asks for the image field when the form has none", async () => {
    const response = await postImage(t, artist, await solidJpeg(), "a.jpg", "image/jpeg", "file");
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.message).toBe(uploadMessages.missingFile);
  });

  it("answers 401 signed out and 403 to a collector and an artist applicant", async () => {
    const jpeg = await solidJpeg();
    const signedOut = await postImage(t, undefined, jpeg);
    expect(signedOut.status).toBe(401);
    expect(((await signedOut.json()) as ErrorBody).error).toEqual({
      code: "UNAUTHENTICATED",
      message: uploadMessages.signInRequired,
    });
    const collector = await signUp(t);
    const applicant = await signUp(t, {
      occupation: "artist",
      instagramHandle: "applicant_paints",
    });
    for (const member of [collector, applicant]) {
      const response = await postImage(t, member, jpeg);
      expect(response.status).toBe(403);
      expect(((await response.json()) as ErrorBody).error).toEqual({
        code: "FORBIDDEN",
        message: uploadMessages.artistsOnly,
      });
      expect(await uploadRows(member.id)).toEqual([]);
    }
    expect(existsSync(path.join(t.config.mediaDir, "artworks", collector.id))).toBe(false);
  });
});
