import { and, asc, eq, inArray, notExists, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { type LedgerKind, ledgerEntries, orders, refunds } from "../../db/schema";
import type { RefundShares } from "../../../domain/orders";
import type { OrderRow } from "./orders.repository";

/**
 * The append-only money movements (decision 0029). Every balance is a sum over these
 * rows; nothing here updates or deletes one.
 */

export type LedgerTotals = Record<LedgerKind, number>;

const ZERO: LedgerTotals = {
  capture: 0,
  tax: 0,
  commission: 0,
  artist_net: 0,
  refund: 0,
  tax_refund: 0,
  commission_refund: 0,
  artist_net_refund: 0,
  payout: 0,
  payout_reversal: 0,
};

/** The capture of an order's payment: the total, split into tax, commission and the artist's net. */
export async function recordCaptureEntries(db: Queryable, order: OrderRow): Promise<void> {
  const rows: { kind: LedgerKind; amount: number }[] = [
    { kind: "capture", amount: order.totalAmount },
    { kind: "tax", amount: order.taxAmount },
    { kind: "commission", amount: order.commissionAmount },
    { kind: "artist_net", amount: order.artistNet },
  ];
  const values = rows
    .filter((row) => row.amount > 0)
    .map((row) => ({ ...row, orderId: order.id, artistId: order.artistId }));
  if (values.length === 0) return;
  // A capture recorded twice (a retried reconciler run) adds nothing: one set per order.
  await db.insert(ledgerEntries).values(values).onConflictDoNothing();
}

/** A succeeded refund: the money given back and the parts it came out of. */
export async function recordRefundEntries(
  db: Queryable,
  order: Pick<OrderRow, "id" | "artistId">,
  refundId: string,
  amount: number,
  shares: RefundShares,
): Promise<void> {
  const rows: { kind: LedgerKind; amount: number }[] = [
    { kind: "refund", amount },
    { kind: "tax_refund", amount: shares.tax },
    { kind: "commission_refund", amount: shares.commission },
    { kind: "artist_net_refund", amount: shares.artistNet },
  ];
  const values = rows
    .filter((row) => row.amount > 0)
    .map((row) => ({ ...row, orderId: order.id, artistId: order.artistId, refundId }));
  await db.insert(ledgerEntries).values(values).onConflictDoNothing();
}

/** Sums by kind of one order's movements. */
export async function orderTotals(db: Queryable, orderId: string): Promise<LedgerTotals> {
  const rows = await db
    .select({ kind: ledgerEntries.kind, total: sql<string>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId))
    .groupBy(ledgerEntries.kind);
  const totals = { ...ZERO };
  for (const row of rows) totals[row.kind] = Number(row.total);
  return totals;
}

/** What the artist's net of an order still is, and what of it was paid to them. */
export function artistShare(totals: LedgerTotals): { earned: number; paid: number } {
  return {
    earned: totals.artist_net - totals.artist_net_refund,
    paid: totals.payout - totals.payout_reversal,
  };
}

/**
 * What is committed to refunds of the order but not yet in the ledger: pending refunds
 * count against what may still be refunded, so two refunds at once cannot exceed it.
 */
export async function pendingRefundTotal(db: Queryable, orderId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${refunds.amount}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), inArray(refunds.status, ["pending"])));
  return Number(row?.total ?? 0);
}

/** Orders whose artist's share is settled: owed to them (completed), or owed back (refunded). */
const SETTLED = ["completed", "partially_refunded", "refunded", "cancelled"] as const;

/**
 * A ledger row's part in what the artist earned: their net, less its refunds. A cancelled
 * order earns them nothing, whatever its rows say: its refund may have been refused by
 * the processor (failed), leaving the net in the ledger while the buyer's money is the
 * team's to settle, never the artist's to be paid. Needs `orders` joined.
 */
const earnedRowSql = sql`case when ${orders.status} = 'cancelled' then 0 else (case ${ledgerEntries.kind} when 'artist_net' then ${ledgerEntries.amount} when 'artist_net_refund' then -${ledgerEntries.amount} else 0 end) end`;
/** A ledger row's part in what the artist was paid: payouts less reversals. */
const paidRowSql = sql`case ${ledgerEntries.kind} when 'payout' then ${ledgerEntries.amount} when 'payout_reversal' then -${ledgerEntries.amount} else 0 end`;
const earnedSql = sql<string>`coalesce(sum(${earnedRowSql}), 0)`;
const paidSql = sql<string>`coalesce(sum(${paidRowSql}), 0)`;

export type ArtistBalances = {
  /** Net of orders still in progress (not yet payable). */
  pending: number;
  /** Net of settled orders not yet paid (negative: paid out, then refunded). */
  payable: number;
  /** Everything paid to the artist, less what was taken back. */
  paidOut: number;
};

/** The artist's three totals, each a sum over the ledger (decision 0029). */
export async function artistBalances(db: Queryable, artistId: string): Promise<ArtistBalances> {
  const rows = await db
    .select({ status: orders.status, earned: earnedSql, paid: paidSql })
    .from(ledgerEntries)
    .innerJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .where(eq(ledgerEntries.artistId, artistId))
    .groupBy(orders.status);
  const balances: ArtistBalances = { pending: 0, payable: 0, paidOut: 0 };
  for (const row of rows) {
    const earned = Number(row.earned);
    const paid = Number(row.paid);
    balances.paidOut += paid;
    if ((SETTLED as readonly string[]).includes(row.status)) balances.payable += earned - paid;
    else balances.pending += earned - paid;
  }
  return balances;
}

/**
 * Per settled order of the artist, what is still owed to them (positive) or back from
 * them (negative): the payout run pays the sum and writes one row per order. An order
 * with a refund still pending waits: the refund's outcome changes what is owed. A
 * cancelled order is never owed (earnedRowSql).
 */
export async function unpaidSettledOrders(
  db: Queryable,
  artistId: string,
): Promise<{ orderId: string; owed: number }[]> {
  const rows = await db
    .select({ orderId: ledgerEntries.orderId, earned: earnedSql, paid: paidSql })
    .from(ledgerEntries)
    .innerJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .where(
      and(
        eq(ledgerEntries.artistId, artistId),
        inArray(orders.status, [...SETTLED]),
        notExists(
          db
            .select({ id: refunds.id })
            .from(refunds)
            .where(and(eq(refunds.orderId, orders.id), eq(refunds.status, "pending"))),
        ),
      ),
    )
    .groupBy(ledgerEntries.orderId);
  return rows
    .map((row) => ({ orderId: row.orderId, owed: Number(row.earned) - Number(row.paid) }))
    .filter((row) => row.owed !== 0);
}

const settledSql = inArray(orders.status, [...SETTLED]);
const owedSql = sql<string>`coalesce(sum(case when ${settledSql} then (${earnedRowSql}) - (${paidRowSql}) else 0 end), 0)`;
const inProgressSql = sql<string>`coalesce(sum(case when ${settledSql} then 0 else (${earnedRowSql}) - (${paidRowSql}) end), 0)`;

/**
 * Every artist whose settled orders owe them money or are owed back (the payout run's
 * list; each is then read again under the artist's lock with unpaidSettledOrders).
 */
export async function artistsWithUnpaid(db: Queryable): Promise<string[]> {
  const rows = await db
    .select({ artistId: ledgerEntries.artistId })
    .from(ledgerEntries)
    .innerJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .groupBy(ledgerEntries.artistId)
    .having(sql`${owedSql} <> 0`)
    .orderBy(ledgerEntries.artistId);
  return rows.map((row) => row.artistId);
}

/** Per artist with anything not yet paid: the payable (settled) and pending (in progress) sums. */
export async function unpaidByArtist(
  db: Queryable,
  limit: number,
): Promise<{ artistId: string; payable: number; pending: number }[]> {
  const rows = await db
    .select({ artistId: ledgerEntries.artistId, payable: owedSql, pending: inProgressSql })
    .from(ledgerEntries)
    .innerJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .groupBy(ledgerEntries.artistId)
    .having(sql`${owedSql} <> 0 or ${inProgressSql} <> 0`)
    .orderBy(sql`${owedSql} desc`, ledgerEntries.artistId)
    .limit(limit);
  return rows.map((row) => ({
    artistId: row.artistId,
    payable: Number(row.payable),
    pending: Number(row.pending),
  }));
}

export type OrderEarnings = { earned: number; paidOut: number };

/**
 * Per order, what the artist earned (their net less its refunds) and what of it was paid
 * to them (payouts less reversals): the figures each sale shows, so that the page, the
 * CSV and the totals above them are sums over the same rows. An order the ledger has no
 * rows of (not captured yet, cancelled before the capture, sold before the ledger) earned
 * nothing. A cancelled order earns nothing whatever its rows say: its refund may have
 * been refused by the processor, leaving the net in the ledger, yet it is never the
 * artist's (the payout run's rule too). Orders without rows are left out of the map.
 */
export async function earningsOfOrders(
  db: Queryable,
  orderIds: readonly string[],
): Promise<Map<string, OrderEarnings>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: orders.id,
      // earnedSql already counts a cancelled order as earning nothing.
      earned: earnedSql,
      paid: paidSql,
    })
    .from(ledgerEntries)
    .innerJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .where(inArray(ledgerEntries.orderId, [...orderIds]))
    .groupBy(orders.id);
  return new Map(
    rows.map((row) => [row.orderId, { earned: Number(row.earned), paidOut: Number(row.paid) }]),
  );
}

/** A payout's or a reversal's share of one order, as the ledger records it. */
export type PayoutPiece = { orderId: string; kind: "payout" | "payout_reversal"; amount: number };

/** The ledger rows of a payout or a reversal, one per order. */
export async function insertPayoutEntries(
  db: Queryable,
  payout: { id: string; artistId: string },
  pieces: readonly PayoutPiece[],
): Promise<void> {
  if (pieces.length === 0) return;
  await db.insert(ledgerEntries).values(
    pieces.map((piece) => ({
      orderId: piece.orderId,
      artistId: payout.artistId,
      kind: piece.kind,
      amount: piece.amount,
      payoutId: payout.id,
    })),
  );
}

/** The ledger rows a payout or a reversal wrote when it was prepared (not its undoing). */
export async function payoutPiecesOf(db: Queryable, payoutId: string): Promise<PayoutPiece[]> {
  const rows = await db
    .select({
      orderId: ledgerEntries.orderId,
      kind: ledgerEntries.kind,
      amount: ledgerEntries.amount,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.payoutId, payoutId))
    .orderBy(asc(ledgerEntries.id));
  return rows.flatMap((row) =>
    row.kind === "payout" || row.kind === "payout_reversal"
      ? [{ orderId: row.orderId, kind: row.kind, amount: row.amount }]
      : [],
  );
}
