import { randomBytes } from "node:crypto";
import { deleteFilesQuietly } from "../adapters/storage/delete-quietly";
import type { StorageAdapter } from "../adapters/storage/storage";
import type { Logger } from "../logger";
import { renderArtworkImage } from "./image-pipeline";

/** The three stored files of one picture: their storage keys, addresses and size. */
export type StoredImageFiles = {
  originalKey: string;
  mediumKey: string;
  thumbnailKey: string;
  original: string;
  medium: string;
  thumbnail: string;
  width: number;
  height: number;
};

/**
 * Verifies and converts `file` through the artwork pipeline, stores its original,
 * medium and thumbnail as `<folder>/<random>-…`, then has `record` write the row that
 * refers to them. A fresh random name per picture: an address never changes content
 * (files are served as immutable) and nobody can guess another person's pictures. A
 * refused file throws before anything is stored; if storing or `record` fails, the files
 * already written are removed, so no failure leaves a file nobody refers to.
 */
export async function storeImageThen<T>(
  deps: { storage: StorageAdapter; logger: Logger },
  folder: string,
  file: Buffer,
  record: (files: StoredImageFiles) => Promise<T>,
): Promise<T> {
  const rendered = await renderArtworkImage(file);
  const base = `${folder}/${randomBytes(16).toString("hex")}`;
  const keys = {
    original: `${base}-original.jpg`,
    medium: `${base}-medium.webp`,
    thumbnail: `${base}-thumbnail.webp`,
  };
  const written: string[] = [];
  try {
    const original = await deps.storage.put(keys.original, rendered.original, "image/jpeg");
    written.push(keys.original);
    const medium = await deps.storage.put(keys.medium, rendered.medium, "image/webp");
    written.push(keys.medium);
    const thumbnail = await deps.storage.put(keys.thumbnail, rendered.thumbnail, "image/webp");
    written.push(keys.thumbnail);
    return await record({
      originalKey: keys.original,
      mediumKey: keys.medium,
      thumbnailKey: keys.thumbnail,
      original: original.url,
      medium: medium.url,
      thumbnail: thumbnail.url,
      width: rendered.width,
      height: rendered.height,
    });
  } catch (error) {
    await deleteFilesQuietly(deps, written);
    throw error;
  }
}
