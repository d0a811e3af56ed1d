import { z } from "zod";
import { uploadedImageSchema } from "./uploads.contract";
import { MAX_ADMIN_TEXT, adminMessages, adminReason } from "./admin.contract";
import { firstQueryValue } from "./common.contract";
import { applicantName } from "./admin.values";

export { applicantName };

/**
 * The console's artist applications (docs/api.md "Console and operations", decision
 * 0027): the queue, and the team's three answers to an open application.
 */

export const APPLICATION_STATE_VALUES = [
  "waiting",
  "info_requested",
  "approved",
  "declined",
] as const;
export type ApplicationStateValue = (typeof APPLICATION_STATE_VALUES)[number];

export const applicationMessages = {
  userNotFound: "User not found.",
  alreadyDecided: "This application has already been decided.",
  noApplication: "This person has not applied as an artist.",
  messageRequired: "Please write a message.",
  messageTooLong: "The message is too long (at most 2,000 characters).",
  approved: "The application was approved. We emailed the artist.",
  declined: "The application was declined. We emailed the applicant the reason.",
  infoRequested: "We emailed the applicant your message.",
} as const;

/** The console's page-level notices after a decision, naming the person. */
export const applicationNotices = {
  approved: (name: string) => `${name} is approved; we e-mailed them.`,
  declined: (name: string) => `Declined; we e-mailed ${name} the reason.`,
} as const;

// ---- Requests ----

/** `GET /api/admin/applications?state=&cursor=`: no state lists the open ones. */
export const applicationsQuerySchema = z.object({
  state: firstQueryValue(
    z.enum(APPLICATION_STATE_VALUES, { error: adminMessages.invalidFilter }).optional(),
  ),
  /** The `next` cursor of the previous page. */
  cursor: firstQueryValue(z.string().max(200, { error: adminMessages.invalidFilter }).optional()),
});
export type ApplicationsQuery = z.infer<typeof applicationsQuerySchema>;

/** `POST /api/admin/applications/:userId/decline`. */
export const declineApplicationSchema = z.object({ reason: adminReason });
export type DeclineApplicationBody = z.infer<typeof declineApplicationSchema>;

/** `POST /api/admin/applications/:userId/request-info`. */
export const requestInfoSchema = z.object({
  message: z
    .string({ error: applicationMessages.messageRequired })
    .max(MAX_ADMIN_TEXT, { error: applicationMessages.messageTooLong })
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, { error: applicationMessages.messageRequired }),
});
export type RequestInfoBody = z.infer<typeof requestInfoSchema>;

// ---- Answers ----

/** One application as the team reads it: the application, the person, the decision. */
export const adminApplicationSchema = z.object({
  id: z.string(),
  userId: z.string(),
  state: z.enum(APPLICATION_STATE_VALUES),
  appliedAt: z.string(),
  /** When the applicant last changed it (an answer to a request for information). */
  updatedAt: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  email: z.string(),
  /** As given with this application. */
  instagramHandle: z.string().nullable(),
  websiteURL: z.string().nullable(),
  /** The applicant's note, as given with the application. */
  note: z.string(),
  /** The applicant's answer to the team's latest request for information, if any. */
  answer: z.string().nullable(),
  bio: z.string(),
  profilePhoto: z.string().nullable(),
  signedUpAt: z.string(),
  /** The decline reason or the request for information, as sent. */
  teamMessage: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedByEmail: z.string().nullable(),
  /** How many applications the person made before this one. */
  earlierApplications: z.number().int(),
  /** Pictures of the applicant's work (at most 6), in the order they were added. */
  images: z.array(uploadedImageSchema),
});
export type AdminApplication = z.infer<typeof adminApplicationSchema>;

export const applicationCountsSchema = z.object({
  waiting: z.number().int(),
  info_requested: z.number().int(),
  approved: z.number().int(),
  declined: z.number().int(),
});
export type ApplicationCounts = z.infer<typeof applicationCountsSchema>;

/** `GET /api/admin/applications`: newest first; `next` is the cursor of the following page. */
export const applicationsPageSchema = z.object({
  applications: z.array(adminApplicationSchema),
  next: z.string().nullable(),
  counts: applicationCountsSchema,
});
export type ApplicationsPage = z.infer<typeof applicationsPageSchema>;

/** The answer of approve, decline and request-info: the application as it now is. */
export const applicationDecisionSchema = z.object({ application: adminApplicationSchema });
export type ApplicationDecision = z.infer<typeof applicationDecisionSchema>;
