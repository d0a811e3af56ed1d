import { MAX_APPLICATION_IMAGES } from "../../../contracts/applications.values";
import { artistApplicationMessages as am } from "../../../contracts/applications.contract";
import type { UploadedImage } from "../../../contracts/uploads.contract";
import { isUuid } from "../../../domain/ids";
import { deleteFilesQuietly } from "../../adapters/storage/delete-quietly";
import type { StorageAdapter } from "../../adapters/storage/storage";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { storeImageThen } from "../../images/stored-image";
import type { Logger } from "../../logger";
import {
  type ApplicationImageRow,
  countApplicationImages,
  deleteApplicationImage,
  insertApplicationImage,
  listApplicationImages,
} from "./application-images.repository";
import { lockApplicant } from "./applications.repository";

export const applicationImageMessages = {
  signInRequired: "Please sign in to add pictures of your work.",
  tooMany: `You can add at most ${MAX_APPLICATION_IMAGES} pictures of your work. Remove one to add another.`,
  notFound: "That picture was not found.",
  missingFile: "Please choose an image to upload (form field “image”).",
  unreadableForm: "The upload could not be read. Please send the image as multipart/form-data.",
} as const;

export type ApplicationImagesDeps = { db: Database; storage: StorageAdapter; logger: Logger };

export function toApplicationImage(row: ApplicationImageRow): UploadedImage {
  return {
    id: row.id,
    original: row.original,
    medium: row.medium,
    thumbnail: row.thumbnail,
    width: row.width,
    height: row.height,
  };
}

const tooMany = () => new AppError("CONFLICT", 409, applicationImageMessages.tooMany);

/** The person's own pictures, in the order they were added. */
export async function ownApplicationImages(
  { db }: ApplicationImagesDeps,
  userId: string,
): Promise<UploadedImage[]> {
  return (await listApplicationImages(db, userId)).map(toApplicationImage);
}

/**
 * A picture of the applicant's work, through the artwork image pipeline (verified,
 * re-encoded, metadata stripped). Not for artists (they list works instead). The limit
 * is checked before the costly work and again, with the person's row locked, before the
 * row is written, so two uploads at once cannot pass it; a refused upload leaves no file.
 */
export async function attachApplicationImage(
  deps: ApplicationImagesDeps,
  viewer: { id: string; isArtist: boolean },
  file: Buffer,
): Promise<UploadedImage> {
  if (viewer.isArtist) throw new AppError("CONFLICT", 409, am.alreadyArtist);
  if ((await countApplicationImages(deps.db, viewer.id)) >= MAX_APPLICATION_IMAGES) {
    throw tooMany();
  }
  const row = await storeImageThen(deps, `applications/${viewer.id}`, file, (files) =>
    deps.db.transaction(async (tx) => {
      await lockApplicant(tx, viewer.id);
      if ((await countApplicationImages(tx, viewer.id)) >= MAX_APPLICATION_IMAGES) {
        throw tooMany();
      }
      return insertApplicationImage(tx, { userId: viewer.id, ...files });
    }),
  );
  return toApplicationImage(row);
}

/** Removes one of the person's own pictures and its files; anyone else's is 404. */
export async function removeApplicationImage(
  deps: ApplicationImagesDeps,
  userId: string,
  id: string,
): Promise<{ removed: true }> {
  const row = isUuid(id) ? await deleteApplicationImage(deps.db, userId, id) : undefined;
  if (!row) throw new AppError("NOT_FOUND", 404, applicationImageMessages.notFound);
  await deleteFilesQuietly(deps, [row.originalKey, row.mediumKey, row.thumbnailKey]);
  return { removed: true };
}
