import { z } from "zod";

/** `POST /api/uploads/images` (docs/api.md "Uploads"): addresses to show; size of the original. */
export const uploadedImageSchema = z.object({
  id: z.string(),
  original: z.string(),
  medium: z.string(),
  thumbnail: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;
