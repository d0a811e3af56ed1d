import { z } from "zod";

/**
 * Saved works and followed artists (issue 16, docs/api.md "Collectors"): private to the
 * signed-in person.
 */

export const savedWorksSchema = z.object({
  saved: z.array(z.object({ artworkId: z.string(), savedAt: z.string() })),
});
export type SavedWorks = z.infer<typeof savedWorksSchema>;

export const followingSchema = z.object({
  following: z.array(
    z.object({ artistId: z.string(), displayName: z.string(), followedAt: z.string() }),
  ),
});
export type Following = z.infer<typeof followingSchema>;

export const savedAnswerSchema = z.object({ saved: z.boolean() });
export const followAnswerSchema = z.object({
  following: z.boolean(),
  followers: z.number().int().nonnegative(),
});
