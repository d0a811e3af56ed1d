import { priceText } from "../../../domain/display";
import {
  type OrderActorRole,
  type OrderMove,
  type OrderStatus,
  ORDER_MOVES,
  mayMove,
  moveTarget,
  orderMessages as m,
  refundSplit,
  refundable,
} from "../../../domain/orders";
import { type PaymentProvider, RefundRefusedError } from "../../adapters/payments/payment-provider";
import type { Database, Queryable } from "../../db/client";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import { type AuditActor, recordAudit } from "../audit/audit.api";
import { giveReturnedWorkBack } from "../artworks/artworks.api";
import { findContact } from "../users/users.api";
import { workPicture } from "../../mail/mail-content";
import { type NewMail, enqueueMail } from "../mail/mail.api";
import {
  orderTotals,
  pendingRefundTotal,
  recordCaptureEntries,
  recordRefundEntries,
} from "./ledger.repository";
import {
  type OrderMailContext,
  cancelledUnchargedMails,
  completedMail,
  refundRefusedMail,
  refundedMails,
} from "./orders.mails";
import {
  type OrderRow,
  findOrder,
  insertOrderEvent,
  lockOrder,
  moveOrderRow,
} from "./orders.repository";
import {
  cancelUncapturedPayment,
  findOrderPayment,
  markLateCapture,
} from "./order-payment.repository";
import { type RefundRow, findRefund, insertRefund, settleRefundRow } from "./refunds.repository";
import { DEFAULT_TIME_ZONE } from "../../../domain/date-time";

/**
 * The order's moves and its refunds (decision 0029). Every move is one
 * guarded UPDATE with its event and e-mails in one transaction, so double clicks,
 * retries and two servers give one move. Who may make which move is checked here,
 * whatever the caller: the buyer and the artist only on their own orders.
 */

export type OrdersDeps = {
  db: Database;
  logger: Logger;
  provider: PaymentProvider;
  publicUrl: string;
  teamEmail: string;
  kickOutbox: () => void;
  /** The configured commission (COMMISSION_BPS), until the team sets one. */
  commissionBps: number;
  /** Injectable for the timers' tests. */
  now: () => Date;
};

/** Who moves the order: `id` is null for the system. `audit` is the admin, for team moves. */
export type OrderActor = { id: string | null; role: OrderActorRole; audit?: AuditActor };

export const systemActor: OrderActor = { id: null, role: "system" };

/** The order, if this actor may see it; to anyone else it does not exist. */
export function visibleTo(order: OrderRow | undefined, actor: OrderActor): order is OrderRow {
  if (!order) return false;
  if (actor.role === "buyer") return order.purchaserId === actor.id;
  if (actor.role === "artist") return order.artistId === actor.id;
  return true;
}

export async function mailContext(
  deps: Pick<OrdersDeps, "publicUrl">,
  db: Queryable,
  order: OrderRow,
): Promise<OrderMailContext> {
  const buyer = await findContact(db, order.purchaserId);
  const artist = await findContact(db, order.artistId);
  return {
    orderId: order.id,
    title: order.title,
    buyerName: buyer?.displayName ?? "",
    buyerEmail: buyer?.email ?? "",
    artistName: order.artistName,
    artistEmail: artist?.email ?? "",
    artistTimeZone: artist?.timeZone ?? DEFAULT_TIME_ZONE,
    buyerOrderUrl: `${deps.publicUrl}/profile/purchases/${order.id}`,
    artistSalesUrl: `${deps.publicUrl}/profile/sales`,
    picture: workPicture(
      deps.publicUrl,
      order.imageThumbnail,
      `"${order.title}" by ${order.artistName}`,
    ),
  };
}

async function enqueueAll(db: Queryable, mails: NewMail[]) {
  for (const mail of mails) if (mail.to) await enqueueMail(db, mail);
}

export type MoveInput = {
  orderId: string;
  move: OrderMove;
  actor: OrderActor;
  /**
   * The state to move to when the move's rule leaves it open (a refused return goes back
   * to where it was asked from); only used when the move is allowed from the order's state.
   */
  to?: OrderStatus;
  /** Columns the move sets (shippedAt, carrier…). */
  set?: Parameters<typeof moveOrderRow>[1]["set"];
  note?: string | null;
  /**
   * Refuses the move for reasons beyond the state (a closed return window, a refund
   * still pending), read in the move's transaction with the order locked.
   */
  check?: (order: OrderRow, tx: Queryable) => void | Promise<void>;
  /** The move's e-mails, written in its transaction (`tx` reads what they tell). */
  mails?: (
    context: OrderMailContext,
    moved: OrderRow,
    tx: Queryable,
  ) => NewMail[] | Promise<NewMail[]>;
};

/**
 * One move: checks the actor may see the order and make this move from its state, then
 * one guarded UPDATE, its event, its e-mails (and an audit row for the team), together.
 * A move another request already made answers 409.
 */
export async function moveOrder(deps: OrdersDeps, input: MoveInput): Promise<OrderRow> {
  const outcome = await deps.db.transaction(async (tx) => {
    // Locked: a refund requested at the same time (which locks it too) is seen by `check`.
    const order = await lockOrder(tx, input.orderId);
    if (!visibleTo(order, input.actor)) throw new AppError("NOT_FOUND", 404, m.notFound);
    if (!ORDER_MOVES[input.move].by.includes(input.actor.role)) {
      throw new AppError("FORBIDDEN", 403, m.notAllowed);
    }
    const target = moveTarget(input.move, order.status);
    if (target === null) throw new AppError("CONFLICT", 409, m.notAllowed);
    const to = input.to ?? target;
    await input.check?.(order, tx);
    const moved = await moveOrderRow(tx, {
      orderId: order.id,
      from: [order.status],
      to,
      set: input.set,
    });
    // Another request moved it between the read and the update.
    if (!moved) throw new AppError("CONFLICT", 409, m.alreadyMoved);
    await insertOrderEvent(tx, {
      orderId: order.id,
      actorId: input.actor.id,
      actorRole: input.actor.role,
      fromStatus: order.status,
      toStatus: to,
      note: input.note ?? null,
      createdAt: deps.now(),
    });
    if (input.actor.audit) {
      await recordAudit(tx, input.actor.audit, {
        action: `order.${input.move}`,
        targetType: "order",
        targetId: order.id,
        before: { status: order.status },
        after: { status: to, note: input.note ?? null },
      });
    }
    if (input.mails) {
      await enqueueAll(tx, await input.mails(await mailContext(deps, tx, moved), moved, tx));
    }
    return moved;
  });
  deps.kickOutbox();
  return outcome;
}

/**
 * How the event of a refund the processor made begins. The buyer's history shows, of the
 * events that leave the state as it was, only these: not a refund the processor refused
 * (the team's to settle) or the artist putting the work back on sale.
 */
export const REFUND_EVENT_NOTE = "Refunded ";

/** The moves that give money back, and whether they end the order at once (a cancellation). */
export const REFUND_MOVES = [
  "refund_full",
  "refund_partial",
  "cancel",
  "cannot_fulfil",
  "auto_cancel",
  "refund_return",
] as const;
export type RefundMove = (typeof REFUND_MOVES)[number];
const CANCELLING: readonly RefundMove[] = ["cancel", "cannot_fulfil", "auto_cancel"];

export type RefundRequest = {
  orderId: string;
  move: RefundMove;
  actor: OrderActor;
  reason: string;
  /** Cents, for refund_partial; the other moves refund everything that is left. */
  amount?: number;
  /**
   * Written in the refund's own transaction, under the order's lock, before the refund
   * row (a return's arrival): it may refuse with an AppError, and then nothing is written.
   */
  inLock?: (order: OrderRow, tx: Queryable) => Promise<void>;
};

export type RefundOutcome = {
  order: OrderRow;
  /** Null when nothing had been captured (the authorization was cancelled instead). */
  refund: RefundRow | null;
};

/** What may still be refunded: captured, less every refund made or pending (read under the order's lock). */
async function refundableNow(
  tx: Queryable,
  orderId: string,
  totals?: Awaited<ReturnType<typeof orderTotals>>,
): Promise<number> {
  const { capture, refund } = totals ?? (await orderTotals(tx, orderId));
  return refundable(capture, refund + (await pendingRefundTotal(tx, orderId)));
}

/**
 * Money back to the buyer. Under the order's lock: the move must be allowed, and the
 * amount at most what was captured less every refund made or pending. A cancellation
 * moves the order at once; the refund row is written pending, then the processor is
 * asked (`settleRefund`). A processor failure leaves it pending: the order timers retry
 * it with the same idempotency key, so it is never made twice.
 */
export async function requestRefund(
  deps: OrdersDeps,
  input: RefundRequest,
): Promise<RefundOutcome> {
  const reason = input.reason.trim();
  if (!reason) throw new AppError("VALIDATION_FAILED", 400, m.reasonRequired);
  const requested = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (!visibleTo(order, input.actor)) throw new AppError("NOT_FOUND", 404, m.notFound);
    if (!ORDER_MOVES[input.move].by.includes(input.actor.role)) {
      throw new AppError("FORBIDDEN", 403, m.notAllowed);
    }
    if (!mayMove(input.move, order.status, input.actor.role)) {
      throw new AppError("CONFLICT", 409, m.notAllowed);
    }
    await input.inLock?.(order, tx);
    const totals = await orderTotals(tx, order.id);
    const left = await refundableNow(tx, order.id, totals);
    const cancelling = CANCELLING.includes(input.move);
    let amount = left;
    if (input.move === "refund_partial") {
      amount = input.amount ?? 0;
      if (!Number.isSafeInteger(amount) || amount <= 0) {
        throw new AppError("VALIDATION_FAILED", 400, m.refundPositive);
      }
    }
    if (amount > left || (!cancelling && amount <= 0)) {
      throw new AppError("VALIDATION_FAILED", 400, m.refundTooLarge(priceText(left)));
    }
    let current = order;
    if (cancelling) {
      const moved = await moveOrderRow(tx, {
        orderId: order.id,
        from: [order.status],
        to: "cancelled",
        set: { cancelledAt: deps.now() },
      });
      if (!moved) throw new AppError("CONFLICT", 409, m.alreadyMoved);
      current = moved;
      await insertOrderEvent(tx, {
        orderId: order.id,
        actorId: input.actor.id,
        actorRole: input.actor.role,
        fromStatus: order.status,
        toStatus: "cancelled",
        note: reason,
        createdAt: deps.now(),
      });
      // Not captured yet (a capture the reconciler is still retrying): cancel the
      // authorization instead, and stop the reconciler from capturing it.
      if (totals.capture === 0) {
        await cancelUncapturedPayment(tx, order.paymentId, reason);
      }
    }
    if (input.actor.audit) {
      await recordAudit(tx, input.actor.audit, {
        action: `order.${input.move}`,
        targetType: "order",
        targetId: order.id,
        before: { status: order.status },
        after: { status: current.status, amount, reason },
      });
    }
    const refund =
      amount > 0
        ? await insertRefund(tx, {
            orderId: order.id,
            amount,
            reason,
            requestedBy: input.actor.id,
            requestedByRole: input.actor.role,
            move: input.move,
            // The timers' clock: a pending refund is retried once it is a minute old.
            createdAt: deps.now(),
          })
        : null;
    return { order: current, refund, uncaptured: cancelling && totals.capture === 0 };
  });
  if (requested.uncaptured) {
    const late = await cancelAuthorization(deps, requested.order, input.actor, reason);
    if (late) return settleRefund(deps, late.id);
    return { order: requested.order, refund: null };
  }
  if (!requested.refund) return { order: requested.order, refund: null };
  return settleRefund(deps, requested.refund.id);
}

/**
 * The authorization of an order cancelled before its capture is cancelled at the
 * processor, and the buyer and the artist are told the card was never charged. Unless
 * the capture won the race (it was in flight when the order was cancelled): then the
 * money was taken, so its capture goes into the ledger and all of it is refunded, and
 * the refund's e-mails tell them instead. Answers that refund, pending, or null.
 */
async function cancelAuthorization(
  deps: OrdersDeps,
  order: OrderRow,
  actor: OrderActor,
  reason: string,
): Promise<RefundRow | null> {
  const payment = await findOrderPayment(deps.db, order.paymentId);
  if (payment?.providerPaymentId) {
    try {
      await deps.provider.cancel(payment.providerPaymentId);
    } catch (error) {
      const status = await deps.provider.retrieve(payment.providerPaymentId).catch(() => null);
      if (status === "captured") return refundLateCapture(deps, order, actor, reason);
      // An authorization nobody captures lapses on its own; the buyer is not charged.
      deps.logger.error("cancelling a cancelled order's authorization failed", {
        orderId: order.id,
        error,
      });
    }
  }
  await enqueueAll(
    deps.db,
    cancelledUnchargedMails(await mailContext(deps, deps.db, order), reason),
  );
  deps.kickOutbox();
  return null;
}

/** A capture that landed after its order was cancelled: recorded, then refunded in full. */
async function refundLateCapture(
  deps: OrdersDeps,
  order: OrderRow,
  actor: OrderActor,
  reason: string,
): Promise<RefundRow | null> {
  deps.logger.warn("a cancelled order's payment was captured meanwhile; it is refunded", {
    orderId: order.id,
  });
  return deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.id);
    if (!locked) throw new AppError("NOT_FOUND", 404, m.notFound);
    await markLateCapture(tx, locked.paymentId);
    await recordCaptureEntries(tx, locked);
    const left = await refundableNow(tx, locked.id);
    // Another call (a second cancel's check) already asked for it.
    if (left <= 0) return null;
    return insertRefund(tx, {
      orderId: locked.id,
      amount: left,
      reason,
      requestedBy: actor.id,
      requestedByRole: actor.role,
      move: "cancel",
      createdAt: deps.now(),
    });
  });
}

/**
 * Asks the processor for a pending refund (idempotent by the refund's id), then records
 * it: the ledger rows, the order's move (refunded, or partially refunded when a reported
 * problem is settled), its event and the e-mails. Safe to call again and from several
 * servers: only the call that moves the refund out of pending writes anything.
 */
export async function settleRefund(deps: OrdersDeps, refundId: string): Promise<RefundOutcome> {
  const refund = await findRefund(deps.db, refundId);
  if (!refund) throw new AppError("NOT_FOUND", 404, m.notFound);
  const order = await findOrder(deps.db, refund.orderId);
  if (!order) throw new AppError("NOT_FOUND", 404, m.notFound);
  if (refund.status !== "pending") return { order, refund };
  const payment = await findOrderPayment(deps.db, order.paymentId);
  let providerRefundId: string;
  try {
    if (!payment?.providerPaymentId) throw new Error("the order's payment has no processor id");
    ({ id: providerRefundId } = await deps.provider.refund({
      id: payment.providerPaymentId,
      amount: refund.amount,
      idempotencyKey: `refund-${refund.id}`,
    }));
  } catch (error) {
    if (error instanceof RefundRefusedError) return refuseRefund(deps, refund, error.message);
    deps.logger.error("refund failed; it stays pending and is retried", {
      refundId: refund.id,
      orderId: order.id,
      error,
    });
    return { order, refund };
  }
  const outcome = await deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.id);
    if (!locked) throw new AppError("NOT_FOUND", 404, m.notFound);
    if (!(await settleRefundRow(tx, refund.id, "succeeded", { providerRefundId }))) {
      return { order: locked, refund: (await findRefund(tx, refund.id)) ?? refund };
    }
    const totals = await orderTotals(tx, locked.id);
    const money = {
      price: locked.preTaxAmount,
      tax: locked.taxAmount,
      total: locked.totalAmount,
      commissionBps: locked.commissionBps,
      commission: locked.commissionAmount,
      artistNet: locked.artistNet,
    };
    const shares = refundSplit(money, totals.refund, refund.amount);
    await recordRefundEntries(tx, locked, refund.id, refund.amount, shares);
    const full = totals.refund + refund.amount >= totals.capture;
    let current = locked;
    const settles = ["refund_full", "refund_partial", "refund_return"].includes(refund.move);
    let to: OrderStatus = locked.status;
    if (settles) {
      to = full ? "refunded" : (moveTarget("refund_partial", locked.status) ?? locked.status);
      if (to !== locked.status) {
        current =
          (await moveOrderRow(tx, { orderId: locked.id, from: [locked.status], to })) ?? locked;
      }
    }
    // The work sent back is its artist's again (not for sale until they put it back).
    if (refund.move === "refund_return") {
      await giveReturnedWorkBack(tx, {
        artworkId: locked.artworkId,
        artistId: locked.artistId,
        buyerId: locked.purchaserId,
      });
    }
    await insertOrderEvent(tx, {
      orderId: locked.id,
      actorId: refund.requestedBy,
      actorRole: refund.requestedByRole,
      fromStatus: locked.status,
      toStatus: current.status,
      note: `${REFUND_EVENT_NOTE}${priceText(refund.amount)}: ${refund.reason}`,
      createdAt: deps.now(),
    });
    const context = await mailContext(deps, tx, current);
    await enqueueAll(
      tx,
      refundedMails(context, {
        amount: refund.amount,
        full,
        reason: refund.reason,
        cancelled: CANCELLING.includes(refund.move as RefundMove),
        problemSettled: locked.status === "problem_reported" && current.status !== locked.status,
        returned: refund.move === "refund_return",
      }),
    );
    // A partial refund that settles a reported problem makes the rest of the net payable.
    const payable = totals.artist_net - totals.artist_net_refund - shares.artistNet;
    if (
      current.status === "partially_refunded" &&
      locked.status !== current.status &&
      payable > 0
    ) {
      await enqueueMail(tx, completedMail(context, payable));
    }
    return { order: current, refund: (await findRefund(tx, refund.id)) ?? refund };
  });
  deps.kickOutbox();
  return outcome;
}

/**
 * The processor refused the refund for good: the refund ends failed, so it is not
 * retried and no longer counts against what is refundable; the order keeps its state
 * (a cancelled order stays cancelled), its history says so, and the team is e-mailed
 * to settle it with the buyer. Once, however many calls see the refusal.
 */
async function refuseRefund(
  deps: OrdersDeps,
  refund: RefundRow,
  failure: string,
): Promise<RefundOutcome> {
  deps.logger.warn("refund refused by the processor; the team is e-mailed", {
    refundId: refund.id,
    orderId: refund.orderId,
    message: failure,
  });
  const outcome = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, refund.orderId);
    if (!order) throw new AppError("NOT_FOUND", 404, m.notFound);
    if (await settleRefundRow(tx, refund.id, "failed", { failureMessage: failure })) {
      await insertOrderEvent(tx, {
        orderId: order.id,
        actorId: null,
        actorRole: "system",
        fromStatus: order.status,
        toStatus: order.status,
        note: `Refund of ${priceText(refund.amount)} refused by the card processor: ${failure}`,
        createdAt: deps.now(),
      });
      await enqueueAll(tx, [
        refundRefusedMail(
          await mailContext(deps, tx, order),
          { amount: refund.amount, reason: refund.reason, failure },
          { email: deps.teamEmail, orderUrl: `${deps.publicUrl}/admin/orders/${order.id}` },
        ),
      ]);
    }
    return { order, refund: (await findRefund(tx, refund.id)) ?? refund };
  });
  deps.kickOutbox();
  return outcome;
}
