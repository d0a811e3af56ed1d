import { listingMessages } from "../../../domain/listing";

/** The listing pages' texts: the SPEC's from domain/, then our own plain ones. */
export const listingPageMessages = {
  ...listingMessages,
  signedOut: "Listing artworks is for approved artists.",
  notArtist:
    "Listing artworks is for approved artists. You can apply as an artist from your profile; our team reviews applications.",
  pending:
    "Your artist application is under review. Once our team approves it, you can list artworks here; we will let you know by e-mail.",
  notOwner: "You can only edit your own listings.",
  notFound: "Artwork not found",
  noDraft:
    "There was no listing to preview (the page was reloaded or opened directly). Start here.",
  imagesHint: ".png, .jpg — up to 8 images; the first one is the cover.",
  tooManyFiles: "Only 8 images fit; the rest were not added.",
  editing: "You are editing a listing. Confirm saves your changes to it.",
  saving: "Saving listing…",
  uploading: "Uploading images…",
  unknownFailure: "Something went wrong. Please try again.",
  forSaleChoice: "For sale at a price",
  offersOnlyChoice: "Offers only (buyers see 'Make an Offer' instead of a price)",
  allowOffers: "Allow offers",
  offersAllowedPreview: "Buyers can also make an offer.",
  offerMinimumLabel: "Minimum offer (optional)",
  offerMinimumHint:
    "In whole US dollars. Offers below it are declined automatically. Buyers never see it.",
} as const;
