import { discoveryMessages as d } from "../../../domain/discovery-messages";

/** SPEC §2 and §8 texts of this page, from the one shared list in domain/. */
export const artworkMessages = {
  artworkNotFound: d.artworkNotFound,
  artworkLoadFailed: d.artworkLoadFailed,
  returnToMarketplace: d.returnToMarketplace,
  currentlyOnDisplay: d.currentlyOnDisplay,
  buyNow: d.buyNow,
  sold: d.sold,
  // Our own text, not the SPEC's.
  checkoutNotBuilt:
    "Checkout is not built yet. Card payment arrives in a coming release of Vernissage; nothing has been charged.",
} as const;
