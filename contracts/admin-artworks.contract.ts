import { z } from "zod";
import { adminMessages, adminReason, adminSearchText } from "./admin.contract";
import { firstQueryValue } from "./common.contract";
import { MAX_RANDOM_ORDER } from "./admin.values";

export { MAX_RANDOM_ORDER };

/** The console's Artworks area (docs/api.md "Console: artworks"). */

export const artworkModerationMessages = {
  notFound: "That artwork was not found.",
  hidden: "The artwork is hidden from the marketplace and its artist was e-mailed.",
  unhidden: "The artwork is back in the marketplace.",
  curationSaved: "Featured and order saved.",
  alreadyHidden: "This artwork is already hidden.",
  notHidden: "This artwork is not hidden.",
  nothingToChange: "Send isCurated, randomOrder or both.",
  invalidOrder: `The order must be a whole number from 0 to ${MAX_RANDOM_ORDER.toLocaleString("en-US")}.`,
  invalidCurated: "Featured must be true or false.",
} as const;

const yesNo = firstQueryValue(
  z.enum(["true", "false"], { error: adminMessages.invalidFilter }).optional(),
);

/** `GET /api/admin/artworks` */
export const adminArtworksQuerySchema = z.object({
  /** Part of the title or the artist's name, any case. */
  q: adminSearchText.refine((s) => !s?.includes("\u0000"), {
    error: adminMessages.invalidFilter,
  }),
  artistId: firstQueryValue(z.uuid({ error: adminMessages.invalidFilter }).optional()),
  status: firstQueryValue(
    z
      .enum(["draft", "available", "not for sale"], { error: adminMessages.invalidFilter })
      .optional(),
  ),
  forSale: yesNo,
  hidden: yesNo,
  curated: yesNo,
  cursor: firstQueryValue(z.string().max(200, { error: adminMessages.invalidFilter }).optional()),
});
export type AdminArtworksQuery = z.infer<typeof adminArtworksQuerySchema>;

export const adminArtworkSchema = z.object({
  id: z.string(),
  title: z.string(),
  artistId: z.string(),
  artistName: z.string(),
  artistSuspended: z.boolean(),
  /** USD cents, or null. */
  price: z.number().int().nullable(),
  status: z.string(),
  isForSale: z.boolean(),
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
  isCurated: z.boolean(),
  randomOrder: z.number().int(),
  imageThumbnail: z.string().nullable(),
  /** In the marketplace now (the listing rule: payouts active, not suspended, not draft, not hidden). */
  listed: z.boolean(),
  createdAt: z.string(),
});
export type AdminArtwork = z.infer<typeof adminArtworkSchema>;

/** `GET /api/admin/artworks`: newest first, 50 a page. */
export const adminArtworksPageSchema = z.object({
  artworks: z.array(adminArtworkSchema),
  next: z.string().nullable(),
});
export type AdminArtworksPage = z.infer<typeof adminArtworksPageSchema>;

/** `POST /api/admin/artworks/:id/hide` */
export const hideBodySchema = z.object({ reason: adminReason });
export type HideBody = z.infer<typeof hideBodySchema>;

/** `PATCH /api/admin/artworks/:id/curation` */
export const curationBodySchema = z
  .object({
    isCurated: z.boolean({ error: artworkModerationMessages.invalidCurated }).optional(),
    randomOrder: z
      .number({ error: artworkModerationMessages.invalidOrder })
      .int({ error: artworkModerationMessages.invalidOrder })
      .min(0, { error: artworkModerationMessages.invalidOrder })
      .max(MAX_RANDOM_ORDER, { error: artworkModerationMessages.invalidOrder })
      .optional(),
  })
  .refine((b) => b.isCurated !== undefined || b.randomOrder !== undefined, {
    error: artworkModerationMessages.nothingToChange,
  });
export type CurationBody = z.infer<typeof curationBodySchema>;

export const artworkActionSchema = z.object({
  artwork: adminArtworkSchema,
  message: z.string(),
});
export type ArtworkAction = z.infer<typeof artworkActionSchema>;
