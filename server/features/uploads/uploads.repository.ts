import type { Database } from "../../db/client";
import { imageUploads } from "../../db/schema";

export type NewImageUpload = typeof imageUploads.$inferInsert;
export type ImageUploadRow = typeof imageUploads.$inferSelect;

export async function insertImageUpload(
  db: Database,
  upload: NewImageUpload,
): Promise<ImageUploadRow> {
  const [row] = await db.insert(imageUploads).values(upload).returning();
  if (!row) throw new Error("image upload insert returned nothing");
  return row;
}
