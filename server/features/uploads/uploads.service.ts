import type { StorageAdapter } from "../../adapters/storage/storage";
import type { Database } from "../../db/client";
import type { Logger } from "../../logger";
import { storeImageThen } from "../../images/stored-image";
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
 * Verifies and converts one artwork image, stores its three files under
 * `artworks/<uploaderId>/` and records the upload for its artist (storeImageThen).
 */
export async function storeArtworkImage(
  deps: UploadDeps,
  uploaderId: string,
  file: Buffer,
): Promise<UploadedImage> {
  const row = await storeImageThen(deps, `artworks/${uploaderId}`, file, (files) =>
    insertImageUpload(deps.db, { uploaderId, ...files }),
  );
  return {
    id: row.id,
    original: row.original,
    medium: row.medium,
    thumbnail: row.thumbnail,
    width: row.width,
    height: row.height,
  };
}
