import { z } from "zod";
import { adminReason } from "./admin.contract";
import {
  LISTING_GROUNDS,
  LISTING_REPORT_REASONS,
  listingCaseMessages,
} from "../domain/listing-reports";

/**
 * The console's reported listings (docs/api.md "Console: listing reports", decision
 * 0059): the queue of listings with open reports and of appeals waiting, one listing's
 * case, the team's decision on its open reports, and the answer to an artist's appeal.
 */

export {
  LISTING_GROUNDS,
  LISTING_GROUND_LABELS,
  type ListingGround,
  listingCaseMessages,
} from "../domain/listing-reports";

const personSchema = z.object({
  id: z.string().nullable(),
  displayName: z.string().nullable(),
  email: z.string(),
});

const listingSchema = z.object({
  id: z.string(),
  title: z.string(),
  thumbnail: z.string().nullable(),
  artist: z.object({ id: z.string(), displayName: z.string(), email: z.string() }),
  hidden: z.boolean(),
});

export const listingReportSchema = z.object({
  id: z.string(),
  reason: z.enum(LISTING_REPORT_REASONS),
  explanation: z.string(),
  status: z.enum(["open", "kept", "taken_down"]),
  createdAt: z.string(),
  reporter: personSchema,
  decisionId: z.string().nullable(),
});
export type ListingReport = z.infer<typeof listingReportSchema>;

export const listingDecisionSchema = z.object({
  id: z.string(),
  outcome: z.enum(["kept", "taken_down"]),
  ground: z.enum(LISTING_GROUNDS),
  explanation: z.string(),
  decidedAt: z.string(),
  decidedByEmail: z.string().nullable(),
  appeal: z
    .object({
      explanation: z.string(),
      appealedAt: z.string(),
      outcome: z.enum(["upheld", "reversed"]).nullable(),
      answer: z.string().nullable(),
      decidedAt: z.string().nullable(),
      decidedByEmail: z.string().nullable(),
    })
    .nullable(),
});
export type ListingDecision = z.infer<typeof listingDecisionSchema>;

/** `GET /api/admin/listing-reports`: listings with open reports (oldest first) and open appeals. */
export const listingQueueSchema = z.object({
  listings: z.array(
    z.object({
      listing: listingSchema,
      openReports: z.number().int(),
      reasons: z.array(z.enum(LISTING_REPORT_REASONS)),
      firstReportedAt: z.string(),
    }),
  ),
  appeals: z.array(
    z.object({ decisionId: z.string(), listing: listingSchema, appealedAt: z.string() }),
  ),
});
export type ListingQueue = z.infer<typeof listingQueueSchema>;

/** `GET /api/admin/listing-reports/:artworkId`: the listing, every report of it and every decision. */
export const listingCaseSchema = z.object({
  listing: listingSchema,
  reports: z.array(listingReportSchema),
  decisions: z.array(listingDecisionSchema),
});
export type ListingCase = z.infer<typeof listingCaseSchema>;

/** `POST /api/admin/listing-reports/:artworkId/decide`: the open reports the team read, decided together. */
export const decideListingBodySchema = z.object({
  reportIds: z.array(z.string().max(64)).min(1, listingCaseMessages.reportsRequired).max(200),
  outcome: z.enum(["kept", "taken_down"]),
  ground: z.enum(LISTING_GROUNDS, { error: listingCaseMessages.groundRequired }),
  explanation: adminReason,
});
export type DecideListingBody = z.infer<typeof decideListingBodySchema>;

/** `POST /api/admin/listing-decisions/:id/appeal`: the team's answer to the artist's appeal. */
export const decideAppealBodySchema = z.object({
  outcome: z.enum(["upheld", "reversed"]),
  explanation: adminReason,
});
export type DecideAppealBody = z.infer<typeof decideAppealBodySchema>;

export const listingCaseActionSchema = z.object({ case: listingCaseSchema, message: z.string() });
export type ListingCaseAction = z.infer<typeof listingCaseActionSchema>;
