import {
  type AdminOrderAction,
  type AdminOrderDetail,
  type AdminOrdersPage,
  type AdminOrdersQuery,
  type CancelBody,
  type CloseProblemBody,
  type RefundBody,
  adminOrderMessages as am,
} from "../../../contracts/admin-orders.contract";
import { priceText } from "../../../domain/display";
import { isUuid } from "../../../domain/ids";
import { mayMove, orderMessages as m, refundable } from "../../../domain/orders";
import { AppError } from "../../errors";
import { decodeCursor, encodeCursor } from "../../page-cursor";
import type { AuditActor } from "../audit/audit.api";
import { findContact } from "../users/users.api";
import { countOrdersByStatus, listRefundsForConsole } from "./admin-orders.repository";
import { orderTotals, pendingRefundTotal } from "./ledger.repository";
import { completedMail } from "./orders.mails";
import { findOrder } from "./orders.repository";
import { findOrderPayment } from "./order-payment.repository";
import { type OrderActor, type OrdersDeps, moveOrder, requestRefund } from "./orders.service";
import { listOrderViews, orderDetailView } from "./order-views.repository";

/**
 * The team's orders console (decision 0029): every order, one order with its
 * payment and refunds, and the team's moves on it. The moves themselves are the orders
 * service's (`moveOrder`, `requestRefund`): guarded, evented, audited and mailed there.
 */

const PAGE_SIZE = 50;

/** The signed-in admin as the orders service's actor: the team, audited as them. */
function teamActor(admin: AuditActor): OrderActor {
  return { id: admin.id, role: "team", audit: { id: admin.id, email: admin.email } };
}

/** A malformed id names no order: the same 404 as an unknown one. */
function orderIdOf(raw: string): string {
  if (!isUuid(raw)) throw new AppError("NOT_FOUND", 404, m.notFound);
  return raw.toLowerCase();
}

export async function listOrdersForTeam(
  { db }: Pick<OrdersDeps, "db">,
  query: AdminOrdersQuery,
): Promise<AdminOrdersPage> {
  const rows = await listOrderViews(db, {
    status: query.status,
    search: query.q || undefined,
    before: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: PAGE_SIZE + 1,
  });
  const shown = rows.slice(0, PAGE_SIZE);
  const last = shown.at(-1);
  return {
    orders: shown.map(({ cursorAt: _, ...row }) => row),
    next: rows.length > PAGE_SIZE && last ? encodeCursor(last.cursorAt, last.id) : null,
    counts: await countOrdersByStatus(db),
  };
}

export async function getOrderForTeam(
  { db }: Pick<OrdersDeps, "db">,
  rawId: string,
): Promise<AdminOrderDetail> {
  const id = orderIdOf(rawId);
  const order = await findOrder(db, id);
  const view = order ? await orderDetailView(db, id) : undefined;
  if (!order || !view) throw new AppError("NOT_FOUND", 404, m.notFound);
  const artist = await findContact(db, view.artistId);
  const payment = await findOrderPayment(db, order.paymentId);
  if (!payment) throw new Error(`order ${id} has no payment`);
  const totals = await orderTotals(db, id);
  const pending = await pendingRefundTotal(db, id);
  const left = refundable(totals.capture, totals.refund + pending);
  return {
    ...view,
    artistEmail: artist?.email ?? "",
    payment: {
      provider: payment.provider,
      providerPaymentId: payment.providerPaymentId,
      status: payment.status,
      authorized: payment.totalAmount,
      captured: totals.capture,
      refunded: totals.refund,
      pendingRefunds: pending,
    },
    refunds: await listRefundsForConsole(db, id),
    refundable: left,
    actions: {
      refund: left > 0 && mayMove("refund_full", view.status, "team"),
      closeProblem: mayMove("close_problem", view.status, "team"),
      cancel: mayMove("cancel", view.status, "team"),
    },
  };
}

async function answer(
  deps: OrdersDeps,
  orderId: string,
  message: string,
  refundId: string | null,
): Promise<AdminOrderAction> {
  const order = await getOrderForTeam(deps, orderId);
  const refund = refundId ? (order.refunds.find((r) => r.id === refundId) ?? null) : null;
  return { message, refund, order };
}

/** A refund of `amount` cents, or without it of everything that is left. */
export async function refundOrderForTeam(
  deps: OrdersDeps,
  admin: AuditActor,
  rawId: string,
  body: RefundBody,
): Promise<AdminOrderAction> {
  const orderId = orderIdOf(rawId);
  const outcome = await requestRefund(deps, {
    orderId,
    move: body.amount === undefined ? "refund_full" : "refund_partial",
    actor: teamActor(admin),
    reason: body.reason,
    amount: body.amount,
  });
  const refund = outcome.refund;
  if (!refund) throw new Error("a team refund made no refund row");
  const message =
    refund.status === "succeeded"
      ? am.refunded(priceText(refund.amount))
      : refund.status === "failed"
        ? am.refundRefused(refund.failureMessage ?? "")
        : am.refundPending;
  return answer(deps, orderId, message, refund.id);
}

/**
 * A reported problem closed without a refund: the order is completed and the artist's
 * net (less any partial refund) is payable at once. Refused while a refund is still
 * with the processor: its outcome changes what is payable.
 */
export async function closeProblemForTeam(
  deps: OrdersDeps,
  admin: AuditActor,
  rawId: string,
  body: CloseProblemBody,
): Promise<AdminOrderAction> {
  const orderId = orderIdOf(rawId);
  await moveOrder(deps, {
    orderId,
    move: "close_problem",
    actor: teamActor(admin),
    set: { completedAt: deps.now() },
    note: body.note,
    // Both read under the move's lock, so a refund asked at the same time is seen.
    check: async (_order, tx) => {
      if ((await pendingRefundTotal(tx, orderId)) > 0) {
        throw new AppError("CONFLICT", 409, am.refundInProgress);
      }
    },
    mails: async (context, _moved, tx) => {
      const totals = await orderTotals(tx, orderId);
      const payable = totals.artist_net - totals.artist_net_refund;
      return payable > 0 ? [completedMail(context, payable)] : [];
    },
  });
  return answer(deps, orderId, am.problemClosed, null);
}

/** The order cancelled by the team (lost in transit…): everything left is refunded. */
export async function cancelOrderForTeam(
  deps: OrdersDeps,
  admin: AuditActor,
  rawId: string,
  body: CancelBody,
): Promise<AdminOrderAction> {
  const orderId = orderIdOf(rawId);
  const outcome = await requestRefund(deps, {
    orderId,
    move: "cancel",
    actor: teamActor(admin),
    reason: body.reason,
  });
  const refund = outcome.refund;
  let message: string = am.cancelledUncaptured;
  if (refund?.status === "succeeded") message = am.cancelledRefunded(priceText(refund.amount));
  else if (refund?.status === "failed") {
    message = am.cancelledRefundRefused(refund.failureMessage ?? "");
  } else if (refund) message = am.cancelledPending;
  return answer(deps, orderId, message, refund?.id ?? null);
}
