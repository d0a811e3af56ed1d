import { discoveryMessages as d } from "../../../domain/discovery-messages";
import { MAKE_AN_OFFER } from "../../../domain/display";

/**
 * SPEC §2 and §8 texts of this page, from the one shared list in domain/. The owner's
 * controls (loaded for the owner only) take theirs from domain/listing.ts themselves,
 * so a visitor's page does not download the listing rules (decision 0034).
 */
export const artworkMessages = {
  artworkNotFound: d.artworkNotFound,
  artworkLoadFailed: d.artworkLoadFailed,
  returnToMarketplace: d.returnToMarketplace,
  currentlyOnDisplay: d.currentlyOnDisplay,
  /** The two rails under the work, and the sold work's pointer to them. */
  moreBy: (artistName: string) => `More by ${artistName}`,
  relatedWorks: "Related works",
  soldLead: "This work has sold — ",
  soldSeeBelow: (artistName: string, more: boolean, related: boolean) =>
    more && related
      ? `see more by ${artistName} and related works below`
      : more
        ? `see more by ${artistName} below`
        : "see related works below",
  buyNow: d.buyNow,
  sold: d.sold,
  makeOffer: MAKE_AN_OFFER,
  /** Opens the conversations' ask dialog (beside Buy Now and Make an Offer). */
  askArtist: "Ask the artist",
  /** The artist's own work with the For Sale switch off: open to offers, not sold (decision 0030). */
  offersOnly: "Offers only",
  editListing: "Edit Listing",
  deleteListing: "Delete Listing",
  forSale: "For Sale",
  /** Shown only to the artist of a work the team hid (decision 0027). */
  hiddenByTeam: (reason: string) => `Hidden by the marketplace team: ${reason}`,
  /** The status in place of For Sale / SOLD / Buy Now while the team hides the work. */
  hidden: "Hidden",
} as const;
