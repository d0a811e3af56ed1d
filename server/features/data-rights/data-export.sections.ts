import type { Database } from "../../db/client";
import { alertsForExport } from "../alerts/alerts.api";
import { artworkImagesForExport, artworksForExport } from "../artworks/artworks.api";
import { followsForExport, savedWorksForExport } from "../collectors/collectors.api";
import { conversationsForExport, messagesForExport } from "../conversations/conversations.api";
import { listingReportsForExport } from "../listing-reports/listing-reports.api";
import { ordersForExport, returnsForExport } from "../orders/orders.api";
import { offersForExport } from "../purchase/purchase.api";
import { reviewsForExport } from "../reviews/reviews.api";
import { findContact, profileForExport } from "../users/users.api";

/** Rows read a page at a time: a large section never sits in memory whole. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * One JSON file of the export: either one value (`read`), or a list read a page at a time
 * (`pages`, keyed by the last row's `id`), written as a JSON array as it is read.
 */
export type ExportSection = { file: string; /** The README's line. */ about: string } & (
  | { read: (db: Database, userId: string) => Promise<unknown> }
  | {
      pages: (
        db: Database,
        userId: string,
        after: string | number | null,
        limit: number,
      ) => Promise<{ id: string | number }[]>;
    }
);

/**
 * Everything about the person, one file each, in the ZIP's order (decision 0058): the one
 * list of what an export holds (the README is made from it). Each module answers for its
 * own rows through its api. A new kind of personal data gets a line here (and a line in
 * the decision); the images of the works and the photos of returns follow these files
 * (data-export.builder.ts).
 */
export const EXPORT_SECTIONS: ExportSection[] = [
  {
    file: "profile.json",
    about: "your profile, settings and signed-in devices",
    read: (db, userId) => profileForExport(db, userId),
  },
  {
    file: "listings.json",
    about: "the works you listed, with the names of their images",
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
    about: "your purchases and your sales",
    pages: (db, userId, after, limit) => ordersForExport(db, userId, after as string | null, limit),
  },
  {
    file: "returns.json",
    about:
      "returns you asked for and returns of your sales, with the names of their photos (in return-photos/)",
    pages: (db, userId, after, limit) =>
      returnsForExport(db, userId, after as string | null, limit),
  },
  {
    file: "offers.json",
    about: "offers you made and received",
    pages: (db, userId, after, limit) => offersForExport(db, userId, after as string | null, limit),
  },
  {
    file: "conversations.json",
    about: "the conversations you are in",
    read: (db, userId) => conversationsForExport(db, userId),
  },
  {
    file: "messages.json",
    about: "every message of those conversations",
    pages: (db, userId, after, limit) =>
      messagesForExport(db, userId, after as number | null, limit),
  },
  {
    file: "saved-works.json",
    about: "the works you saved",
    read: (db, userId) => savedWorksForExport(db, userId),
  },
  {
    file: "follows.json",
    about: "the artists you follow",
    read: (db, userId) => followsForExport(db, userId),
  },
  {
    file: "alerts.json",
    about: "your saved searches and e-mail preferences",
    read: (db, userId) => alertsForExport(db, userId),
  },
  {
    file: "reviews.json",
    about: "the reviews you wrote and those written of you, with replies, and reports you made",
    read: (db, userId) => reviewsForExport(db, userId),
  },
  {
    file: "listing-reports.json",
    about:
      "listings you reported (signed in or from your address) and the team's decisions and your appeals about your works",
    read: async (db, userId) => {
      const contact = await findContact(db, userId);
      return listingReportsForExport(db, { userId, email: contact?.email ?? null });
    },
  },
];

/** Where a work's image is in the ZIP; listings.json names it. */
export function exportImageName(artworkId: string, position: number): string {
  return `images/${artworkId}/${position + 1}.jpg`;
}
