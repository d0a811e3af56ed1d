import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";

/** Where uploaded and generated files live; `url` is what pages put in `src`. */
export type StorageAdapter = {
  kind: "local" | "s3";
  put(key: string, body: Buffer, contentType: string): Promise<{ key: string; url: string }>;
  delete(key: string): Promise<void>;
  url(key: string): string;
};

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes("..") || key.includes("//")) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}

export const STORAGE_FULL_MESSAGE =
  "The server has no room left to store files. Please try again later.";

/** ENOSPC (disk full) and EDQUOT (quota reached) both mean: nothing more fits. */
function isStorageFull(error: unknown): boolean {
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
    async delete(key) {
      assertSafeKey(key);
      await rm(path.join(root, key), { force: true });
    },
    url,
  };
}
