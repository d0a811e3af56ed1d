import { z } from "zod";
import { MAX_EMAIL_LENGTH } from "../domain/text-input";

/**
 * Reporting a listing and the artist's side of the team's decision (docs/api.md
 * "Listing reports", decision 0059): anyone with an e-mail address reports a work; the
 * artist of a work taken down reads the statement of reasons and may appeal once.
 */

export const MAX_REPORT_EXPLANATION = 2000;
export const MAX_APPEAL_LENGTH = 2000;

export const LISTING_REPORT_REASONS = [
  "not_original",
  "infringes_rights",
  "prohibited",
  "misleading",
  "other",
] as const;
export type ListingReportReason = (typeof LISTING_REPORT_REASONS)[number];

/** The report form's list, in its order, and how the console and e-mails name each. */
export const REPORT_REASON_LABELS: Record<ListingReportReason, string> = {
  not_original: "Counterfeit or not original",
  infringes_rights: "Infringes my rights",
  prohibited: "Prohibited item",
  misleading: "Misleading",
  other: "Other",
};

export const listingReportMessages = {
  reportListing: "Report this listing",
  reasonRequired: "Please choose why you are reporting this listing.",
  explanationRequired: "Please explain what is wrong with this listing.",
  explanationTooLong: `The explanation can be at most ${MAX_REPORT_EXPLANATION.toLocaleString("en-US")} characters.`,
  emailRequired: "Please give your e-mail address, so that we can tell you what we decide.",
  invalidEmail: "Please enter a valid email address.",
  reported:
    "Thank you. Your report is with the marketplace team; you will receive their decision by e-mail.",
  alreadyReported:
    "You have already reported this listing; the team has not decided on it yet. You will hear from them by e-mail.",
  ownListing: "You cannot report your own listing.",
  notFound: "Artwork not found",
  tooManyReports: "Too many reports from your network in the last hour. Please try again later.",
  appealRequired: "Please explain why the decision should be changed.",
  appealTooLong: `The appeal can be at most ${MAX_APPEAL_LENGTH.toLocaleString("en-US")} characters.`,
  appealed: "Your appeal is with the marketplace team; you will receive their answer by e-mail.",
  alreadyAppealed: "This decision has already been appealed; it can be appealed once.",
  notAppealable: "Only a decision to take a listing down can be appealed.",
  decisionNotFound: "That decision was not found.",
} as const;

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
