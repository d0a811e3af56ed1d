import { z } from "zod";
import { artworkCardSchema } from "./artworks.contract";
import { firstQueryValue, publicPersonSchema } from "./common.contract";

/** `GET /api/artists/:id` and `GET /api/artists/:id/artworks` (docs/api.md "Artists"), and the artist page's data. */

export const artistTabSchema = z.enum(["all", "forSale", "sold"], {
  error: "tab must be all, forSale or sold.",
});
export type ArtistTab = z.output<typeof artistTabSchema>;

/** The query of the works: `?tab=` (the first one when repeated), `all` when absent. */
export const artistWorksQuerySchema = z.object({
  tab: firstQueryValue(artistTabSchema.default("all")),
});

/** What anyone may see of an artist, and the active exhibitions that show their works. */
export const artistPageSchema = publicPersonSchema.extend({ city: z.string().nullable() });
export type ArtistPage = z.infer<typeof artistPageSchema>;
/** The artist without the exhibitions: what the repository reads. */
export type ArtistProfile = Omit<ArtistPage, "exhibitions">;

/** `GET /api/artists/:id/artworks?tab=`: the cards of one tab. */
export const artistWorksSchema = z.array(artworkCardSchema);
