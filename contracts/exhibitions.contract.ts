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
  /** Calendar days, "2026-11-12"; null when not set. */
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  openingHours: z.string(),
});
export type ExhibitionSummary = z.infer<typeof exhibitionSummarySchema>;

/** `GET /api/exhibitions`: the active exhibitions, newest first. */
export const exhibitionListSchema = z.array(exhibitionSummarySchema);

/** An artist of an exhibition: one whose works it shows. */
export const exhibitionArtistSchema = z.object({ id: z.string(), name: z.string() });
export type ExhibitionArtist = z.infer<typeof exhibitionArtistSchema>;

/** `GET /api/exhibitions/:id`: one active exhibition, the works it shows and their artists. */
export const exhibitionDetailSchema = exhibitionSummarySchema.extend({
  artworks: z.array(artworkCardSchema),
  artists: z.array(exhibitionArtistSchema),
});
export type ExhibitionDetail = z.infer<typeof exhibitionDetailSchema>;
