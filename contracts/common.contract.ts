import { z } from "zod";
import { ERROR_CODES } from "../domain/errors";
import { exhibitionSummarySchema } from "./exhibitions.contract";

/** Pieces more than one feature's contract is built from. */

/**
 * A query parameter that may be repeated (`?tab=a&tab=b`): Hono gives an array then, and
 * the first value counts, as browsers and the pages read it. An empty value is no value:
 * a filter form's "Any" / "Everyone" choice sends `role=`.
 */
export function firstQueryValue<T extends z.ZodType>(schema: T) {
  return z.preprocess((v: unknown) => {
    const first = Array.isArray(v) ? (v[0] as unknown) : v;
    return first === "" ? undefined : first;
  }, schema);
}

/** What anyone may see of a person (artist page, public profile), with their exhibitions. */
export const publicPersonSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  profilePhoto: z.string().nullable(),
  birthYear: z.number().int().nullable(),
  location: z.string().nullable(),
  bio: z.string(),
  instagramHandle: z.string().nullable(),
  websiteURL: z.string().nullable(),
  exhibitions: z.array(exhibitionSummarySchema),
});

/** Every error answer of the JSON API (the one error handler writes it). */
export const apiErrorSchema = z.object({
  error: z.object({ code: z.enum(ERROR_CODES), message: z.string() }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
