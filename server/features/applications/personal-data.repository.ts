import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { applicationImages, artistApplications } from "../../db/schema";

/**
 * A closed account's artist applications and their pictures are erased (decision 0058):
 * returns the pictures' storage keys, to delete once the transaction has committed.
 */
export async function forgetApplications(tx: Queryable, userId: string): Promise<string[]> {
  const images = await tx
    .delete(applicationImages)
    .where(eq(applicationImages.userId, userId))
    .returning({
      original: applicationImages.originalKey,
      medium: applicationImages.mediumKey,
      thumbnail: applicationImages.thumbnailKey,
    });
  await tx.delete(artistApplications).where(eq(artistApplications.userId, userId));
  return images.flatMap((image) => [image.original, image.medium, image.thumbnail]);
}
