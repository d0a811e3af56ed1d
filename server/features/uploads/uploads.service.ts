import { randomBytes } from "node:crypto";
import { deleteFilesQuietly } from "../../adapters/storage/delete-quietly";
import type { StorageAdapter } from "../../adapters/storage/storage";
import type { Database } from "../../db/client";
import type { Logger } from "../../logger";
import { renderArtworkImage } from "../../images/image-pipeline";
import { insertImageUpload } from "./uploads.repository";
import type { UploadedImage } from "../../../contracts/uploads.contract";

export const uploadMessages = {
  signInRequired: "Please sign in to upload artwork images.",
  artistsOnly: "Only approved artists can upload artwork images.",
  missingFile: "Please choose an image to upload (form field “image”).",
  unreadableForm: "The upload could not be read. Please send the image as multipart/form-data.",
} as const;

export type UploadDeps = { db: Database; storage: StorageAdapter; logger: Logger };

/**
 * `artworks/<uploaderId>/<random>-original.jpg` and its siblings: a fresh random name
 * per upload, so an address never changes content (files are served as immutable)
 * and nobody can guess another artist's unpublished images.
 */
export function newArtworkImageKeys(uploaderId: string) {
  const base = `artworks/${uploaderId}/${randomBytes(16).toString("hex")}`;
  return {
    original: `${base}-original.jpg`,
    medium: `${base}-medium.webp`,
    thumbnail: `${base}-thumbnail.webp`,
  };
}

/**
 * Verifies and converts one artwork image, stores its three files and records the
 * upload for its artist. A refused file throws before anything is stored; if storing
 * or recording fails, the files already written are removed.
 */
export async function storeArtworkImage(
  deps: UploadDeps,
  uploaderId: string,
  file: Buffer,
): Promise<UploadedImage> {
  const rendered = await renderArtworkImage(file);
  const keys = newArtworkImageKeys(uploaderId);
  const written: string[] = [];
  try {
    const original = await deps.storage.put(keys.original, rendered.original, "image/jpeg");
    written.push(keys.original);
    const medium = await deps.storage.put(keys.medium, rendered.medium, "image/webp");
    written.push(keys.medium);
    const thumbnail = await deps.storage.put(keys.thumbnail, rendered.thumbnail, "image/webp");
    written.push(keys.thumbnail);
    const row = await insertImageUpload(deps.db, {
      uploaderId,
      originalKey: keys.original,
      mediumKey: keys.medium,
      thumbnailKey: keys.thumbnail,
      original: original.url,
      medium: medium.url,
      thumbnail: thumbnail.url,
      width: rendered.width,
      height: rendered.height,
    });
    return {
      id: row.id,
      original: row.original,
      medium: row.medium,
      thumbnail: row.thumbnail,
      width: row.width,
      height: row.height,
    };
  } catch (error) {
    await deleteFilesQuietly(deps, written);
    throw error;
  }
}
