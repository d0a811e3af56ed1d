import { z } from "zod";

/**
 * "Download my data" and "Delete my account" (decision 0058): the person's own, from
 * /profile/settings and `/api/me/data-export`, `/api/me/account`.
 */

export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(["queued", "building", "ready", "failed", "expired"]),
  /** Percent of the sections and images written. */
  progress: z.number().int(),
  requestedAt: z.string(),
  /** When the file stops being downloadable (ready exports). */
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** Why it failed, in words for the person. */
  failure: z.string().nullable(),
  /** The signed-in owner's download address (ready exports). */
  downloadUrl: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;
export const dataExportAnswerSchema = z.object({ export: dataExportSchema.nullable() });

/** What keeps an account open: each with the page that settles it. */
export const closureBlockersSchema = z.object({
  offers: z.array(
    z.object({ id: z.string(), role: z.enum(["buyer", "artist"]), link: z.string() }),
  ),
  orders: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      status: z.string(),
      role: z.enum(["buyer", "seller"]),
      link: z.string(),
      /**
       * A sale the buyer may still return: when its return window ends (the account can
       * be closed after that). Null otherwise.
       */
      returnWindowEndsAt: z.string().nullable(),
    }),
  ),
  /** Cents still owed to (positive) or by (negative) the artist, pending or payable. */
  balanceCents: z.number().int(),
});
export type ClosureBlockers = z.infer<typeof closureBlockersSchema>;
export const closureAnswerSchema = z.object({ blockers: closureBlockersSchema, open: z.boolean() });

/**
 * `POST /api/me/account/close`: the password, and the second step's code when the person
 * has two-step verification on.
 */
export const closeAccountBodySchema = z.object({
  password: z
    .string({ error: "Enter your password." })
    .min(1, "Enter your password.")
    .max(128, "Password must be at most 128 characters."),
  code: z
    .string()
    .trim()
    .max(64, "The code must be at most 64 characters.")
    .optional()
    .transform((code) => (code === "" ? undefined : code)),
});
export type CloseAccountBody = z.infer<typeof closeAccountBodySchema>;
export const accountClosedSchema = z.object({ closed: z.literal(true) });
