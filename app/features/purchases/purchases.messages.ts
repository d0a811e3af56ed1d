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
  // After a guest purchase that made an account (decision 0042).
  choosePasswordNow:
    "Or choose your password now: View My Purchases asks for it, then shows your order. The link in your confirmation email does the same.",
  // The order page and the list's order lines.
  myPurchases: "My purchases",
  viewOrder: "View order",
  backToHistory: "Purchase history",
  handedOver: "Handed over at pick-up",
  confirmReceipt: "Confirm receipt",
  confirming: "Confirming...",
  confirmReceiptTitle: "Confirm receipt?",
  confirmReceiptQuestion:
    "Confirm receipt only once you have the work and it is as described. This cannot be undone.",
  confirmReceiptYes: "Yes, confirm receipt",
  reportProblem: "Report a problem",
  reporting: "Sending...",
  whatWentWrong: "What went wrong?",
  noteLabel: "Note (optional)",
  noteHint: "Anything the team should know, at most 2,000 characters.",
  receiptConfirmed: "Thank you! You confirmed that the work has arrived.",
  problemReported:
    "Thank you. Your report was sent to the Vernissage team, who will look into it and contact you by e-mail.",
  problemWaiting: "The Vernissage team will look into it and contact you by e-mail.",
  orderFailed: "The order could not be loaded. Please try again.",
  actionFailed: "That did not work. Please try again.",
  unknownAction: "That action is not known.",
} as const;
