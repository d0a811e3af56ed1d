/**
 * What other modules may use of orders. Purchase opens the order a sale makes and
 * records its capture; payouts reads what is owed from the ledger and writes its payout
 * rows there. Orders imports neither: the money path points at it (decision 0050).
 * Reviews read an order's facts (whose it is, what was sold, its state) to decide who
 * may review it (decision 0056).
 */
export { openOrder } from "./new-order.service";
export {
  artistBalances,
  artistsWithUnpaid,
  insertPayoutEntries,
  orderTotals,
  payoutPiecesOf,
  recordCaptureEntries,
  unpaidByArtist,
  unpaidSettledOrders,
} from "./ledger.repository";
export {
  findOrderByPayment,
  hasOrder,
  hasSaleBetween,
  listOrdersOf,
  type OrderFacts,
  orderFacts,
  orderHistoryFor,
} from "./orders.repository";
export { currentCommissionBps } from "./settings.repository";
export {
  countReturnPhotosOf,
  openOrdersOf,
  ordersForExport,
  renameArtistOnOrders,
  returnPhotosForExport,
  returnsForExport,
} from "./personal-data.repository";
