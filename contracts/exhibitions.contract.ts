import { z } from "zod";
import { artworkCardSchema } from "./artworks.contract";

/** `GET /api/exhibitions` and `GET /api/exhibitions/:id` (docs/api.md "Exhibitions"), and the pages' data. */

/** One active exhibition, as the list, an artist's page and a profile show it. */
export const exhibitionSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  address: z.string(),
  bannerUrl: z.string().nullable(),
});
export type ExhibitionSummary = z.infer<typeof exhibitionSummarySchema>;

/** `GET /api/exhibitions`: the active exhibitions, newest first. */
export const exhibitionListSchema = z.array(exhibitionSummarySchema);

/** `GET /api/exhibitions/:id`: one active exhibition and the works it shows. */
export const exhibitionDetailSchema = exhibitionSummarySchema.extend({
  artworks: z.array(artworkCardSchema),
});
export type ExhibitionDetail = z.infer<typeof exhibitionDetailSchema>;
