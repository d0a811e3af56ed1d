import { mkdirSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";

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

/** Files in a folder (`./data/media`), served by our own server under /media/. */
export function createLocalStorage(options: { dir: string; publicPath: string }): StorageAdapter {
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
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
      return { key, url: url(key) };
    },
    async delete(key) {
      assertSafeKey(key);
      await rm(path.join(root, key), { force: true });
    },
    url,
  };
}
