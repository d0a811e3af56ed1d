/**
 * How a payout run turns an artist's unpaid settled orders into ledger rows (decision
 * 0029). Pure arithmetic in integer cents, so the rows of a payout or a reversal always
 * add up to its amount.
 */

/** What a settled order still owes the artist (positive) or they owe back (negative). */
export type Owed = { orderId: string; owed: number };

/** One ledger row of a payout or a reversal: money to the artist, or back from them. */
export type Piece = { orderId: string; kind: "payout" | "payout_reversal"; amount: number };

/** A paid transfer that may still be reversed, newest first: `left` is what it still holds. */
export type ReversibleTransfer = { payoutId: string; reference: string; left: number };

/** One reversal against one transfer: its amount and its rows. */
export type PlannedReversal = {
  reverses: string;
  reference: string;
  amount: number;
  pieces: Piece[];
};

export function totalOwed(owed: readonly Owed[]): number {
  return owed.reduce((sum, row) => sum + row.owed, 0);
}

/**
 * A payout of a positive total: a `payout` row per order owed money, and a
 * `payout_reversal` row per order refunded after it was paid (netted off here).
 */
export function payoutPieces(owed: readonly Owed[]): Piece[] {
  return owed
    .filter((row) => row.owed !== 0)
    .map((row) =>
      row.owed > 0
        ? { orderId: row.orderId, kind: "payout", amount: row.owed }
        : { orderId: row.orderId, kind: "payout_reversal", amount: -row.owed },
    );
}

/**
 * An artist who owes (their total is negative: refunds after their payouts outweigh what
 * is owed to them) has the debt taken back from the transfers they were paid, newest
 * first, each at most what it still holds. The first reversal also nets off the orders
 * still owed to them; an order's debt may be split over two reversals. What no transfer
 * can hold stays owed (it is netted off the next payout).
 */
export function reversalPlan(
  owed: readonly Owed[],
  transfers: readonly ReversibleTransfer[],
): PlannedReversal[] {
  const credits = owed.filter((row) => row.owed > 0);
  const credit = totalOwed(credits);
  const debts = owed.filter((row) => row.owed < 0).map((row) => ({ ...row, left: -row.owed }));
  let debt = -totalOwed(owed);
  const plan: PlannedReversal[] = [];
  for (const transfer of transfers) {
    if (debt <= 0) break;
    const amount = Math.min(transfer.left, debt);
    if (amount <= 0) continue;
    const pieces: Piece[] =
      plan.length === 0
        ? credits.map((row) => ({ orderId: row.orderId, kind: "payout", amount: row.owed }))
        : [];
    let need = amount + (plan.length === 0 ? credit : 0);
    for (const row of debts) {
      if (need === 0) break;
      const take = Math.min(row.left, need);
      if (take === 0) continue;
      pieces.push({ orderId: row.orderId, kind: "payout_reversal", amount: take });
      row.left -= take;
      need -= take;
    }
    plan.push({ reverses: transfer.payoutId, reference: transfer.reference, amount, pieces });
    debt -= amount;
  }
  return plan;
}
