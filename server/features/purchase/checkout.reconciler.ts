import { isAppError } from "../../errors";
import { releaseExpiredReservations, releaseReservation } from "./checkout.repository";
import {
  type PaymentRow,
  listUncapturedSales,
  listUnfinishedPayments,
  updatePayment,
} from "./payments.repository";
import { type PurchaseDeps, capture, complete } from "./purchase.service";
import { createPeriodicTask } from "../../tasks/periodic-task";

/** How long a fresh payment is left to the browser's own complete call. */
export const COMPLETE_GRACE_SECONDS = 120;

export type ReconcileReport = {
  completed: number;
  cancelled: number;
  captured: number;
  /** Sales whose capture failed this run; they stay authorized and are tried again next run. */
  captureFailed: number;
  released: number;
};

/**
 * Settles what a crash or a closed browser left behind: authorized payments whose
 * complete call never came are completed (or cancelled if the work went to someone
 * else), authorizations that outlived their reservation are cancelled, sales that
 * were not captured are captured, and expired reservations are released. Every
 * step is idempotent, so several app servers may run it at once.
 */
export function createReconciler(deps: PurchaseDeps) {
  const { db, provider, logger } = deps;
  async function settle(payment: PaymentRow, report: ReconcileReport) {
    if (!payment.providerPaymentId) {
      // The authorization was never created (the processor failed); nothing to cancel.
      if (payment.reservedUntil && payment.reservedUntil < new Date()) {
        await updatePayment(db, payment.id, ["created"], { status: "cancelled" });
        report.cancelled += 1;
      }
      return;
    }
    const status = await provider.retrieve(payment.providerPaymentId);
    if (status === "authorized" || status === "captured") {
      try {
        await complete(deps, payment.id);
        report.completed += 1;
      } catch (error) {
        if (!isAppError(error) || error.status >= 500) throw error;
        report.cancelled += 1;
      }
      return;
    }
    const expired = payment.reservedUntil !== null && payment.reservedUntil < new Date();
    if (status === "created" && !expired) return;
    if (status === "created") await provider.cancel(payment.providerPaymentId);
    await updatePayment(db, payment.id, ["created", "authorized"], {
      status: status === "declined" ? "declined" : "cancelled",
      failureMessage: "Not paid before the reservation ended.",
    });
    await releaseReservation(db, payment.artworkId, payment.id);
    report.cancelled += 1;
  }

  async function runOnce(): Promise<ReconcileReport> {
    const report: ReconcileReport = {
      completed: 0,
      cancelled: 0,
      captured: 0,
      captureFailed: 0,
      released: 0,
    };
    for (const payment of await listUnfinishedPayments(db, COMPLETE_GRACE_SECONDS)) {
      try {
        await settle(payment, report);
      } catch (error) {
        logger.error("reconciler: settling a payment failed", { paymentId: payment.id, error });
      }
    }
    for (const payment of await listUncapturedSales(db, COMPLETE_GRACE_SECONDS)) {
      // capture() logs the failure with the payment id.
      if (await capture(deps, payment)) report.captured += 1;
      else report.captureFailed += 1;
    }
    report.released = await releaseExpiredReservations(db);
    return report;
  }

  /**
   * At start, before the server answers: captures every sale still authorized, without
   * the grace a periodic run gives a capture in flight. A process killed between the
   * processor's capture and our ledger row leaves such a sale; repaired here, nobody
   * (the reconciliation report first) sees the money taken but not in the ledger.
   * Safe with other processes running: the processor's capture is idempotent and only
   * the call that moves the payment to captured writes the ledger rows.
   *
   * No capture is started after `deadline` (epoch ms): a processor that hangs would
   * otherwise hold the start for one SDK timeout per sale. What is left stays
   * authorized for the periodic runs, and `left` says how many (at most a batch).
   */
  async function repairAfterCrash(
    deadline = Number.POSITIVE_INFINITY,
  ): Promise<{ repaired: number; left: number }> {
    let repaired = 0;
    for (;;) {
      const left = await listUncapturedSales(db, 0);
      let progress = false;
      let failed = 0;
      for (const payment of left) {
        if (Date.now() >= deadline) {
          return { repaired, left: (await listUncapturedSales(db, 0)).length };
        }
        if (await capture(deps, payment)) {
          repaired += 1;
          progress = true;
        } else failed += 1;
      }
      // A batch that failed entirely stays for the periodic runs (the processor may be down).
      if (left.length < 100 || !progress) return { repaired, left: failed };
    }
  }

  const task = createPeriodicTask({
    name: "reconciler run",
    work: runOnce,
    defaultIntervalMs: 60_000,
    logger,
  });
  return { ...task, repairAfterCrash };
}
