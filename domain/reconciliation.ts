import { priceText } from "./display";

/**
 * Reconciliation: our ledger against the card processor's and the payout
 * provider's own records, for a range of days. Shared by the command
 * (`npm run reconcile`), the API and the console page.
 */

/** The kinds of record compared, one difference per record. */
export const RECONCILED_RECORDS = ["capture", "refund", "payout"] as const;
export type ReconciledRecord = (typeof RECONCILED_RECORDS)[number];

export const DIFFERENCE_PROBLEMS = [
  "missing_in_ledger",
  "missing_at_provider",
  "amount_mismatch",
] as const;
export type DifferenceProblem = (typeof DIFFERENCE_PROBLEMS)[number];

export const RECORD_LABELS: Record<ReconciledRecord, string> = {
  capture: "Capture",
  refund: "Refund",
  payout: "Payout",
};

export const PROBLEM_LABELS: Record<DifferenceProblem, string> = {
  missing_in_ledger: "Not in our ledger",
  missing_at_provider: "Not at the provider",
  amount_mismatch: "Amounts differ",
};

/** The longest range one reconciliation covers. */
export const MAX_RECONCILE_DAYS = 366;
/** The default range: the last 30 days, today included. */
export const DEFAULT_RECONCILE_DAYS = 30;
/** At most this many differences are listed; the summary still counts them all. */
export const MAX_LISTED_DIFFERENCES = 1_000;

export const reconciliationMessages = {
  badDate: "Please give dates as YYYY-MM-DD (for example 2026-11-01).",
  fromAfterTo: "The start date must be on or before the end date.",
  tooLong: `A reconciliation covers at most ${MAX_RECONCILE_DAYS} days.`,
  noDifferences: (provider: string) =>
    `No differences: our ledger matches ${provider} for this range.`,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day (UTC) as its midnight, or null when the text is not a real YYYY-MM-DD day. */
export function parseDay(text: string): Date | null {
  const match = DATE.exec(text);
  if (!match) return null;
  const at = new Date(`${text}T00:00:00.000Z`);
  if (Number.isNaN(at.getTime())) return null;
  // 2026-02-30 rolls over to March: not a real day.
  return at.toISOString().slice(0, 10) === text ? at : null;
}

export function dayText(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** A range of whole days (UTC): `from` and `to` included; `start` and `end` the instants [start, end). */
export type DayRange = { from: string; to: string; start: Date; end: Date };

/**
 * The range asked for: both days, or one of them, or neither (the last 30 days up to
 * `today`, included). Bad dates, a start after the end and a range longer than
 * MAX_RECONCILE_DAYS are refused with the message to show.
 */
export function resolveDayRange(
  input: { from?: string | undefined; to?: string | undefined },
  now: Date,
): { ok: true; range: DayRange } | { ok: false; message: string } {
  const today = parseDay(dayText(now))!;
  const to = input.to ? parseDay(input.to) : today;
  if (!to) return { ok: false, message: reconciliationMessages.badDate };
  const from = input.from
    ? parseDay(input.from)
    : new Date(to.getTime() - (DEFAULT_RECONCILE_DAYS - 1) * DAY_MS);
  if (!from) return { ok: false, message: reconciliationMessages.badDate };
  if (from.getTime() > to.getTime())
    return { ok: false, message: reconciliationMessages.fromAfterTo };
  const days = (to.getTime() - from.getTime()) / DAY_MS + 1;
  if (days > MAX_RECONCILE_DAYS) return { ok: false, message: reconciliationMessages.tooLong };
  return {
    ok: true,
    range: {
      from: dayText(from),
      to: dayText(to),
      start: from,
      end: new Date(to.getTime() + DAY_MS),
    },
  };
}

export type Difference = {
  record: ReconciledRecord;
  problem: DifferenceProblem;
  /** The order it belongs to, when we know it (captures, refunds). */
  orderId: string | null;
  /** Our record's id: the payment, the refund or the payout. */
  ourId: string | null;
  /** The provider's id: the payment intent, the refund, the transfer. */
  providerId: string;
  /** Cents; null on the side that has no record. */
  ourAmount: number | null;
  providerAmount: number | null;
  /** When it happened, by whichever side has it (ours first). */
  at: string;
  /** Why a difference is expected, when it is one we know (orders sold before the ledger). */
  known: string | null;
};

function amountText(cents: number | null): string {
  return cents === null ? "—" : priceText(cents);
}

/** One difference as one line of the command's output. */
export function differenceLine(d: Difference): string {
  const parts = [
    d.at,
    `${RECORD_LABELS[d.record]}:`,
    `${PROBLEM_LABELS[d.problem]}.`,
    `provider ${d.providerId}`,
    d.ourId ? `ours ${d.ourId}` : null,
    d.orderId ? `order ${d.orderId}` : null,
    `our amount ${amountText(d.ourAmount)}`,
    `provider amount ${amountText(d.providerAmount)}`,
    d.known ? `(known: ${d.known})` : null,
  ];
  return parts.filter((part) => part !== null).join("  ");
}
