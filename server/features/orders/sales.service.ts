import { priceText } from "../../../domain/display";
import { isUuid } from "../../../domain/ids";
import { orderMessages as om } from "../../../domain/orders";
import type { OrderWithMoney } from "../../../contracts/orders.contract";
import {
  type CannotFulfilBody,
  type Sale,
  type SaleEarnings,
  type SalesPage,
  type SalesQuery,
  type SalesSummary,
  SALES_PAGE_SIZE,
  type Shipment,
  salesMessages as m,
} from "../../../contracts/sales.contract";
import { AppError } from "../../errors";
import { decodeCursor, encodeCursor } from "../../page-cursor";
import { artistBalances, earningsOfOrders } from "./ledger.repository";
import { type OrderListRow, listOrderViews, orderDetailView } from "./order-views.repository";
import { shippedMail } from "./orders.mails";
import { insertOrderEvent, lockOrder } from "./orders.repository";
import { type OrdersDeps, moveOrder, requestRefund, visibleTo } from "./orders.service";
import { type SalesCsvRow, salesCsv, salesCsvFileName } from "./sales-csv";
import { RELIST_STATUSES, relistArtwork, relistableOrderIds } from "./sales.repository";

/**
 * The artist's sales (decision 0029): their own orders only, each
 * move through `moveOrder` / `requestRefund` with the artist as the actor, so the state
 * rules, the guarded UPDATE and the e-mails are the orders' own. `artistId` is the
 * signed-in artist; an order of anyone else's work answers 404, like an unknown one.
 */

/** What the note of an order's event says when its work was offered again. */
export const RELIST_NOTE = "Put back on sale";

const artistActor = (artistId: string) => ({ id: artistId, role: "artist" as const });

/** A malformed id names no order: the same 404 as an unknown one. */
function orderIdOf(id: string): string {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", 404, om.notFound);
  return id.toLowerCase();
}

function withoutListFields({ cursorAt: _, artistId: __, buyerEmail: ___, ...sale }: OrderListRow) {
  return sale;
}

const NOTHING_EARNED: SaleEarnings = { earned: 0, paidOut: 0 };

/** Each order with what the ledger says the artist earned of it and was paid. */
async function withEarnings(
  deps: OrdersDeps,
  sales: OrderWithMoney[],
): Promise<(OrderWithMoney & SaleEarnings)[]> {
  const earnings = await earningsOfOrders(
    deps.db,
    sales.map((s) => s.id),
  );
  return sales.map((sale) => ({ ...sale, ...(earnings.get(sale.id) ?? NOTHING_EARNED) }));
}

/** The sales as the list shows them: their earnings, and whether each may be put back on sale. */
async function asSales(deps: OrdersDeps, sales: OrderWithMoney[]): Promise<Sale[]> {
  const relistable = await relistableOrderIds(
    deps.db,
    sales.filter((s) => (RELIST_STATUSES as readonly string[]).includes(s.status)).map((s) => s.id),
  );
  const earning = await withEarnings(deps, sales);
  return earning.map((sale) => ({ ...sale, mayRelist: relistable.has(sale.id) }));
}

/** One of the artist's sales as the list shows it, or 404. */
async function getSale(deps: OrdersDeps, artistId: string, orderId: string): Promise<Sale> {
  const id = orderIdOf(orderId);
  const view = await orderDetailView(deps.db, id);
  if (!view || view.artistId !== artistId) throw new AppError("NOT_FOUND", 404, om.notFound);
  const { events: _, artistId: __, purchaserId: ___, buyerEmail: ____, ...sale } = view;
  const [shown] = await asSales(deps, [sale]);
  return shown!;
}

/** `GET /api/me/sales`: newest first, 30 a page, optionally in one state. */
export async function listSales(
  deps: OrdersDeps,
  artistId: string,
  query: SalesQuery,
): Promise<SalesPage> {
  const rows = await listOrderViews(deps.db, {
    artistId,
    status: query.status,
    before: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: SALES_PAGE_SIZE + 1,
  });
  const shown = rows.slice(0, SALES_PAGE_SIZE);
  const last = shown.at(-1);
  return {
    items: await asSales(deps, shown.map(withoutListFields)),
    nextCursor: rows.length > SALES_PAGE_SIZE && last ? encodeCursor(last.cursorAt, last.id) : null,
  };
}

/** `GET /api/me/sales/summary`: pending, payable and paid out, each a sum over the ledger. */
export function salesSummary(deps: OrdersDeps, artistId: string): Promise<SalesSummary> {
  return artistBalances(deps.db, artistId);
}

/**
 * `POST /api/me/sales/:orderId/ship`: shipped with a carrier and tracking number, or
 * handed over at pick-up (only when the work was sold for pick-up). One move however
 * often it is pressed; the buyer is e-mailed once, in the move's transaction.
 */
export async function shipSale(
  deps: OrdersDeps,
  artistId: string,
  orderId: string,
  shipment: Shipment,
): Promise<Sale> {
  const id = orderIdOf(orderId);
  const carrier = shipment.handedOver ? null : shipment.carrier;
  const trackingNumber = shipment.handedOver ? null : shipment.trackingNumber;
  await moveOrder(deps, {
    orderId: id,
    move: "ship",
    actor: artistActor(artistId),
    set: { shippedAt: deps.now(), carrier, trackingNumber },
    note: shipment.handedOver ? "Handed over at pick-up" : `${carrier} ${trackingNumber}`,
    check(order) {
      if (shipment.handedOver && !order.pickUpZipCode) {
        throw new AppError("CONFLICT", 409, om.pickUpNotAllowed);
      }
    },
    mails: (context) => [shippedMail(context, { carrier, trackingNumber })],
  });
  return getSale(deps, artistId, id);
}

/**
 * `POST /api/me/sales/:orderId/cannot-fulfil`: the artist cannot send the work; the
 * order is cancelled and everything captured refunded (the buyer and the artist are
 * e-mailed when the refund is made).
 */
export async function cannotFulfilSale(
  deps: OrdersDeps,
  artistId: string,
  orderId: string,
  body: CannotFulfilBody,
): Promise<Sale> {
  const id = orderIdOf(orderId);
  await requestRefund(deps, {
    orderId: id,
    move: "cannot_fulfil",
    actor: artistActor(artistId),
    reason: body.reason,
  });
  return getSale(deps, artistId, id);
}

/**
 * `POST /api/me/sales/:orderId/relist`: after a refund or a cancellation, the artist may
 * offer the work again (never automatic): it becomes theirs and for sale at its last
 * price. Under the order's lock, one guarded UPDATE of the work, so it happens once.
 */
export async function relistSale(
  deps: OrdersDeps,
  artistId: string,
  orderId: string,
): Promise<Sale> {
  const id = orderIdOf(orderId);
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!visibleTo(order, artistActor(artistId))) throw new AppError("NOT_FOUND", 404, om.notFound);
    if (!(RELIST_STATUSES as readonly string[]).includes(order.status)) {
      throw new AppError("CONFLICT", 409, m.notRelistable);
    }
    const relisted = await relistArtwork(tx, order);
    if (!relisted) throw new AppError("CONFLICT", 409, m.notRelistable);
    await insertOrderEvent(tx, {
      orderId: order.id,
      actorId: artistId,
      actorRole: "artist",
      fromStatus: order.status,
      toStatus: order.status,
      note: `${RELIST_NOTE} at ${priceText(relisted.priceCents)}`,
      createdAt: deps.now(),
    });
  });
  return getSale(deps, artistId, id);
}

const CSV_BATCH = 500;

/** `GET /api/me/sales.csv`: every sale of the artist, newest first. */
export async function salesCsvExport(
  deps: OrdersDeps,
  artistId: string,
): Promise<{ fileName: string; body: string }> {
  const sales: SalesCsvRow[] = [];
  let before: OrderListRow | undefined;
  for (;;) {
    const rows = await listOrderViews(deps.db, {
      artistId,
      before: before ? { createdAt: before.cursorAt, id: before.id } : undefined,
      limit: CSV_BATCH,
    });
    sales.push(...(await withEarnings(deps, rows.map(withoutListFields))));
    if (rows.length < CSV_BATCH) break;
    before = rows.at(-1);
  }
  return { fileName: salesCsvFileName(deps.now()), body: salesCsv(sales) };
}
