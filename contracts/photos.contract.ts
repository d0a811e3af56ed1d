import { z } from "zod";

/** `PUT /api/me/photo` answers with both addresses of the new photo (docs/api.md "Profile photo"). */
export const profilePhotoSchema = z.object({
  profilePhoto: z.string(),
  profilePhotoSmall: z.string(),
});
export type ProfilePhotoAddresses = z.infer<typeof profilePhotoSchema>;

/** `DELETE /api/me/photo`: the photo is gone. */
export const profilePhotoRemovedSchema = z.object({ profilePhoto: z.null() });
export type ProfilePhotoRemoved = z.infer<typeof profilePhotoRemovedSchema>;
