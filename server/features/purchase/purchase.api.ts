/**
 * What other modules may read of purchase. Purchase is the top of the money path
 * (decision 0050): no money-path module imports it; conversations shows an offer's moves
 * beside the messages about the same work.
 */
export { offerHistoryFor } from "./offers.repository";
export { forgetBuyer, offersForExport, openOffersOf } from "./personal-data.repository";
