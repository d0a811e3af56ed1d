import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { applicationImages } from "../../db/schema";

export type ApplicationImageRow = typeof applicationImages.$inferSelect;

/** The person's pictures, oldest first (the order they were attached in). */
export function listApplicationImages(db: Queryable, userId: string) {
  return db
    .select()
    .from(applicationImages)
    .where(eq(applicationImages.userId, userId))
    .orderBy(asc(applicationImages.createdAt), asc(applicationImages.id));
}

/** The pictures of several people at once (a page of the console's queue). */
export function listApplicationImagesOf(db: Queryable, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(applicationImages)
    .where(inArray(applicationImages.userId, userIds))
    .orderBy(asc(applicationImages.createdAt), asc(applicationImages.id));
}

export async function countApplicationImages(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(applicationImages)
    .where(eq(applicationImages.userId, userId));
  return row?.n ?? 0;
}

export async function insertApplicationImage(
  db: Queryable,
  values: typeof applicationImages.$inferInsert,
): Promise<ApplicationImageRow> {
  const [row] = await db.insert(applicationImages).values(values).returning();
  if (!row) throw new Error("the application image was not inserted");
  return row;
}

/** Deletes the person's own picture; nothing (undefined) when it is not theirs or gone. */
export async function deleteApplicationImage(
  db: Queryable,
  userId: string,
  id: string,
): Promise<ApplicationImageRow | undefined> {
  const [row] = await db
    .delete(applicationImages)
    .where(and(eq(applicationImages.id, id), eq(applicationImages.userId, userId)))
    .returning();
  return row;
}
