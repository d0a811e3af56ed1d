import { randomBytes } from "node:crypto";
import type { StorageAdapter } from "../../adapters/storage/storage";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import { PROFILE_PHOTO_SIZES, renderProfilePhoto } from "../../images/image-pipeline";
import { replaceProfilePhoto } from "./photos.repository";
import type {
  ProfilePhotoAddresses,
  ProfilePhotoRemoved,
} from "../../../contracts/photos.contract";

export const photoMessages = {
  signInRequired: "Please sign in to change your profile photo.",
  missingFile: "Please choose a photo to upload (form field “photo”).",
  unreadableForm: "The upload could not be read. Please send the photo as multipart/form-data.",
  userNotFound: "User not found.",
} as const;

export type PhotoDeps = { db: Database; storage: StorageAdapter; logger: Logger };

const LARGE_SUFFIX = `-${PROFILE_PHOTO_SIZES.large}.webp`;
const SMALL_SUFFIX = `-${PROFILE_PHOTO_SIZES.small}.webp`;
const FOLDER = "profile_photos";

/**
 * Storage keys of a new photo: `profile_photos/<userId>/<random>-400.webp` and the same
 * with `-96.webp`. A fresh random name each time, so a cached old photo is never served
 * for a new one (files are served as immutable).
 */
export function newPhotoKeys(userId: string): { large: string; small: string } {
  const base = `${FOLDER}/${userId}/${randomBytes(16).toString("hex")}`;
  return { large: `${base}${LARGE_SUFFIX}`, small: `${base}${SMALL_SUFFIX}` };
}

/**
 * The storage keys behind a stored address, if it is a photo this pipeline made for this
 * user (and so ours to delete); undefined for anything else.
 */
function ownedKeys(
  storage: StorageAdapter,
  userId: string,
  address: string | null,
): string[] | undefined {
  if (!address) return undefined;
  const start = address.lastIndexOf(`${FOLDER}/`);
  if (start < 0) return undefined;
  const large = address.slice(start);
  const pattern = new RegExp(
    `^${FOLDER}/${userId.replace(/[^0-9a-f-]/gi, "")}/[0-9a-f]{32}-400\\.webp$`,
  );
  if (!pattern.test(large) || storage.url(large) !== address) return undefined;
  return [large, large.slice(0, -LARGE_SUFFIX.length) + SMALL_SUFFIX];
}

/** Deletes files that are no longer referenced; a failure is logged, never the caller's problem. */
async function deleteQuietly(deps: PhotoDeps, keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      await deps.storage.delete(key);
    } catch (error) {
      deps.logger.warn("could not delete a profile photo file", { key, error });
    }
  }
}

/**
 * Verifies and converts the upload, stores both sizes, points the user at the new
 * photo, then deletes the previous photo's files. A refused upload throws before
 * anything is stored or changed.
 */
export async function setProfilePhoto(
  deps: PhotoDeps,
  userId: string,
  upload: Buffer,
): Promise<ProfilePhotoAddresses> {
  const { large, small } = await renderProfilePhoto(upload);
  const keys = newPhotoKeys(userId);
  const written: string[] = [];
  let result: { previous: string | null } | undefined;
  try {
    const stored = await deps.storage.put(keys.large, large, "image/webp");
    written.push(keys.large);
    await deps.storage.put(keys.small, small, "image/webp");
    written.push(keys.small);
    result = await replaceProfilePhoto(deps.db, userId, stored.url);
    if (!result) throw new AppError("NOT_FOUND", 404, photoMessages.userNotFound);
  } catch (error) {
    await deleteQuietly(deps, written);
    throw error;
  }
  const previous = ownedKeys(deps.storage, userId, result.previous);
  if (previous) await deleteQuietly(deps, previous);
  const profilePhoto = deps.storage.url(keys.large);
  return { profilePhoto, profilePhotoSmall: deps.storage.url(keys.small) };
}

/** Clears the photo and deletes its files; clearing an absent photo changes nothing. */
export async function removeProfilePhoto(
  deps: PhotoDeps,
  userId: string,
): Promise<ProfilePhotoRemoved> {
  const result = await replaceProfilePhoto(deps.db, userId, null);
  if (!result) throw new AppError("NOT_FOUND", 404, photoMessages.userNotFound);
  const previous = ownedKeys(deps.storage, userId, result.previous);
  if (previous) await deleteQuietly(deps, previous);
  return { profilePhoto: null };
}
