import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, mkdirSync } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";

/** Where uploaded and generated files live; `url` is what pages put in `src`. */
export type StorageAdapter = {
  kind: "local" | "s3";
  put(key: string, body: Buffer, contentType: string): Promise<{ key: string; url: string }>;
  /**
   * Writes a file from a stream of unknown length without holding it in memory (the data
   * exports); nothing is at `key` until the whole stream is stored.
   */
  putStream(key: string, body: Readable, contentType: string): Promise<{ bytes: number }>;
  /** The stored file as a stream; fails (ENOENT / NoSuchKey) when there is none. */
  read(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
  url(key: string): string;
  /** The key of one of our own addresses (`url(key)`), or null for any other address. */
  keyOf(url: string): string | null;
};

/** Keys under this prefix are never served by /media/ (data exports): see server/app.ts. */
export const PRIVATE_PREFIX = "private/";

/** `keyOf` for stores whose addresses are `${base}/${key}`. */
export function keyUnder(base: string, url: string): string | null {
  if (!url.startsWith(`${base}/`)) return null;
  const key = url.slice(base.length + 1);
  try {
    assertSafeKey(key);
  } catch {
    return null;
  }
  return key;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes("..") || key.includes("//")) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}

export const STORAGE_FULL_MESSAGE =
  "The server has no room left to store files. Please try again later.";

/** ENOSPC (disk full) and EDQUOT (quota reached) both mean: nothing more fits. */
export function isStorageFull(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOSPC" || code === "EDQUOT";
}

/**
 * Files in a folder (`./data/media`), served by our own server under /media/.
 * A file is written under a temporary name beside its final one and renamed when
 * complete, so a write cut short (full disk, crash) never leaves a half file at an
 * address that is served; the temporary file is removed when the write fails.
 */
export function createLocalStorage(options: {
  dir: string;
  publicPath: string;
  logger?: Logger;
}): StorageAdapter {
  const root = path.resolve(options.dir);
  mkdirSync(root, { recursive: true });
  function url(key: string) {
    return `${options.publicPath}/${key}`;
  }
  return {
    kind: "local",
    async put(key, body) {
      assertSafeKey(key);
      const file = path.join(root, key);
      const partial = `${file}.${randomBytes(8).toString("hex")}.partial`;
      try {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(partial, body, { flag: "wx" });
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        if (!isStorageFull(error)) throw error;
        options.logger?.error("media storage is full", { dir: root, key, error });
        throw new AppError("STORAGE_FULL", 507, STORAGE_FULL_MESSAGE);
      }
      return { key, url: url(key) };
    },
    async putStream(key, body) {
      assertSafeKey(key);
      const file = path.join(root, key);
      const partial = `${file}.${randomBytes(8).toString("hex")}.partial`;
      try {
        await mkdir(path.dirname(file), { recursive: true });
        await pipeline(body, createWriteStream(partial, { flags: "wx" }));
        const { size } = await stat(partial);
        await rename(partial, file);
        return { bytes: size };
      } catch (error) {
        await rm(partial, { force: true });
        if (!isStorageFull(error)) throw error;
        options.logger?.error("media storage is full", { dir: root, key, error });
        throw new AppError("STORAGE_FULL", 507, STORAGE_FULL_MESSAGE);
      }
    },
    async read(key) {
      assertSafeKey(key);
      const file = path.join(root, key);
      // Opened before it is handed out, so a missing file fails here, not mid-stream.
      await stat(file);
      return createReadStream(file);
    },
    async delete(key) {
      assertSafeKey(key);
      await rm(path.join(root, key), { force: true });
    },
    url,
    keyOf: (address) => keyUnder(options.publicPath, address),
  };
}
