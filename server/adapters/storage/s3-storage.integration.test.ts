import { HeadObjectCommand } from "@aws-sdk/client-s3";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { readZip, storeWorkImage } from "../../features/data-rights/data-rights.test-helpers";
import { send, signUp } from "../../features/profiles/profiles.test-helpers";
import { createArtwork } from "../../test/factories";
import type { UploadedImage } from "../../../contracts/uploads.contract";
import { postImage } from "../../features/uploads/uploads.test-helpers";
import { solidJpeg } from "../../test/images";
import { createTestApp } from "../../test/test-app";
import { createStorage } from "./create-storage";
import { IMMUTABLE_CACHE_CONTROL, createS3Storage } from "./s3-storage";

/**
 * The S3 adapter against s3rver, an S3-compatible server started here on a free port:
 * the same AWS SDK requests (signed, path-style) as against MinIO, R2 or AWS itself.
 */
let server: S3rver;
let dir: string;
let endpoint: string;
const BUCKET = "vernissage-media";

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "vernissage-s3-"));
  server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

function storage() {
  return createS3Storage({
    bucket: BUCKET,
    endpoint,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    publicUrl: `${endpoint}/${BUCKET}`,
  });
}

describe("S3 storage", () => {
  it("puts a file that anyone can read back at its address, with its type and cache header", async () => {
    const s3 = storage();
    const body = Buffer.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 5, 6, 7, 8]);
    const key = "artworks/u1/0123456789abcdef-medium.webp";
    const stored = await s3.put(key, body, "image/webp");
    expect(stored).toEqual({ key, url: `${endpoint}/${BUCKET}/${key}` });
    expect(s3.url(key)).toBe(stored.url);

    // Public read: a plain unsigned GET, as a browser or CDN makes it.
    const response = await fetch(stored.url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(body)).toBe(true);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe(IMMUTABLE_CACHE_CONTROL);

    const head = await (
      await s3.client()
    ).send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(head.ContentType).toBe("image/webp");
    expect(head.CacheControl).toBe("public, max-age=31536000, immutable");
    expect(head.ContentLength).toBe(body.length);
  });

  it("deletes a file, and deleting it again is not an error", async () => {
    const s3 = storage();
    const key = "artworks/u1/fedcba9876543210-original.jpg";
    const { url } = await s3.put(key, Buffer.from("jpeg bytes"), "image/jpeg");
    expect((await fetch(url)).status).toBe(200);
    await s3.delete(key);
    expect((await fetch(url)).status).toBe(404);
    await expect(s3.delete(key)).resolves.toBeUndefined();
  });

  it("refuses unsafe keys before sending anything", async () => {
    const s3 = storage();
    await expect(s3.put("../etc/passwd", Buffer.from("x"), "text/plain")).rejects.toThrow(
      /unsafe storage key/,
    );
    await expect(s3.delete("a//b")).rejects.toThrow(/unsafe storage key/);
  });

  it("is chosen by configuration when S3_BUCKET is set, with a public base for addresses", async () => {
    const config = loadConfig({
      DATA_DIR: dir,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_PUBLIC_URL: "https://cdn.example.com/media/",
    });
    const s3 = createStorage(config);
    expect(s3.kind).toBe("s3");
    const { url } = await s3.put("profile_photos/u2/abc-400.webp", Buffer.from("x"), "image/webp");
    expect(url).toBe("https://cdn.example.com/media/profile_photos/u2/abc-400.webp");
    // The object is in the bucket, where the CDN would fetch it from.
    expect((await fetch(`${endpoint}/${BUCKET}/profile_photos/u2/abc-400.webp`)).status).toBe(200);
    expect(createStorage(loadConfig({ DATA_DIR: dir })).kind).toBe("local");
  });
});

describe("artwork uploads with S3 storage", () => {
  it("stores the three files in the bucket and answers their public addresses", async () => {
    const t = await createTestApp({
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    });
    try {
      const artist = await signUp(t, {}, { isArtist: true });
      const response = await postImage(t, artist, await solidJpeg(800, 600));
      expect(response.status).toBe(201);
      const body = (await response.json()) as UploadedImage;
      const prefix = `${endpoint}/${BUCKET}/artworks/${artist.id}/`;
      for (const [address, type] of [
        [body.original, "image/jpeg"],
        [body.medium, "image/webp"],
        [body.thumbnail, "image/webp"],
      ] as const) {
        expect(address.startsWith(prefix)).toBe(true);
        const file = await fetch(address);
        expect(file.status).toBe(200);
        expect(file.headers.get("content-type")).toBe(type);
        expect(file.headers.get("cache-control")).toBe(IMMUTABLE_CACHE_CONTROL);
      }
    } finally {
      await t.close();
    }
  });
});

describe("streamed files and data exports with S3 storage", () => {
  it("writes a stream of unknown length in parts and reads it back", async () => {
    const s3 = storage();
    // Over the 5 MiB part size: a multipart upload of two parts.
    const body = randomBytes(6 * 1024 * 1024 + 17);
    const key = "private/exports/u3/0123456789abcdef.zip";
    const stored = await s3.putStream(
      key,
      Readable.from([body.subarray(0, 1000), body.subarray(1000)]),
      "application/zip",
    );
    expect(stored.bytes).toBe(body.length);
    const chunks: Buffer[] = [];
    for await (const chunk of await s3.read(key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(body)).toBe(true);
    await expect(s3.read("private/exports/u3/missing.zip")).rejects.toThrow();
    expect(s3.keyOf(s3.url(key))).toBe(key);
    expect(s3.keyOf("https://elsewhere.example.com/a.jpg")).toBeNull();
  });

  it("builds a person's ZIP from the bucket's originals into the bucket", async () => {
    const t = await createTestApp({
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    });
    try {
      const artist = await signUp(t, {}, { isArtist: true });
      const work = await createArtwork(t.db, { artistId: artist.id, imageCount: 0 });
      const image = await storeWorkImage(t, work.id, 0);
      const requested = await send(t, artist, "POST", "/api/me/data-export");
      expect(requested.status).toBe(202);
      await t.services.dataRights.exports.run();
      const answer = (await (await send(t, artist, "GET", "/api/me/data-export")).json()) as {
        export: { status: string; downloadUrl: string };
      };
      expect(answer.export.status).toBe("ready");
      const file = await send(t, artist, "GET", answer.export.downloadUrl);
      expect(file.status).toBe(200);
      const zip = await readZip(Buffer.from(await file.arrayBuffer()));
      expect(zip.get(`images/${work.id}/1.jpg`)!.equals(image.bytes)).toBe(true);
      expect(JSON.parse(zip.get("profile.json")!.toString("utf8"))).toMatchObject({
        id: artist.id,
      });
    } finally {
      await t.close();
    }
  });
});
