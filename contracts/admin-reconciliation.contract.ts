import { z } from "zod";
import {
  DIFFERENCE_PROBLEMS,
  RECONCILED_RECORDS,
  reconciliationMessages,
} from "../domain/reconciliation";
import { firstQueryValue } from "./common.contract";

/**
 * The console's reconciliation (docs/api.md "Orders" → "Reconciliation"): our ledger
 * against the processor's and the payout provider's records for a range of days.
 */

/** A day as YYYY-MM-DD, or nothing (the default range); the range itself is checked by the service. */
const day = firstQueryValue(
  z
    .string({ error: reconciliationMessages.badDate })
    .max(10, { error: reconciliationMessages.badDate })
    .transform((s) => s.trim())
    .refine((s) => s === "" || /^\d{4}-\d{2}-\d{2}$/.test(s), {
      error: reconciliationMessages.badDate,
    })
    .transform((s) => s || undefined)
    .optional(),
);

/** `GET /api/admin/reconciliation?from=&to=` (both days included; default: the last 30 days). */
export const reconciliationQuerySchema = z.object({ from: day, to: day });
export type ReconciliationQuery = z.infer<typeof reconciliationQuerySchema>;

export const differenceSchema = z.object({
  record: z.enum(RECONCILED_RECORDS),
  problem: z.enum(DIFFERENCE_PROBLEMS),
  orderId: z.string().nullable(),
  ourId: z.string().nullable(),
  providerId: z.string(),
  ourAmount: z.number().int().nullable(),
  providerAmount: z.number().int().nullable(),
  at: z.string(),
  known: z.string().nullable(),
});

export type ReconciliationDifference = z.infer<typeof differenceSchema>;

const sideSchema = z.object({ count: z.number().int(), amount: z.number().int() });
const totalsSchema = z.object({ ours: sideSchema, provider: sideSchema });

export const reconciliationReportSchema = z.object({
  /** The days compared, both included (UTC). */
  from: z.string(),
  to: z.string(),
  provider: z.enum(["simulated", "stripe"]),
  /** How the page names the provider ("Stripe", "the simulated processor"). */
  providerLabel: z.string(),
  /** Oldest first; at most MAX_LISTED_DIFFERENCES, `omitted` says how many more. */
  differences: z.array(differenceSchema),
  omitted: z.number().int(),
  summary: z.object({
    captures: totalsSchema,
    refunds: totalsSchema,
    payouts: totalsSchema,
    /** Every difference, listed or not, and how many of them are known ones. */
    differences: z.number().int(),
    known: z.number().int(),
  }),
});
export type ReconciliationReport = z.infer<typeof reconciliationReportSchema>;
