/**
 * The plain values of sales.contract.ts (which re-exports them): no zod, so the pages that need
 * only these do not download the schemas (decision 0034).
 */

export const salesMessages = {
  signInRequired: "Please sign in to see your sales.",
  artistsOnly: "Only artists have sales.",
  invalidFilter: "That filter is not valid.",
  carrierTooLong: "The carrier can be at most 60 characters.",
  trackingTooLong: "The tracking number can be at most 60 characters.",
  shipChoice: "Please give the carrier and tracking number, or mark the work handed over.",
  oneLine: "Please enter the carrier and tracking number on one line, without special characters.",
  reasonTooLong: "The reason is too long (at most 2,000 characters).",
  notRelistable: "This work cannot be put back on sale.",
  shipped: "Marked shipped. The buyer has been e-mailed.",
  handedOver: "Marked handed over. The buyer has been e-mailed.",
  cancelled: "The order is cancelled and the buyer is being refunded in full.",
  relisted: "The work is for sale again at its last price.",
  empty: "You haven't sold any works yet.",
  emptyFiltered: "No sales in this state.",
  loadFailed: "Failed to load your sales.",
} as const;

/** The longest carrier name and tracking number we keep. */
export const MAX_CARRIER_LENGTH = 60;
export const MAX_TRACKING_LENGTH = 60;
export const MAX_SALE_REASON_LENGTH = 2_000;
