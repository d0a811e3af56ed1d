import type {
  AcceptReturnBody,
  OrderReturnState,
  RefuseReturnBody,
  RequestReturnBody,
  ReturnPhoto,
  ReturnShipmentBody,
  ReturnView,
  ReturnWindow,
} from "../../../contracts/returns.contract";
import { isUuid } from "../../../domain/ids";
import { addDays, mayMove, orderMessages as om } from "../../../domain/orders";
import {
  MAX_RETURN_PHOTOS,
  RETURN_DEEMED_ARRIVAL_DAYS,
  RETURN_ESCALATION_DAYS,
  RETURN_SHIP_BY_DAYS,
  returnRefusal,
  returnWindowEnd,
  returnMessages as m,
} from "../../../domain/returns";
import type { StorageAdapter } from "../../adapters/storage/storage";
import { AppError, isAppError } from "../../errors";
import { storeImageThen } from "../../images/stored-image";
import { findSavedAddress } from "../users/users.api";
import { currentReturnWindowDays } from "./settings.repository";
import { type OrderRow, findOrder } from "./orders.repository";
import {
  type OrderActor,
  type OrdersDeps,
  moveOrder,
  requestRefund,
  systemActor,
  visibleTo,
} from "./orders.service";
import {
  returnAcceptedMails,
  returnLapsedMails,
  returnRefusedMails,
  returnRequestedMails,
  returnShippedMail,
} from "./returns.mails";
import {
  type ReturnImageRow,
  type ReturnRow,
  attachReturnImages,
  countUnusedReturnImages,
  decideReturn,
  findReturnOfOrder,
  insertReturn,
  insertReturnImage,
  listReturnImages,
  markReturnArrived,
  markReturnLapsed,
  markReturnShipped,
} from "./returns.repository";

/**
 * Returns (decision 0055). The buyer asks within the window frozen on the order; the
 * artist accepts (or, after 3 days, the team accepts or refuses); the buyer sends the
 * work back; its arrival (confirmed, or deemed after 14 days) refunds everything left
 * through the orders' own refund path, so the ledger's rows, the commission's reversal
 * and a clawback from the artist's next payouts are the refunds' and the payouts' own.
 *
 * Every step is one `moveOrder` (the order's guarded UPDATE, its event, its e-mails)
 * with the return's own guarded UPDATE in the same transaction: a double submit or two
 * servers make it once, and a crash leaves either all of it or none.
 */

export type ReturnsDeps = OrdersDeps & { storage: StorageAdapter };

/** What the buyer's refund says it is for. */
export const RETURN_REFUND_REASON = "Returned: the work arrived back with the artist.";
/** Unused photos a buyer may hold at once (uploaded, not yet sent with a request). */
const MAX_UNUSED_PHOTOS = 24;

function orderIdOf(value: string): string {
  if (!isUuid(value)) throw new AppError("NOT_FOUND", 404, om.notFound);
  return value.toLowerCase();
}

function toPhoto(row: ReturnImageRow): ReturnPhoto {
  return {
    id: row.id,
    thumbnail: row.thumbnail,
    medium: row.medium,
    original: row.original,
    width: row.width,
    height: row.height,
  };
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

function returnView(row: ReturnRow, photos: ReturnImageRow[]): ReturnView {
  return {
    reason: row.reason,
    photos: photos.map(toPhoto),
    requestedAt: row.requestedAt.toISOString(),
    teamMayDecideFrom: addDays(row.requestedAt, RETURN_ESCALATION_DAYS).toISOString(),
    escalatedAt: iso(row.escalatedAt),
    decision: row.decision,
    decidedByRole: row.decidedByRole,
    decidedAt: iso(row.decidedAt),
    refusalReason: row.refusalReason,
    returnAddress: row.returnAddress,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    shippedAt: iso(row.shippedAt),
    arrivedAt: iso(row.arrivedAt),
    arrivalDeemed: row.arrivalDeemed,
    deemedArrivalAt: row.shippedAt
      ? addDays(row.shippedAt, RETURN_DEEMED_ARRIVAL_DAYS).toISOString()
      : null,
    shipBy:
      row.decision === "accepted" && row.decidedAt
        ? addDays(row.decidedAt, RETURN_SHIP_BY_DAYS).toISOString()
        : null,
    lapsedAt: iso(row.lapsedAt),
  };
}

function addressText(address: { line1: string; city: string; state: string; postal_code: string }) {
  return `${address.line1}\n${address.city}, ${address.state} ${address.postal_code}`;
}

/** The order's return as this actor sees it, with the moves they may make now. */
async function stateOf(
  deps: OrdersDeps,
  order: OrderRow,
  actor: OrderActor,
): Promise<OrderReturnState> {
  const now = deps.now();
  const row = await findReturnOfOrder(deps.db, order.id);
  const photos = row ? await listReturnImages(deps.db, [row.id]) : [];
  const refusal = row ? m.alreadyRequested : returnRefusal(order, now);
  const role = actor.role;
  const teamMayDecide =
    row !== undefined &&
    now.getTime() >= addDays(row.requestedAt, RETURN_ESCALATION_DAYS).getTime();
  const decidable = role === "artist" || (role === "team" && teamMayDecide);
  const saved = role === "buyer" ? undefined : await findSavedAddress(deps.db, order.artistId);
  return {
    orderId: order.id,
    status: order.status,
    returnWindowDays: order.returnWindowDays,
    windowEndsAt: iso(returnWindowEnd(order)),
    requestRefusal: refusal,
    return: row ? returnView(row, photos) : null,
    mayRequest: role === "buyer" && refusal === null,
    mayAccept: decidable && mayMove("accept_return", order.status, role),
    mayRefuse: decidable && mayMove("refuse_return", order.status, role),
    mayShip: mayMove("ship_return", order.status, role),
    mayConfirmArrival:
      (role === "artist" || role === "team") &&
      mayMove("refund_return", order.status, role) &&
      row?.arrivedAt === null,
    suggestedReturnAddress: saved?.address ? addressText(saved.address) : null,
  };
}

async function visibleOrder(deps: OrdersDeps, actor: OrderActor, orderId: string) {
  const order = await findOrder(deps.db, orderIdOf(orderId));
  if (!visibleTo(order, actor)) throw new AppError("NOT_FOUND", 404, om.notFound);
  return order;
}

/** `GET …/return`: the buyer's, the artist's or the team's view of the order's return. */
export async function getReturnState(
  deps: OrdersDeps,
  actor: OrderActor,
  orderId: string,
): Promise<OrderReturnState> {
  return stateOf(deps, await visibleOrder(deps, actor, orderId), actor);
}

/** `POST /api/me/purchases/returns/photos`: a photo through the image pipeline, used by a request later. */
export async function addReturnPhoto(
  deps: ReturnsDeps,
  buyerId: string,
  file: Buffer,
): Promise<ReturnPhoto> {
  if ((await countUnusedReturnImages(deps.db, buyerId)) >= MAX_UNUSED_PHOTOS) {
    throw new AppError("CONFLICT", 409, m.tooManyPhotos);
  }
  const row = await storeImageThen(deps, `returns/${buyerId}`, file, (files) =>
    // The timers' clock: an unused photo is deleted a day after this.
    insertReturnImage(deps.db, { uploaderId: buyerId, ...files, createdAt: deps.now() }),
  );
  return toPhoto(row);
}

/** A 409 of a request that lost a race to another: said as "already asked for". */
async function explainConflict(deps: OrdersDeps, orderId: string, error: unknown): Promise<never> {
  if (isAppError(error) && error.status === 409 && (await findReturnOfOrder(deps.db, orderId))) {
    throw new AppError("CONFLICT", 409, m.alreadyRequested);
  }
  throw error;
}

/**
 * `POST /api/me/purchases/:orderId/return`: within the window, from a delivered (or
 * completed) order, once. The return row's unique index and the order's guarded move
 * make two at once one; its photos must be the buyer's own, unused.
 */
export async function requestReturn(
  deps: OrdersDeps,
  buyerId: string,
  orderId: string,
  body: RequestReturnBody,
): Promise<OrderReturnState> {
  const actor: OrderActor = { id: buyerId, role: "buyer" };
  const id = orderIdOf(orderId);
  const before = await visibleOrder(deps, actor, id);
  if (await findReturnOfOrder(deps.db, id)) {
    throw new AppError("CONFLICT", 409, m.alreadyRequested);
  }
  const refusal = returnRefusal(before, deps.now());
  if (refusal) throw new AppError("CONFLICT", 409, refusal);
  if (body.photoIds.length > MAX_RETURN_PHOTOS) {
    throw new AppError("VALIDATION_FAILED", 400, m.tooManyPhotos);
  }
  const requestedAt = deps.now();
  let photos = 0;
  await moveOrder(deps, {
    orderId: id,
    move: "request_return",
    actor,
    note: `Return requested: ${body.reason}`,
    check: async (order, tx) => {
      const late = returnRefusal(order, deps.now());
      if (late) throw new AppError("CONFLICT", 409, late);
      const row = await insertReturn(tx, {
        orderId: order.id,
        fromStatus: order.status,
        reason: body.reason,
        requestedAt,
      });
      if (!row) throw new AppError("CONFLICT", 409, m.alreadyRequested);
      photos = await attachReturnImages(tx, {
        returnId: row.id,
        uploaderId: buyerId,
        imageIds: body.photoIds,
      });
      if (photos !== body.photoIds.length) {
        throw new AppError("VALIDATION_FAILED", 400, m.photoNotFound);
      }
    },
    mails: (context) =>
      returnRequestedMails(context, {
        reason: body.reason,
        photos,
        answerBy: addDays(requestedAt, RETURN_ESCALATION_DAYS),
      }),
  }).catch((error: unknown) => explainConflict(deps, id, error));
  return getReturnState(deps, actor, id);
}

/**
 * `POST /api/me/sales/:orderId/return/accept` (the artist, any time) and
 * `POST /api/admin/orders/:id/return/accept` (the team, once the artist's 3 days are
 * over): the buyer is told where to send the work.
 */
export async function acceptReturn(
  deps: OrdersDeps,
  actor: OrderActor,
  orderId: string,
  body: AcceptReturnBody,
): Promise<OrderReturnState> {
  const id = orderIdOf(orderId);
  await visibleOrder(deps, actor, id);
  const byTeam = actor.role === "team";
  await moveOrder(deps, {
    orderId: id,
    move: "accept_return",
    actor,
    note: byTeam ? "Return accepted by the team" : "Return accepted",
    check: async (order, tx) => {
      const row = await findReturnOfOrder(tx, order.id);
      if (!row) throw new AppError("CONFLICT", 409, om.notAllowed);
      if (byTeam) requireTeamMayDecide(deps, row);
      const decided = await decideReturn(tx, order.id, {
        decision: "accepted",
        decidedByRole: actor.role,
        decidedAt: deps.now(),
        returnAddress: body.returnAddress,
      });
      if (!decided) throw new AppError("CONFLICT", 409, om.alreadyMoved);
    },
    mails: (context) => returnAcceptedMails(context, { returnAddress: body.returnAddress, byTeam }),
  });
  return getReturnState(deps, actor, id);
}

function requireTeamMayDecide(deps: OrdersDeps, row: ReturnRow): void {
  const from = addDays(row.requestedAt, RETURN_ESCALATION_DAYS);
  if (deps.now().getTime() < from.getTime()) {
    throw new AppError("CONFLICT", 409, m.notYetEscalated);
  }
}

/**
 * `POST /api/admin/orders/:id/return/refuse`: after the artist's 3 days, the team may
 * refuse, with a reason; the order goes back to the state the return was asked from.
 */
export async function refuseReturn(
  deps: OrdersDeps,
  actor: OrderActor,
  orderId: string,
  body: RefuseReturnBody,
): Promise<OrderReturnState> {
  const id = orderIdOf(orderId);
  await visibleOrder(deps, actor, id);
  const row = await findReturnOfOrder(deps.db, id);
  if (!row) throw new AppError("CONFLICT", 409, om.notAllowed);
  await moveOrder(deps, {
    orderId: id,
    move: "refuse_return",
    actor,
    to: row.fromStatus,
    note: `Return refused: ${body.reason}`,
    check: async (order, tx) => {
      requireTeamMayDecide(deps, row);
      const decided = await decideReturn(tx, order.id, {
        decision: "refused",
        decidedByRole: actor.role,
        decidedAt: deps.now(),
        refusalReason: body.reason,
      });
      if (!decided) throw new AppError("CONFLICT", 409, om.alreadyMoved);
    },
    mails: (context) => returnRefusedMails(context, body.reason),
  });
  return getReturnState(deps, actor, id);
}

/** `POST /api/me/purchases/:orderId/return/shipment`: the buyer sent the work back. */
export async function shipReturn(
  deps: OrdersDeps,
  buyerId: string,
  orderId: string,
  body: ReturnShipmentBody,
): Promise<OrderReturnState> {
  const actor: OrderActor = { id: buyerId, role: "buyer" };
  const id = orderIdOf(orderId);
  await visibleOrder(deps, actor, id);
  const shippedAt = deps.now();
  await moveOrder(deps, {
    orderId: id,
    move: "ship_return",
    actor,
    note: `Sent back: ${body.carrier} ${body.trackingNumber}`,
    check: async (order, tx) => {
      const row = await markReturnShipped(tx, order.id, { ...body, shippedAt });
      if (!row) throw new AppError("CONFLICT", 409, om.alreadyMoved);
    },
    mails: (context) => [
      returnShippedMail(context, {
        ...body,
        deemedArrivalAt: addDays(shippedAt, RETURN_DEEMED_ARRIVAL_DAYS),
      }),
    ],
  });
  return getReturnState(deps, actor, id);
}

/**
 * The order timers, 14 days after an acceptance the buyer did not follow with the
 * shipment: the return lapses and the order goes back to the state it was asked from,
 * both told. The order's guarded move and the return's guarded update, together: two
 * timers at once make it once (the loser's 409 is counted as skipped).
 */
export async function lapseReturn(deps: OrdersDeps, orderId: string): Promise<void> {
  const row = await findReturnOfOrder(deps.db, orderId);
  if (!row) throw new AppError("CONFLICT", 409, om.notAllowed);
  await moveOrder(deps, {
    orderId,
    move: "lapse_return",
    actor: systemActor,
    to: row.fromStatus,
    note: "Return ended: the work was not sent back in time",
    check: async (order, tx) => {
      if (!(await markReturnLapsed(tx, order.id, deps.now()))) {
        throw new AppError("CONFLICT", 409, om.alreadyMoved);
      }
    },
    mails: (context) => returnLapsedMails(context),
  });
}

/**
 * `POST /api/me/sales/:orderId/return/arrived` (the artist), the team's, and the
 * timer 14 days after shipping (deemed): the arrival is recorded and the refund of
 * everything left requested in one transaction, then the processor is asked. A
 * processor that fails or hangs leaves the refund pending, which the order timers
 * retry with the same idempotency key: never a return half done, never two refunds.
 */
export async function confirmReturnArrival(
  deps: OrdersDeps,
  actor: OrderActor,
  orderId: string,
  deemed = false,
): Promise<OrderReturnState> {
  const id = orderIdOf(orderId);
  await visibleOrder(deps, actor, id);
  await requestRefund(deps, {
    orderId: id,
    move: "refund_return",
    actor,
    reason: RETURN_REFUND_REASON,
    inLock: async (order, tx) => {
      const arrived = await markReturnArrived(tx, order.id, {
        arrivedAt: deps.now(),
        arrivalDeemed: deemed,
      });
      if (!arrived) throw new AppError("CONFLICT", 409, om.alreadyMoved);
    },
  });
  return getReturnState(deps, actor, id);
}

/** `GET /api/return-window`: the window a sale made now gets (the artwork page, the buy panel). */
export async function currentReturnWindow(deps: OrdersDeps): Promise<ReturnWindow> {
  return { returnWindowDays: await currentReturnWindowDays(deps.db) };
}
