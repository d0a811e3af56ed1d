import { checkoutMessages as c } from "../../../domain/checkout";

/** SPEC §2 and §8 texts of the purchase pages, then our own. */
export const purchasesMessages = {
  historyLoading: c.historyLoading,
  historyEmpty: c.historyEmpty,
  historyFailed: c.historyFailed,
  viewMyPurchases: c.viewMyPurchases,
  returnToMarketplace: c.returnToMarketplace,
  // Our own wording of the SPEC's thank-you (§2 Purchase success).
  thankYou: "Thank you for your purchase!",
  confirmationSent: "A confirmation email has been sent to you.",
  sellerNotified: "The seller has been notified and will contact you about shipping.",
} as const;
