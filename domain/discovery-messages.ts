import { ARTIST_PROFILE_LOADING } from "./loading-texts";

/** The SPEC §2 and §8 texts of the discovery pages, used verbatim by the API and the pages. */
export const discoveryMessages = {
  artworkNotFound: "Artwork not found",
  artworkLoadFailed: "Failed to fetch artwork details",
  artistNotFound: "Artist not found",
  invalidArtist: "Invalid artist data",
  artworksLoadFailed: "Failed to fetch artworks",
  invalidExhibition: "Invalid exhibition data",
  exhibitionLoadFailed: "Failed to fetch exhibition data",
  exhibitionsLoadFailed: "Failed to load exhibitions. Please try again later.",
  noActiveExhibitions: "No active exhibitions at the moment.",
  artistLoading: ARTIST_PROFILE_LOADING,
  noArtistArtworks: "No artworks found for this artist",
  noArtistBio: "No artist bio available.",
  returnToMarketplace: "Return to Marketplace",
  currentlyOnDisplay: "Currently on Display",
  buyNow: "Buy Now",
  sold: "SOLD",
} as const;
