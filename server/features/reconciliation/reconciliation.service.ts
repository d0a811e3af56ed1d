import type {
  ReconciliationQuery,
  ReconciliationReport,
} from "../../../contracts/admin-reconciliation.contract";
import {
  type DayRange,
  type Difference,
  MAX_LISTED_DIFFERENCES,
  type ReconciledRecord,
  resolveDayRange,
} from "../../../domain/reconciliation";
import type { PaymentProvider } from "../../adapters/payments/payment-provider";
import type { PayoutProvider } from "../../adapters/payouts/payout-provider";
import type { Queryable } from "../../db/client";
import { AppError } from "../../errors";
import {
  ledgerCaptures,
  ledgerRefunds,
  ordersOfPayments,
  paidPayouts,
} from "./reconciliation.repository";

/**
 * Our ledger against the providers' own records: every capture and refund
 * against the card processor's, every payout against the payout provider's transfers,
 * for a range of days, each difference with its ids and amounts.
 *
 * Both sides are read a day beyond each end of the range and a record counts when
 * either side dates it inside: our ledger writes a capture just after the processor
 * makes it (and Stripe dates a charge at the authorization), so a record near midnight
 * on the last day is matched, not reported missing on one side.
 */

export type ReconciliationDeps = {
  db: Queryable;
  payments: PaymentProvider;
  payouts: PayoutProvider;
  now: () => Date;
};

const MARGIN_MS = 24 * 60 * 60 * 1000;
const SOLD_BEFORE_LEDGER = "sold before the ledger existed (decision 0029)";
const CAPTURE_PENDING =
  "captured, not yet in our ledger; the checkout reconciler records it within minutes";

type Entry = {
  key: string;
  amount: number;
  at: Date;
  orderId: string | null;
  ourId: string | null;
};
type Side = Map<string, Entry>;
type Totals = { count: number; amount: number };

/** Sums by key: a key recorded twice on one side shows as an amount that differs. */
function sideOf(entries: Entry[]): Side {
  const side: Side = new Map();
  for (const entry of entries) {
    const seen = side.get(entry.key);
    if (seen) seen.amount += entry.amount;
    else side.set(entry.key, { ...entry });
  }
  return side;
}

function inRange(at: Date | undefined, range: DayRange): boolean {
  return at !== undefined && at >= range.start && at < range.end;
}

function compare(record: ReconciledRecord, ours: Side, theirs: Side, range: DayRange) {
  const differences: Difference[] = [];
  const totals = { ours: { count: 0, amount: 0 }, provider: { count: 0, amount: 0 } };
  const add = (sum: Totals, entry: Entry) => {
    sum.count += 1;
    sum.amount += entry.amount;
  };
  for (const key of new Set([...ours.keys(), ...theirs.keys()])) {
    const our = ours.get(key);
    const their = theirs.get(key);
    if (our && inRange(our.at, range)) add(totals.ours, our);
    if (their && inRange(their.at, range)) add(totals.provider, their);
    if (!inRange(our?.at, range) && !inRange(their?.at, range)) continue;
    if (our && their && our.amount === their.amount) continue;
    const problem = !their ? "missing_at_provider" : !our ? "missing_in_ledger" : "amount_mismatch";
    differences.push({
      record,
      problem,
      orderId: our?.orderId ?? their?.orderId ?? null,
      ourId: our?.ourId ?? null,
      providerId: key,
      ourAmount: our?.amount ?? null,
      providerAmount: their?.amount ?? null,
      at: (our?.at ?? their?.at ?? range.start).toISOString(),
      known: null,
    });
  }
  return { differences, totals };
}

/** Names the order of what only the processor has, and marks the sales from before the ledger. */
async function explain(
  deps: ReconciliationDeps,
  differences: Difference[],
  paymentOf: Map<string, string>,
) {
  const unexplained = differences.filter(
    (d) => d.problem === "missing_in_ledger" && d.record !== "payout",
  );
  const paymentIds = [
    ...new Set(unexplained.map((d) => paymentOf.get(d.providerId) ?? d.providerId)),
  ];
  const byPayment = new Map<
    string,
    { orderId: string; soldBeforeLedger: boolean; capturePending: boolean }
  >();
  for (let i = 0; i < paymentIds.length; i += 1_000) {
    const rows = await ordersOfPayments(
      deps.db,
      deps.payments.name,
      paymentIds.slice(i, i + 1_000),
    );
    for (const row of rows) if (row.providerPaymentId) byPayment.set(row.providerPaymentId, row);
  }
  for (const d of unexplained) {
    const order = byPayment.get(paymentOf.get(d.providerId) ?? d.providerId);
    if (!order) continue;
    d.orderId = order.orderId;
    if (d.record === "capture" && order.soldBeforeLedger) d.known = SOLD_BEFORE_LEDGER;
    else if (d.record === "capture" && order.capturePending) d.known = CAPTURE_PENDING;
  }
}

/** The range asked for, or 400 with the reason. */
export function reconciliationRange(
  deps: Pick<ReconciliationDeps, "now">,
  query: ReconciliationQuery,
) {
  const resolved = resolveDayRange(query, deps.now());
  if (!resolved.ok) throw new AppError("VALIDATION_FAILED", 400, resolved.message);
  return resolved.range;
}

export async function reconcile(
  deps: ReconciliationDeps,
  query: ReconciliationQuery,
): Promise<ReconciliationReport> {
  const range = reconciliationRange(deps, query);
  const window = {
    from: new Date(range.start.getTime() - MARGIN_MS),
    to: new Date(range.end.getTime() + MARGIN_MS),
  };
  const provider = deps.payments.name;
  const [captures, refunds, payouts, activity, transfers] = await Promise.all([
    ledgerCaptures(deps.db, provider, window),
    ledgerRefunds(deps.db, provider, window),
    paidPayouts(deps.db, deps.payouts.name, window),
    deps.payments.listActivity(window),
    deps.payouts.listTransfers(window),
  ]);

  const paymentOf = new Map<string, string>();
  const theirCaptures: Entry[] = [];
  const theirRefunds: Entry[] = [];
  for (const item of activity) {
    const entry = { key: item.id, amount: item.amount, at: item.at, orderId: null, ourId: null };
    if (item.kind === "capture") theirCaptures.push(entry);
    else {
      theirRefunds.push(entry);
      paymentOf.set(item.id, item.paymentId);
    }
  }
  const compared = [
    compare(
      "capture",
      sideOf(
        captures.map((row) => ({
          key: row.providerPaymentId ?? `(no processor id) ${row.paymentId}`,
          amount: row.amount,
          at: row.at,
          orderId: row.orderId,
          ourId: row.paymentId,
        })),
      ),
      sideOf(theirCaptures),
      range,
    ),
    compare(
      "refund",
      sideOf(
        refunds.map((row) => ({
          key: row.providerRefundId ?? `(no processor id) ${row.refundId}`,
          amount: row.amount,
          at: row.at,
          orderId: row.orderId,
          ourId: row.refundId,
        })),
      ),
      sideOf(theirRefunds),
      range,
    ),
    compare(
      "payout",
      sideOf(
        payouts.map((row) => ({
          key: row.reference ?? `(no provider reference) ${row.payoutId}`,
          amount: row.amount,
          at: row.at,
          orderId: null,
          ourId: row.payoutId,
        })),
      ),
      sideOf(
        transfers.map((row) => ({
          key: row.id,
          amount: row.amount,
          at: row.at,
          orderId: null,
          ourId: null,
        })),
      ),
      range,
    ),
  ];
  const differences = compared.flatMap((c) => c.differences);
  await explain(deps, differences, paymentOf);
  differences.sort((a, b) => a.at.localeCompare(b.at) || a.providerId.localeCompare(b.providerId));
  return {
    from: range.from,
    to: range.to,
    provider,
    providerLabel: provider === "stripe" ? "Stripe" : "the simulated processor",
    differences: differences.slice(0, MAX_LISTED_DIFFERENCES),
    omitted: Math.max(0, differences.length - MAX_LISTED_DIFFERENCES),
    summary: {
      captures: compared[0]!.totals,
      refunds: compared[1]!.totals,
      payouts: compared[2]!.totals,
      differences: differences.length,
      known: differences.filter((d) => d.known !== null).length,
    },
  };
}
