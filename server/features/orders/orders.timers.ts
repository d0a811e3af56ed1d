import {
  AUTO_DELIVERY_DAYS,
  RETURN_WINDOW_DAYS,
  SHIP_BY_REMINDER_DAYS_BEFORE,
  addDays,
  orderMessages as m,
} from "../../../domain/orders";
import type { StorageAdapter } from "../../adapters/storage/storage";
import { AppError, isAppError } from "../../errors";
import { createPeriodicTask } from "../../tasks/periodic-task";
import { enqueueMail } from "../mail/mail.api";
import { artistShare, orderTotals } from "./ledger.repository";
import {
  listCompletionDue,
  listDeliveryDue,
  listReminderDue,
  listShipByPassed,
} from "./order-timers.repository";
import { markReminderSent } from "./orders.repository";
import { completedMail, deliveredMail, shipByReminderMail } from "./orders.mails";
import {
  type OrdersDeps,
  mailContext,
  moveOrder,
  requestRefund,
  settleRefund,
  systemActor,
} from "./orders.service";
import { listStalePendingRefunds } from "./refunds.repository";
import { runReturnTimers } from "./returns.timers";

/**
 * The order's clock (decision 0029), run every minute in every app process: the ship-by
 * reminder, the cancellation of what was not shipped in time, delivery 14 days after
 * shipping, completion 7 days after delivery without a problem (the problem window; a
 * return may still be asked for after it, decision 0055), and the retry of refunds a
 * processor failure or a crash left pending. Time is `deps.now()`, so tests move a clock
 * instead of sleeping.
 *
 * Safe with several processes: every step is a guarded UPDATE (a move, or the reminder's
 * `ship_by_reminder_at is null`), so two timers at once make one move and send one
 * e-mail; the loser's 409 is expected and counted as `skipped`, not logged as an error.
 */

/** Orders handled per kind per run; the rest wait for the next run, oldest first. */
export const TIMER_BATCH = 100;
/** A pending refund younger than this is still in its own request's hands. */
export const REFUND_RETRY_AFTER_MS = 60_000;
export const AUTO_CANCEL_REASON = "Not shipped by the ship-by date.";

export type OrderTimersReport = {
  reminded: number;
  cancelled: number;
  delivered: number;
  completed: number;
  /** Pending refunds the processor made this run. */
  refundsSettled: number;
  /** Pending refunds that failed again (logged by settleRefund); retried next run. */
  refundsPending: number;
  /** Pending refunds the processor refused for good: failed, and the team e-mailed. */
  refundsRefused: number;
  /** Return requests the artist left 3 days: the team e-mailed (decision 0055). */
  returnsEscalated: number;
  /** Accepted returns not sent back within 14 days: ended, the order back where it was. */
  returnsLapsed: number;
  /** Returns deemed arrived 14 days after shipping: the buyer's refund requested. */
  returnsDeemedArrived: number;
  /** Return photos uploaded a day ago that no request took: deleted with their files. */
  returnPhotosDeleted: number;
  /** Another process (or person) got there first: nothing to do. */
  skipped: number;
  /** Unexpected failures, logged with the order. */
  failed: number;
};

/** The list was read before the move's transaction: a deadline no longer due is 409. */
function requireDue(at: Date | null, cutoff: Date): void {
  if (!at || at.getTime() > cutoff.getTime()) {
    throw new AppError("CONFLICT", 409, m.alreadyMoved);
  }
}

async function remind(deps: OrdersDeps, orderId: string): Promise<boolean> {
  const sent = await deps.db.transaction(async (tx) => {
    const order = await markReminderSent(tx, orderId, deps.now());
    if (!order) return false;
    const mail = shipByReminderMail(await mailContext(deps, tx, order), order.shipBy);
    if (mail.to) await enqueueMail(tx, mail);
    return true;
  });
  if (sent) deps.kickOutbox();
  return sent;
}

async function autoCancel(deps: OrdersDeps, orderId: string): Promise<boolean> {
  await requestRefund(deps, {
    orderId,
    move: "auto_cancel",
    actor: systemActor,
    reason: AUTO_CANCEL_REASON,
  });
  return true;
}

async function autoDeliver(deps: OrdersDeps, orderId: string, cutoff: Date): Promise<boolean> {
  const now = deps.now();
  await moveOrder(deps, {
    orderId,
    move: "auto_deliver",
    actor: systemActor,
    set: { deliveredAt: now },
    note: `Delivered automatically ${AUTO_DELIVERY_DAYS} days after shipping.`,
    check: (order) => requireDue(order.shippedAt, cutoff),
    mails: (context) => [deliveredMail(context, false)],
  });
  return true;
}

async function complete(deps: OrdersDeps, orderId: string, cutoff: Date): Promise<boolean> {
  await moveOrder(deps, {
    orderId,
    move: "complete",
    actor: systemActor,
    set: { completedAt: deps.now() },
    note: `${RETURN_WINDOW_DAYS} days passed since delivery without a problem reported.`,
    check: (order) => requireDue(order.deliveredAt, cutoff),
    // What the artist is owed after any partial refund, read under the move's lock.
    mails: async (context, _moved, tx) => [
      completedMail(context, artistShare(await orderTotals(tx, orderId)).earned),
    ],
  });
  return true;
}

/** One run of every timer; each kind in a batch of at most TIMER_BATCH, oldest first. */
export async function runOrderTimers(
  deps: OrdersDeps & { storage?: StorageAdapter },
): Promise<OrderTimersReport> {
  const report: OrderTimersReport = {
    reminded: 0,
    cancelled: 0,
    delivered: 0,
    completed: 0,
    refundsSettled: 0,
    refundsPending: 0,
    refundsRefused: 0,
    returnsEscalated: 0,
    returnsLapsed: 0,
    returnsDeemedArrived: 0,
    returnPhotosDeleted: 0,
    skipped: 0,
    failed: 0,
  };
  const now = deps.now();

  async function attempt(
    kind: "reminded" | "cancelled" | "delivered" | "completed",
    orderId: string,
    work: () => Promise<boolean>,
  ) {
    try {
      if (await work()) report[kind] += 1;
      else report.skipped += 1;
    } catch (error) {
      if (isAppError(error) && error.status === 409) {
        report.skipped += 1;
        return;
      }
      report.failed += 1;
      deps.logger.error(`order timers: ${kind} failed`, { orderId, error });
    }
  }

  const remindBefore = addDays(now, SHIP_BY_REMINDER_DAYS_BEFORE);
  for (const id of await listReminderDue(deps.db, { now, remindBefore, limit: TIMER_BATCH })) {
    await attempt("reminded", id, () => remind(deps, id));
  }
  for (const id of await listShipByPassed(deps.db, now, TIMER_BATCH)) {
    await attempt("cancelled", id, () => autoCancel(deps, id));
  }
  const shippedBefore = addDays(now, -AUTO_DELIVERY_DAYS);
  for (const id of await listDeliveryDue(deps.db, shippedBefore, TIMER_BATCH)) {
    await attempt("delivered", id, () => autoDeliver(deps, id, shippedBefore));
  }
  const deliveredBefore = addDays(now, -RETURN_WINDOW_DAYS);
  for (const id of await listCompletionDue(deps.db, deliveredBefore, TIMER_BATCH)) {
    await attempt("completed", id, () => complete(deps, id, deliveredBefore));
  }

  const returns = await runReturnTimers(deps, TIMER_BATCH, report);
  report.returnsEscalated = returns.escalated;
  report.returnsLapsed = returns.lapsed;
  report.returnsDeemedArrived = returns.deemedArrived;
  report.returnPhotosDeleted = returns.photosDeleted;

  const stale = new Date(now.getTime() - REFUND_RETRY_AFTER_MS);
  for (const refund of await listStalePendingRefunds(deps.db, stale, TIMER_BATCH)) {
    try {
      const outcome = await settleRefund(deps, refund.id);
      if (outcome.refund?.status === "pending") report.refundsPending += 1;
      else if (outcome.refund?.status === "failed") report.refundsRefused += 1;
      else report.refundsSettled += 1;
    } catch (error) {
      report.failed += 1;
      deps.logger.error("order timers: retrying a refund failed", { refundId: refund.id, error });
    }
  }
  return report;
}

/**
 * A run not finished after this is given up on (periodic-task): the next minute's run
 * starts beside it, so a processor call that hangs past its own timeout cannot stop the
 * clock of every other order in this process.
 */
export const ORDER_TIMERS_MAX_RUN_MS = 10 * 60 * 1000;

/** The timers as the server's periodic task (server/start.ts), every minute. */
export function createOrderTimers(deps: OrdersDeps & { storage?: StorageAdapter }) {
  return createPeriodicTask({
    name: "order timers run",
    work: () => runOrderTimers(deps),
    defaultIntervalMs: 60_000,
    maxRunMs: ORDER_TIMERS_MAX_RUN_MS,
    logger: deps.logger,
  });
}
