import { profileMessages } from "../../../domain/profile";

/** SPEC §2 and §8 texts of the profile page, verbatim; then our own. */
export const profilePageMessages = {
  userNotFound: profileMessages.userNotFound,
  noBio: profileMessages.noBio,
  loading: profileMessages.loading,
  noListings: "No artworks listed for sale.",
  noCollection: "No artworks in collection.",
  noArtworks: "No artworks available.",
  photoUploadFailed: "Failed to upload photo. Please try again.",
  photoRemoveFailed: "Failed to remove photo. Please try again.",
  confirmRemovePhoto: "Are you sure you want to remove your profile photo?",
  // Not in the SPEC: our own texts.
  saved: "Your profile has been updated.",
  saveFailed: "Failed to update your profile. Please try again.",
  loadFailed: "Failed to load profile.",
  pendingArtist: "Your artist application is pending review.",
} as const;
