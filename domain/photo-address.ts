/**
 * The 96 px avatar's address for a stored profile photo address: only the 400 px one is
 * kept in `users.profile_photo`, and the small one is named after it
 * (`…/profile_photos/<userId>/<32 hex>-400.webp` → `…-96.webp`). Any other address
 * (a photo from before the image pipeline) is its own small version.
 * Pure, so the server (naming the files) and the browser (the header avatar) share it.
 */
export function smallPhotoAddress(profilePhoto: string): string;
export function smallPhotoAddress(profilePhoto: string | null): string | null;
export function smallPhotoAddress(profilePhoto: string | null): string | null {
  if (!profilePhoto) return profilePhoto;
  const match = /\/profile_photos\/[^/]+\/[0-9a-f]{32}-400\.webp$/.exec(profilePhoto);
  return match ? profilePhoto.slice(0, -"-400.webp".length) + "-96.webp" : profilePhoto;
}
