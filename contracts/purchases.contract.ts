import { z } from "zod";
import { PROBLEM_KINDS } from "../domain/orders";
import { containsNul, inputMessages } from "../domain/text-input";
import { MAX_PROBLEM_NOTE } from "./purchases.values";

export { MAX_PROBLEM_NOTE };

/**
 * The buyer's own orders (docs/api.md "Orders" → "Buyer's orders"): the order page's
 * answer is `purchaseDetailSchema` (contracts/orders.contract.ts); here are its requests.
 */

export const purchaseOrderMessages = {
  kindRequired: "Please choose what went wrong.",
  noteTooLong: "Your note is too long (at most 2,000 characters).",
} as const;

/**
 * `POST /api/me/purchases/:orderId/report-problem`: what went wrong (one of
 * PROBLEM_KINDS) and an optional note; a blank note is no note.
 */
export const reportProblemBodySchema = z.object({
  kind: z.enum(PROBLEM_KINDS, { error: purchaseOrderMessages.kindRequired }),
  note: z
    .string({ error: purchaseOrderMessages.noteTooLong })
    .max(MAX_PROBLEM_NOTE, { error: purchaseOrderMessages.noteTooLong })
    .refine((note) => !containsNul(note), { error: inputMessages.nulCharacter })
    .optional()
    .transform((note) => note?.trim() || null),
});
export type ReportProblemBody = z.output<typeof reportProblemBodySchema>;
export type ReportProblemRequest = z.input<typeof reportProblemBodySchema>;
