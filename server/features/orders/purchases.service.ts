import type { PurchaseDetail } from "../../../contracts/orders.contract";
import type { ReportProblemBody } from "../../../contracts/purchases.contract";
import { isUuid } from "../../../domain/ids";
import {
  PROBLEM_KIND_LABELS,
  RETURN_WINDOW_DAYS,
  addDays,
  mayMove,
  mayReportProblem,
  orderMessages as m,
} from "../../../domain/orders";
import { AppError } from "../../errors";
import { orderDetailView } from "./order-views.repository";
import { deliveredMail, problemReportedMails } from "./orders.mails";
import { type OrderRow, findOrder } from "./orders.repository";
import {
  type OrderActor,
  type OrdersDeps,
  REFUND_EVENT_NOTE,
  moveOrder,
  visibleTo,
} from "./orders.service";

/**
 * The buyer's side of an order (docs/api.md "Buyer's orders"): their order
 * page, "Confirm receipt" and "Report a problem". A buyer sees only their own orders;
 * to anyone else an order does not exist (404), whatever its id.
 */

function buyer(buyerId: string): OrderActor {
  return { id: buyerId, role: "buyer" };
}

/** A path id that is not a UUID names no order: the same 404 as an unknown one. */
function orderIdOf(value: string): string {
  if (!isUuid(value)) throw new AppError("NOT_FOUND", 404, m.notFound);
  return value.toLowerCase();
}

export async function getPurchase(
  deps: OrdersDeps,
  buyerId: string,
  orderId: string,
): Promise<PurchaseDetail> {
  const view = await orderDetailView(deps.db, orderIdOf(orderId));
  if (!view || view.purchaserId !== buyerId) throw new AppError("NOT_FOUND", 404, m.notFound);
  const now = deps.now();
  const order = {
    status: view.status,
    deliveredAt: view.deliveredAt ? new Date(view.deliveredAt) : null,
  };
  return {
    id: view.id,
    artworkId: view.artworkId,
    title: view.title,
    imageThumbnail: view.imageThumbnail,
    artistName: view.artistName,
    buyerName: view.buyerName,
    status: view.status,
    price: view.price,
    taxAmount: view.taxAmount,
    totalAmount: view.totalAmount,
    refundedAmount: view.refundedAmount,
    soldAt: view.soldAt,
    shipBy: view.shipBy,
    shippedAt: view.shippedAt,
    carrier: view.carrier,
    trackingNumber: view.trackingNumber,
    deliveredAt: view.deliveredAt,
    completedAt: view.completedAt,
    cancelledAt: view.cancelledAt,
    problemKind: view.problemKind,
    problemNote: view.problemNote,
    pickUpZipCode: view.pickUpZipCode,
    shippingAddress: view.shippingAddress,
    events: view.events.filter(
      (e) => e.fromStatus !== e.toStatus || e.note?.startsWith(REFUND_EVENT_NOTE),
    ),
    mayConfirmReceipt: mayMove("confirm_receipt", view.status, "buyer"),
    mayReportProblem: mayReportProblem(order, now),
  };
}

/** The buyer has the work: delivered now, and the artist is told. */
export async function confirmReceipt(
  deps: OrdersDeps,
  buyerId: string,
  orderId: string,
): Promise<PurchaseDetail> {
  const id = orderIdOf(orderId);
  await moveOrder(deps, {
    orderId: id,
    move: "confirm_receipt",
    actor: buyer(buyerId),
    set: { deliveredAt: deps.now() },
    mails: (context) => [deliveredMail(context, true)],
  });
  return getPurchase(deps, buyerId, id);
}

/**
 * True when the order was delivered and its return window has closed: the one refusal
 * a buyer gets in its own words, also once the completion timer has moved the order on.
 */
function windowClosed(order: OrderRow, now: Date): boolean {
  if (!order.deliveredAt || !["delivered", "completed"].includes(order.status)) return false;
  return now.getTime() >= addDays(order.deliveredAt, RETURN_WINDOW_DAYS).getTime();
}

function refuseClosedWindow(order: OrderRow, now: Date): void {
  if (windowClosed(order, now)) throw new AppError("CONFLICT", 409, m.problemWindowClosed);
}

/**
 * A problem with the work, while it travels or within the return window after delivery:
 * the order waits for the team, who are e-mailed with the artist.
 */
export async function reportProblem(
  deps: OrdersDeps,
  buyerId: string,
  orderId: string,
  body: ReportProblemBody,
): Promise<PurchaseDetail> {
  const id = orderIdOf(orderId);
  const actor = buyer(buyerId);
  // Checked before the move too: a completed order is refused by its state otherwise.
  const before = await findOrder(deps.db, id);
  if (visibleTo(before, actor)) refuseClosedWindow(before, deps.now());
  const label = PROBLEM_KIND_LABELS[body.kind];
  await moveOrder(deps, {
    orderId: id,
    move: "report_problem",
    actor,
    set: { problemKind: body.kind, problemNote: body.note, problemReportedAt: deps.now() },
    note: body.note ? `${label}: ${body.note}` : label,
    check: (order) => {
      refuseClosedWindow(order, deps.now());
      if (!mayReportProblem(order, deps.now())) {
        throw new AppError("CONFLICT", 409, m.notAllowed);
      }
    },
    mails: (context) =>
      problemReportedMails(
        context,
        { kind: body.kind, note: body.note },
        { email: deps.teamEmail, orderUrl: `${deps.publicUrl}/admin/orders/${id}` },
      ),
  });
  return getPurchase(deps, buyerId, id);
}
