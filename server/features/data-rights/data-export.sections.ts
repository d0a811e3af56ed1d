import type { Database } from "../../db/client";
import { alertsForExport } from "../alerts/alerts.api";
import { artworkImagesForExport, artworksForExport } from "../artworks/artworks.api";
import { followsForExport, savedWorksForExport } from "../collectors/collectors.api";
import { conversationsForExport, messagesForExport } from "../conversations/conversations.api";
import { ordersForExport } from "../orders/orders.api";
import { offersForExport } from "../purchase/purchase.api";
import { profileForExport } from "../users/users.api";

/** Rows read a page at a time: a large section never sits in memory whole. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * One JSON file of the export: either one value (`read`), or a list read a page at a time
 * (`pages`, keyed by the last row's `id`), written as a JSON array as it is read.
 */
export type ExportSection =
  | { file: string; read: (db: Database, userId: string) => Promise<unknown> }
  | {
      file: string;
      pages: (
        db: Database,
        userId: string,
        after: string | number | null,
        limit: number,
      ) => Promise<{ id: string | number }[]>;
    };

/**
 * Everything about the person, one file each, in the ZIP's order (decision 0058). Each
 * module answers for its own rows through its api. A new kind of personal data gets a
 * line here (and a line in the decision); the images of the works follow these files
 * (data-export.builder.ts).
 */
export const EXPORT_SECTIONS: ExportSection[] = [
  { file: "profile.json", read: (db, userId) => profileForExport(db, userId) },
  {
    file: "listings.json",
    pages: async (db, userId, after, limit) => {
      const works = await artworksForExport(db, userId, after as string | null, limit);
      const images = await artworkImagesForExport(
        db,
        works.map((work) => work.id),
      );
      return works.map((work) => ({
        ...work,
        images: images
          .filter((image) => image.artworkId === work.id)
          .map(({ position, width, height }) => ({
            file: exportImageName(work.id, position),
            width,
            height,
          })),
      }));
    },
  },
  {
    file: "orders.json",
    pages: (db, userId, after, limit) => ordersForExport(db, userId, after as string | null, limit),
  },
  {
    file: "offers.json",
    pages: (db, userId, after, limit) => offersForExport(db, userId, after as string | null, limit),
  },
  { file: "conversations.json", read: (db, userId) => conversationsForExport(db, userId) },
  {
    file: "messages.json",
    pages: (db, userId, after, limit) =>
      messagesForExport(db, userId, after as number | null, limit),
  },
  { file: "saved-works.json", read: (db, userId) => savedWorksForExport(db, userId) },
  { file: "follows.json", read: (db, userId) => followsForExport(db, userId) },
  { file: "alerts.json", read: (db, userId) => alertsForExport(db, userId) },
  // Reviews (written and received) join here as "reviews.json".
];

/** Where a work's image is in the ZIP; listings.json names it. */
export function exportImageName(artworkId: string, position: number): string {
  return `images/${artworkId}/${position + 1}.jpg`;
}
