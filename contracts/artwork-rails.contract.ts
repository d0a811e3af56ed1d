import { z } from "zod";
import { artworkCardSchema } from "./artworks.contract";

/** How many cards each rail of the artwork page shows at most. */
export const RAIL_LIMIT = 8;

/**
 * The works around a work: `GET /api/artworks/:id/related`, and the artwork
 * page's loader data. `moreByArtist`: other listed works by the same artist, those a buyer
 * can still acquire first, then the sold ones, newest first within each. `related`: listed
 * works for sale by other artists that share a category with the work, those sharing more
 * categories first, then nearest in price (works without a price last). A work without
 * categories has no related works.
 */
export const artworkRailsSchema = z.object({
  moreByArtist: z.array(artworkCardSchema).max(RAIL_LIMIT),
  related: z.array(artworkCardSchema).max(RAIL_LIMIT),
});
export type ArtworkRails = z.infer<typeof artworkRailsSchema>;
