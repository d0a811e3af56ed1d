import { eq } from "drizzle-orm";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { imageUploads } from "../../db/schema";
import { type ErrorBody, type Member, signUp } from "../../features/profiles/profiles.test-helpers";
import { postImage } from "../../features/uploads/uploads.test-helpers";
import { allowConsoleError } from "../../test/fail-on-console-error";
import { type TestApp, createTestApp } from "../../test/test-app";
import { STORAGE_FULL_MESSAGE, createLocalStorage } from "./storage";

// A really full disk: a 64 KiB tmpfs. Mounting needs root (CI runs as root on this kind
// of machine); where it is not permitted these tests are skipped, and say so.
const TMPFS_SIZE = "64k";

function mountTinyDisk(dir: string): boolean {
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${TMPFS_SIZE}`, "tmpfs", dir], {
      stdio: "ignore",
    });
    return true;
  } catch {
    return false;
  }
}

function unmount(dir: string) {
  execFileSync("umount", [dir], { stdio: "ignore" });
}

const probe = mkdtempSync(path.join(tmpdir(), "vernissage-tmpfs-probe-"));
const canMount = mountTinyDisk(probe);
if (canMount) unmount(probe);
rmSync(probe, { recursive: true, force: true });
if (!canMount) console.warn("storage-full tests skipped: mounting a tmpfs is not permitted here");

/** Random pixels compress badly: a JPEG several times larger than the tiny disk. */
function noiseImage(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + (i >> 5) * 104_729) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe.skipIf(!canMount)("local storage on a full disk", () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), "vernissage-full-"));
    mountTinyDisk(root);
  });
  afterAll(() => {
    unmount(root);
    rmSync(root, { recursive: true, force: true });
  });

  it("refuses a file that does not fit with 507, leaving no part of it behind", async () => {
    const storage = createLocalStorage({ dir: root, publicPath: "/media" });
    await storage.put("kept/small.txt", Buffer.from("already here"), "text/plain");
    const tooBig = Buffer.alloc(200 * 1024, 1);
    await expect(storage.put("kept/small.txt", tooBig, "text/plain")).rejects.toMatchObject({
      name: "AppError",
      code: "STORAGE_FULL",
      status: 507,
      message: STORAGE_FULL_MESSAGE,
    });
    await expect(storage.put("big/file.bin", tooBig, "text/plain")).rejects.toMatchObject({
      code: "STORAGE_FULL",
    });
    // Neither a half-written file nor a temporary one; the file it would replace is intact.
    expect(filesUnder(root)).toEqual(["kept/small.txt"]);
    expect(readFileSync(path.join(root, "kept/small.txt"), "utf8")).toBe("already here");
  });
});

describe.skipIf(!canMount)("an artwork upload when the media disk is full", () => {
  let t: TestApp;
  let artist: Member;
  beforeAll(async () => {
    t = await createTestApp();
    artist = await signUp(t, {}, { isArtist: true });
    mountTinyDisk(t.config.mediaDir);
  });
  afterAll(async () => {
    unmount(t.config.mediaDir);
    await t.close();
  });

  it("answers 507 STORAGE_FULL, serves nothing, records nothing, and tells the operator", async () => {
    allowConsoleError();
    const image = await noiseImage(800, 600);
    const response = await postImage(t, artist, image, "big.jpg");
    expect(response.status).toBe(507);
    expect(((await response.json()) as ErrorBody).error).toEqual({
      code: "STORAGE_FULL",
      message: STORAGE_FULL_MESSAGE,
    });
    expect(filesUnder(t.config.mediaDir)).toEqual([]);
    const rows = await t.db
      .select()
      .from(imageUploads)
      .where(eq(imageUploads.uploaderId, artist.id));
    expect(rows).toEqual([]);
    expect(String(vi.mocked(console.error).mock.calls[0]?.[0])).toMatch(/media storage is full/);
  });
});
