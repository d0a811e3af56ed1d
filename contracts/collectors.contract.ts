import { z } from "zod";
import { firstQueryValue } from "./common.contract";

/**
 * Saved works and followed artists (docs/api.md "Collectors"): private to the
 * signed-in person.
 */

export const savedWorksSchema = z.object({
  saved: z.array(z.object({ artworkId: z.string(), savedAt: z.string() })),
});
export type SavedWorks = z.infer<typeof savedWorksSchema>;

export const followingSchema = z.object({
  following: z.array(
    z.object({
      artistId: z.string(),
      displayName: z.string(),
      /** The artist's profile photo, or null (the list then shows their initials). */
      photoUrl: z.string().nullable(),
      followedAt: z.string(),
    }),
  ),
});
export type Following = z.infer<typeof followingSchema>;

export const savedAnswerSchema = z.object({ saved: z.boolean() });
export const followAnswerSchema = z.object({
  following: z.boolean(),
  followers: z.number().int().nonnegative(),
});

/** At most this many ids in one `GET /api/me/saved/ids` (a page of cards is 24). */
export const MAX_SAVED_IDS = 100;
export const savedIdsMessages = {
  tooMany: `Ask about at most ${MAX_SAVED_IDS} artworks at a time.`,
  badId: "Each artwork id must be a valid id.",
} as const;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `GET /api/me/saved/ids?artworkIds=a,b,…`: which of these works the signed-in person
 * saved (the marketplace's Load More asks for the cards it adds). Empty is allowed.
 */
export const savedIdsQuerySchema = z.object({
  artworkIds: firstQueryValue(
    z
      .string()
      .max(MAX_SAVED_IDS * 37, savedIdsMessages.tooMany)
      .default("")
      .transform((value) => (value === "" ? [] : value.split(",")))
      .refine((ids) => ids.length <= MAX_SAVED_IDS, savedIdsMessages.tooMany)
      .refine((ids) => ids.every((id) => uuidPattern.test(id)), savedIdsMessages.badId)
      .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
  ),
});
export const savedIdsSchema = z.object({ saved: z.array(z.string()) });
export type SavedIds = z.infer<typeof savedIdsSchema>;
