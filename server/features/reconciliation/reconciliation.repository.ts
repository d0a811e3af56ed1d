import { and, eq, gte, inArray, isNull, lt } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import {
  artistPayouts,
  ledgerEntries,
  orderEvents,
  orders,
  payments,
  refunds,
} from "../../db/schema";

/**
 * Our side of the reconciliation: the ledger's captures and refunds, and the payouts
 * made, for one provider and a range [from, to), each by the index on its time.
 */

type Range = { from: Date; to: Date };

/** Every capture in the ledger: the order's total, keyed by the processor's payment id. */
export async function ledgerCaptures(db: Queryable, provider: string, range: Range) {
  return db
    .select({
      orderId: orders.id,
      paymentId: payments.id,
      providerPaymentId: payments.providerPaymentId,
      amount: ledgerEntries.amount,
      at: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .innerJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .innerJoin(payments, eq(payments.id, orders.paymentId))
    .where(
      and(
        eq(ledgerEntries.kind, "capture"),
        gte(ledgerEntries.createdAt, range.from),
        lt(ledgerEntries.createdAt, range.to),
        eq(payments.provider, provider),
      ),
    );
}

/** Every refund in the ledger, keyed by the processor's refund id. */
export async function ledgerRefunds(db: Queryable, provider: string, range: Range) {
  return db
    .select({
      orderId: orders.id,
      refundId: refunds.id,
      providerRefundId: refunds.providerRefundId,
      amount: ledgerEntries.amount,
      at: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .innerJoin(refunds, eq(refunds.id, ledgerEntries.refundId))
    .innerJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .innerJoin(payments, eq(payments.id, orders.paymentId))
    .where(
      and(
        eq(ledgerEntries.kind, "refund"),
        gte(ledgerEntries.createdAt, range.from),
        lt(ledgerEntries.createdAt, range.to),
        eq(payments.provider, provider),
      ),
    );
}

/** Payouts (and reversals) the provider made, keyed by its reference. */
export async function paidPayouts(db: Queryable, provider: string, range: Range) {
  return db
    .select({
      payoutId: artistPayouts.id,
      reference: artistPayouts.providerReference,
      amount: artistPayouts.amount,
      at: artistPayouts.createdAt,
    })
    .from(artistPayouts)
    .where(
      and(
        eq(artistPayouts.status, "paid"),
        gte(artistPayouts.createdAt, range.from),
        lt(artistPayouts.createdAt, range.to),
        eq(artistPayouts.provider, provider),
      ),
    );
}

/**
 * The orders of these processor payments, and whether each was sold before the ledger
 * existed (migration 0012 settled those as completed with no ledger rows; decision 0029).
 */
export async function ordersOfPayments(db: Queryable, provider: string, providerIds: string[]) {
  if (providerIds.length === 0) return [];
  const rows = await db
    .select({
      orderId: orders.id,
      providerPaymentId: payments.providerPaymentId,
      paymentStatus: payments.status,
      backfill: orderEvents.id,
    })
    .from(orders)
    .innerJoin(payments, eq(payments.id, orders.paymentId))
    .leftJoin(
      orderEvents,
      and(
        eq(orderEvents.orderId, orders.id),
        isNull(orderEvents.fromStatus),
        eq(orderEvents.toStatus, "completed"),
      ),
    )
    .where(and(eq(payments.provider, provider), inArray(payments.providerPaymentId, providerIds)));
  return rows.map((row) => ({
    orderId: row.orderId,
    providerPaymentId: row.providerPaymentId,
    soldBeforeLedger: row.backfill !== null,
    // Still authorized on our side: the capture's ledger rows are not written yet.
    capturePending: row.paymentStatus === "authorized",
  }));
}
