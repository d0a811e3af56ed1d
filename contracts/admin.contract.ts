import { z } from "zod";
import { firstQueryValue } from "./common.contract";
import { MAX_ADMIN_TEXT } from "./admin.values";

export { MAX_ADMIN_TEXT };

/**
 * The team's console, shared pieces and the audit log (docs/api.md "Console"). Each
 * console area has its own contract beside this one (admin-<area>.contract.ts).
 */

/** Messages every console area uses. */
export const adminMessages = {
  reasonRequired: "Please give a reason.",
  reasonTooLong: "The reason is too long (at most 2,000 characters).",
  invalidFilter: "That filter is not valid.",
} as const;

/** A required, trimmed reason or message of at most MAX_ADMIN_TEXT characters. */
export const adminReason = z
  .string({ error: adminMessages.reasonRequired })
  .max(MAX_ADMIN_TEXT, { error: adminMessages.reasonTooLong })
  .transform((s) => s.trim())
  .refine((s) => s.length > 0, { error: adminMessages.reasonRequired });

/** `?q=` of a console list: optional, trimmed, at most 200 characters. */
export const adminSearchText = firstQueryValue(
  z
    .string()
    .max(200, { error: adminMessages.invalidFilter })
    .transform((s) => s.trim())
    .optional(),
);

// ---- Audit log ----

export const auditQuerySchema = z.object({
  action: firstQueryValue(z.string().max(100, { error: adminMessages.invalidFilter }).optional()),
  targetType: firstQueryValue(
    z.string().max(100, { error: adminMessages.invalidFilter }).optional(),
  ),
  targetId: firstQueryValue(z.string().max(100, { error: adminMessages.invalidFilter }).optional()),
  actorId: firstQueryValue(z.uuid({ error: adminMessages.invalidFilter }).optional()),
  /** The `next` cursor of the previous page. */
  cursor: firstQueryValue(z.string().max(200, { error: adminMessages.invalidFilter }).optional()),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEventSchema = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** `GET /api/admin/audit`: newest first; `next` is the cursor of the following page. */
export const auditPageSchema = z.object({
  events: z.array(auditEventSchema),
  next: z.string().nullable(),
  /** Every action recorded so far, for the filter. */
  actions: z.array(z.string()),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
