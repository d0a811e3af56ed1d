import { z } from "zod";

/** `GET /api/cities`, `/api/categories`, `/api/banners/active` (docs/api.md "Catalog"). */

/** A city or a category: what the filters offer and a listing chooses from. */
export const catalogEntrySchema = z.object({ id: z.string(), name: z.string() });
export type CatalogEntry = z.infer<typeof catalogEntrySchema>;

/** `GET /api/cities` and `GET /api/categories`, by name. */
export const catalogListSchema = z.array(catalogEntrySchema);

/** `GET /api/banners/active`: the newest active banner, or null. */
export const activeBannerSchema = z
  .object({ id: z.string(), imageUrl: z.string(), altText: z.string() })
  .nullable();
export type ActiveBanner = z.infer<typeof activeBannerSchema>;
