import { z } from "zod";
import {
  LISTING_REPORT_REASONS,
  MAX_APPEAL_LENGTH,
  MAX_REPORT_EXPLANATION,
  listingReportMessages,
} from "../domain/listing-reports";
import { MAX_EMAIL_LENGTH } from "../domain/text-input";

/**
 * Reporting a listing and the artist's side of the team's decision (docs/api.md
 * "Listing reports", decision 0059): anyone with an e-mail address reports a work; the
 * artist of a work taken down reads the statement of reasons and may appeal once.
 */

export {
  LISTING_REPORT_REASONS,
  type ListingReportReason,
  MAX_APPEAL_LENGTH,
  MAX_REPORT_EXPLANATION,
  REPORT_REASON_LABELS,
  listingReportMessages,
} from "../domain/listing-reports";

const requiredText = (required: string, tooLong: string, max: number) =>
  z
    .string({ error: required })
    .transform((v) => v.trim())
    .pipe(z.string().min(1, required).max(max, tooLong));

/** `POST /api/artworks/:id/reports`: `email` is required of guests and ignored otherwise. */
export const reportListingBodySchema = z.object({
  reason: z.enum(LISTING_REPORT_REASONS, { error: listingReportMessages.reasonRequired }),
  explanation: requiredText(
    listingReportMessages.explanationRequired,
    listingReportMessages.explanationTooLong,
    MAX_REPORT_EXPLANATION,
  ),
  email: z
    .string()
    .max(MAX_EMAIL_LENGTH, listingReportMessages.invalidEmail)
    .transform((v) => v.trim())
    .optional(),
});
export type ReportListingBody = z.infer<typeof reportListingBodySchema>;

export const reportListingAnswerSchema = z.object({
  reported: z.literal(true),
  message: z.string(),
});
export type ReportListingAnswer = z.infer<typeof reportListingAnswerSchema>;

/** A decision about one of the signed-in artist's works, as the statement of reasons says it. */
export const takedownSchema = z.object({
  id: z.string(),
  artwork: z.object({ id: z.string(), title: z.string(), thumbnail: z.string().nullable() }),
  outcome: z.enum(["kept", "taken_down"]),
  ground: z.string(),
  explanation: z.string(),
  decidedAt: z.string(),
  appeal: z
    .object({
      explanation: z.string(),
      appealedAt: z.string(),
      outcome: z.enum(["upheld", "reversed"]).nullable(),
      answer: z.string().nullable(),
      decidedAt: z.string().nullable(),
    })
    .nullable(),
  /** Whether the artist may still appeal it (a take-down, not yet appealed). */
  appealable: z.boolean(),
});
export type Takedown = z.infer<typeof takedownSchema>;

/** `GET /api/me/takedowns`: the signed-in artist's works taken down, newest first. */
export const takedownListSchema = z.object({ takedowns: z.array(takedownSchema) });
export type TakedownList = z.infer<typeof takedownListSchema>;

/** `POST /api/me/takedowns/:id/appeal`. */
export const appealBodySchema = z.object({
  explanation: requiredText(
    listingReportMessages.appealRequired,
    listingReportMessages.appealTooLong,
    MAX_APPEAL_LENGTH,
  ),
});
export type AppealBody = z.infer<typeof appealBodySchema>;

export const appealAnswerSchema = z.object({ takedown: takedownSchema, message: z.string() });
export type AppealAnswer = z.infer<typeof appealAnswerSchema>;
