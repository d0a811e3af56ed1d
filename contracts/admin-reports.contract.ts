import { z } from "zod";
import { adminReason } from "./admin.contract";
import { messageImageSchema } from "./conversations.contract";

/**
 * The console's reported conversations (docs/api.md "Console: reports"): the queue of
 * open reports, a reported conversation read-only, and the team's answers. The team
 * reads only conversations someone reported; any other id is 404, to admins too.
 */

export const reportMessages = {
  notFound: "That report was not found.",
  conversationNotFound: "That conversation was not found.",
  alreadyDecided: "This report has already been decided.",
  dismissed: "The report is dismissed.",
  warned: "The warning is on its way to them by e-mail.",
  suspended: "The account is suspended and the report is closed.",
} as const;

export const REPORT_DECISIONS = ["dismissed", "warned", "suspended"] as const;
export const REPORT_STATUSES = ["open", ...REPORT_DECISIONS] as const;

const personSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
  suspended: z.boolean(),
});

export const reportSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  reason: z.string(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedByEmail: z.string().nullable(),
  reporter: personSchema,
  /** The other person of the conversation: the one a warning or suspension is for. */
  reported: personSchema,
  artwork: z.object({ id: z.string().nullable(), title: z.string() }).nullable(),
});
export type Report = z.infer<typeof reportSchema>;

/** `GET /api/admin/reports`: open reports, oldest first (the team works through them in order). */
export const reportQueueSchema = z.object({ reports: z.array(reportSchema) });
export type ReportQueue = z.infer<typeof reportQueueSchema>;

const reportedMessageSchema = z.object({
  id: z.string(),
  senderId: z.string(),
  body: z.string(),
  images: z.array(messageImageSchema),
  createdAt: z.string(),
});

/** `GET /api/admin/conversations/:id`: a reported conversation, read-only, with its reports. */
export const reportedConversationSchema = z.object({
  id: z.string(),
  closed: z.boolean(),
  buyer: personSchema,
  artist: personSchema,
  artwork: z.object({ id: z.string().nullable(), title: z.string() }).nullable(),
  messages: z.array(reportedMessageSchema),
  reports: z.array(reportSchema),
});
export type ReportedConversation = z.infer<typeof reportedConversationSchema>;

/** `POST /api/admin/reports/:id/suspend`: the reason kept with the suspension. */
export const reportSuspendBodySchema = z.object({ reason: adminReason });
export type ReportSuspendBody = z.infer<typeof reportSuspendBodySchema>;

/** The answer of every report action: the report as it is now. */
export const reportActionSchema = z.object({ report: reportSchema, message: z.string() });
export type ReportAction = z.infer<typeof reportActionSchema>;
