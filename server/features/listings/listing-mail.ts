import { categoryLabel, priceText, sizeText } from "../../../domain/display";
import type { Database } from "../../db/client";
import type { Logger } from "../../logger";
import type { ArtworkDetail } from "../../../contracts/artworks.contract";
import { TEAM_REASON, button, workPicture } from "../../mail/mail-content";
import { type NewMail, enqueueMail } from "../mail/mail.api";

/**
 * SPEC §7 newArtworkUpload, as an e-mail to the team: every field the callable
 * received, one per line, so the team can review each new listing.
 */
export function newListingMail(artwork: ArtworkDetail, to: string, publicUrl: string): NewMail {
  const link = `${publicUrl}/artwork/${artwork.id}`;
  const fields: [string, string][] = [
    ["id", artwork.id],
    ["title", artwork.title],
    ["artistId", artwork.artist.id],
    ["artistName", artwork.artist.displayName],
    ["price", artwork.price === null ? "" : `${priceText(artwork.price)} (${artwork.price} cents)`],
    ["createdYear", artwork.createdYear === null ? "" : String(artwork.createdYear)],
    ["categoryNames", artwork.categories.map((c) => categoryLabel(c.name)).join(", ")],
    ["isPublicArt", String(artwork.isPublicArt)],
    ["isForSale", String(artwork.isForSale)],
    ["materials", artwork.materials],
    ["width", String(artwork.width)],
    ["height", String(artwork.height)],
    ["depth", String(artwork.depth)],
    ["size", sizeText(artwork)],
    ["description", artwork.description],
    ["allowBuyerPickUp", String(artwork.allowBuyerPickUp)],
    ["zipCode", artwork.zipCode ?? ""],
    ["imageOriginal", absolute(artwork.imageOriginal ?? "", publicUrl)],
    ["status", artwork.status],
    // Whether it takes offers; the hidden minimum is the artist's alone (decision 0030).
    ["offersOnly", String(artwork.offersOnly)],
    ["allowOffers", String(artwork.allowOffers)],
  ];
  return {
    kind: "new-artwork-upload",
    to,
    subject: `New listing: ${artwork.title} by ${artwork.artist.displayName}`,
    content: {
      name: null,
      reason: TEAM_REASON,
      picture: workPicture(
        publicUrl,
        artwork.imageThumbnail,
        `"${artwork.title}" by ${artwork.artist.displayName}`,
        artwork.images[0],
      ),
      lines: [
        `${artwork.artist.displayName} listed a new artwork:`,
        "",
        button("", link, "Review the listing"),
        "",
        ...fields.map(([name, value]) => `${name}: ${value}`),
      ],
    },
  };
}

/** Local media addresses are paths; a mail needs the whole address. */
function absolute(address: string, publicUrl: string): string {
  return address.startsWith("/") ? `${publicUrl}${address}` : address;
}

/**
 * Queues the team's e-mail about a new listing. The listing is already saved: a
 * failure here is only logged (SPEC §8), never the artist's problem.
 */
export async function notifyTeamOfListing(
  deps: {
    db: Database;
    logger: Logger;
    kickOutbox: () => void;
    teamEmail: string;
    publicUrl: string;
  },
  artwork: ArtworkDetail,
): Promise<void> {
  try {
    await enqueueMail(deps.db, newListingMail(artwork, deps.teamEmail, deps.publicUrl));
    deps.kickOutbox();
  } catch (error) {
    deps.logger.error("newArtworkUpload: the team e-mail could not be queued", {
      artworkId: artwork.id,
      error,
    });
  }
}
