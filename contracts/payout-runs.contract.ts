import { z } from "zod";
import { priceText } from "../domain/display";
import { payoutStatusSchema } from "./payouts.contract";

/**
 * Paying artists (decision 0029; docs/api.md "Orders" → "Payouts"): the payout
 * run's report, the console's Payouts area and an artist's own payouts.
 */

export const PAYOUT_ROW_STATUSES = ["pending", "paid", "failed"] as const;

/** What one payout run did. Amounts are USD cents. */
export const payoutRunReportSchema = z.object({
  /** Artists paid, and how much in all. */
  paid: z.number().int(),
  paidAmount: z.number().int(),
  /** Reversals made (money taken back after refunds), and how much in all. */
  reversed: z.number().int(),
  reversedAmount: z.number().int(),
  /** Refused by the provider: the money is payable again and paid by a later run. */
  failed: z.number().int(),
  /** Not answered by the provider: retried with the same key by the next run. */
  stillPending: z.number().int(),
  /** Artists owed money whose payouts are not active (not set up, pending, restricted). */
  skipped: z.number().int(),
});
export type PayoutRunReport = z.infer<typeof payoutRunReportSchema>;

/** One payout, or one reversal (`kind`), as the console and the artist see it. */
export const payoutSchema = z.object({
  id: z.string(),
  kind: z.enum(["payout", "reversal"]),
  amount: z.number().int(),
  status: z.enum(PAYOUT_ROW_STATUSES),
  /** The provider's transfer or reversal id, once made. */
  reference: z.string().nullable(),
  failureMessage: z.string().nullable(),
  createdAt: z.string(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const adminPayoutSchema = payoutSchema.extend({
  artistId: z.string(),
  artistName: z.string(),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;

/** An artist with money not yet paid: payable (settled orders) and pending (in progress). */
export const payableArtistSchema = z.object({
  artistId: z.string(),
  artistName: z.string(),
  email: z.string(),
  payoutStatus: payoutStatusSchema,
  /** Negative: refunds after a payout, taken back by the next run. */
  payable: z.number().int(),
  pending: z.number().int(),
});
export type PayableArtist = z.infer<typeof payableArtistSchema>;

/** `GET /api/admin/payouts`: what the next run would pay, and the newest payouts. */
export const payoutsOverviewSchema = z.object({
  provider: z.enum(["simulated", "stripe"]),
  /** When the daily run happens, in words ("every day at 14:00 UTC"). */
  schedule: z.string(),
  artists: z.array(payableArtistSchema),
  recent: z.array(adminPayoutSchema),
});
export type PayoutsOverview = z.infer<typeof payoutsOverviewSchema>;

/** `POST /api/admin/payouts/run`. */
export const payoutRunAnswerSchema = z.object({
  message: z.string(),
  report: payoutRunReportSchema,
});
export type PayoutRunAnswer = z.infer<typeof payoutRunAnswerSchema>;

/** `GET /api/me/payouts/history`: the artist's own newest payouts. */
export const ownPayoutsSchema = z.object({ payouts: z.array(payoutSchema) });
export type OwnPayouts = z.infer<typeof ownPayoutsSchema>;

function plural(count: number, one: string, many: string) {
  return `${count} ${count === 1 ? one : many}`;
}

/** The console's notice after "Run payouts now". */
export function payoutRunMessage(report: PayoutRunReport): string {
  const parts: string[] = [];
  if (report.paid > 0) {
    parts.push(`Paid ${plural(report.paid, "artist", "artists")} ${priceText(report.paidAmount)}.`);
  }
  if (report.reversed > 0) {
    parts.push(
      `Took back ${priceText(report.reversedAmount)} in ${plural(report.reversed, "reversal", "reversals")}.`,
    );
  }
  if (report.failed > 0) {
    parts.push(
      `${plural(report.failed, "payout was", "payouts were")} refused by the provider; the money stays payable.`,
    );
  }
  if (report.stillPending > 0) {
    parts.push(
      `${plural(report.stillPending, "payout is", "payouts are")} waiting for the provider and will be retried.`,
    );
  }
  if (report.skipped > 0) {
    parts.push(
      `${plural(report.skipped, "artist", "artists")} could not be paid: payouts are not active.`,
    );
  }
  return parts.length > 0 ? parts.join(" ") : "There was nothing to pay.";
}
