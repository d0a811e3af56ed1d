import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { artworks } from "./artworks";

/**
 * The three stored files of a picture made by the image pipeline (server/images
 * stored-image.ts): their storage keys, to delete them, their addresses, and the
 * original's size. Every table of uploaded pictures has them; a function, because each
 * table needs its own column objects.
 */
export function storedImageColumns() {
  return {
    originalKey: text("original_key").notNull(),
    mediumKey: text("medium_key").notNull(),
    thumbnailKey: text("thumbnail_key").notNull(),
    original: text("original").notNull(),
    medium: text("medium").notNull(),
    thumbnail: text("thumbnail").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
  };
}

/**
 * One artwork image uploaded by an artist (`POST /api/uploads/images`): the three
 * stored derivatives, their storage keys (so the files can be deleted) and the size
 * of the original. `artworkId` is null until a listing uses it; a listing may only use
 * uploads of its own artist that no other artwork uses.
 */
export const imageUploads = pgTable(
  "image_uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    uploaderId: uuid("uploader_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...storedImageColumns(),
    artworkId: uuid("artwork_id").references(() => artworks.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("image_uploads_uploader_idx").on(t.uploaderId, t.createdAt),
    index("image_uploads_artwork_idx").on(t.artworkId),
  ],
);
