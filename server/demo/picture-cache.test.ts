import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLocalStorage } from "../adapters/storage/storage";
import type { Composition } from "./art";
import { renderArtworkImage, renderBannerImage } from "./images";
import { type PictureCache, createPictureCache } from "./picture-cache";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "vernissage-picture-cache-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const composition: Composition = { style: "bands", seed: 7, hue: 200, width: 600, height: 400 };

/** A cache in `dir/cache` that counts what it was asked to keep. */
function countingCache() {
  const inner = createPictureCache(path.join(dir, "cache"));
  const kept: string[] = [];
  const cache: PictureCache = {
    keyOf: inner.keyOf,
    get: inner.get,
    put: async (key, picture) => {
      kept.push(key);
      await inner.put(key, picture);
    },
  };
  return { cache, kept };
}

async function storedFiles(storageDir: string) {
  const names = (await readdir(storageDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(storageDir, path.join(entry.parentPath, entry.name)))
    .sort();
  return Promise.all(names.map(async (n) => [n, await readFile(path.join(storageDir, n))]));
}

describe("the demo picture cache", () => {
  it("gives back what it kept, and nothing for another drawing or other settings", async () => {
    const cache = createPictureCache(path.join(dir, "cache"));
    const key = await cache.keyOf("<svg/>", { quality: 80 });
    expect(await cache.keyOf("<svg />", { quality: 80 })).not.toBe(key);
    expect(await cache.keyOf("<svg/>", { quality: 81 })).not.toBe(key);
    expect(await cache.get(key)).toBeNull();

    const files = [Buffer.from("first"), Buffer.from("second part")];
    await cache.put(key, { files, width: 30, height: 20 });
    expect(await cache.get(key)).toEqual({ files, width: 30, height: 20 });
  });

  it("reads an entry cut short, grown, changed, or not an entry at all as missing", async () => {
    const cache = createPictureCache(path.join(dir, "cache"));
    const key = await cache.keyOf("<svg/>", {});
    await cache.put(key, { files: [Buffer.from("abcdef")], width: 1, height: 1 });
    const file = path.join(dir, "cache", `${key}.bin`);
    const whole = await readFile(file);

    await writeFile(file, whole.subarray(0, whole.length - 1));
    expect(await cache.get(key)).toBeNull();
    await writeFile(file, Buffer.concat([whole, Buffer.from("x")]));
    expect(await cache.get(key)).toBeNull();
    await writeFile(file, Buffer.from("\0\0\0 not json\nabcdef"));
    expect(await cache.get(key)).toBeNull();
    await writeFile(file, Buffer.from('{"format":2,"width":1,"height":1,"lengths":[-6]}\nabcdef'));
    expect(await cache.get(key)).toBeNull();
    // One byte of a part changed, the length as it was.
    const flipped = Buffer.from(whole);
    flipped[flipped.length - 1] = flipped[flipped.length - 1]! ^ 1;
    await writeFile(file, flipped);
    expect(await cache.get(key)).toBeNull();
    await writeFile(file, whole);
    expect(await cache.get(key)).not.toBeNull();
  });

  it("keeps nothing, and throws nothing, where it cannot write", async () => {
    // A file where its folder should be: mkdir fails, as on a read-only or full disk.
    const blocked = path.join(dir, "blocked");
    await writeFile(blocked, "not a folder");
    const cache = createPictureCache(blocked);
    const key = await cache.keyOf("<svg/>", {});
    await expect(
      cache.put(key, { files: [Buffer.from("a")], width: 1, height: 1 }),
    ).resolves.toBeUndefined();
    expect(await cache.get(key)).toBeNull();
  });

  it("draws an artwork once: the second render reads the same three files back", async () => {
    const { cache, kept } = countingCache();
    const first = createLocalStorage({ dir: path.join(dir, "first"), publicPath: "/media" });
    const second = createLocalStorage({ dir: path.join(dir, "second"), publicPath: "/media" });

    const drawn = await renderArtworkImage(first, "artworks/a/0", composition, cache);
    expect(kept).toHaveLength(1);
    const read = await renderArtworkImage(second, "artworks/a/0", composition, cache);
    expect(kept).toHaveLength(1);

    expect(read).toEqual(drawn);
    expect(await storedFiles(path.join(dir, "second"))).toEqual(
      await storedFiles(path.join(dir, "first")),
    );
    const original = await sharp(
      await readFile(path.join(dir, "second/artworks/a/0-original.jpg")),
    ).metadata();
    expect([original.format, original.width, original.height]).toEqual([
      "jpeg",
      drawn.width,
      drawn.height,
    ]);
  });

  it("draws again, and keeps the new drawing, when its entry is damaged", async () => {
    const { cache, kept } = countingCache();
    const storage = createLocalStorage({ dir: path.join(dir, "media"), publicPath: "/media" });
    await renderBannerImage(storage, "banners/b.webp", composition, undefined, cache);
    const [key] = kept;
    await writeFile(path.join(dir, "cache", `${key}.bin`), "damaged");

    await renderBannerImage(storage, "banners/b.webp", composition, undefined, cache);
    expect(kept).toEqual([key, key]);
    const banner = await sharp(await readFile(path.join(dir, "media/banners/b.webp"))).metadata();
    expect(banner.format).toBe("webp");
    expect(await cache.get(key!)).not.toBeNull();
  });
});
