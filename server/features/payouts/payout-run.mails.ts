import { priceText } from "../../../domain/display";
import { button, message } from "../../mail/mail-content";
import type { NewMail } from "../mail/mail.api";

/** The artist's e-mails of the payout run, queued with the payout's own move to paid. */

export type PayoutMailContext = {
  artistName: string;
  artistEmail: string;
  amount: number;
  reference: string;
  /** How many sold works the payout settles. */
  orders: number;
  salesUrl: string;
};

/** To the artist: their payable balance was transferred to their payout account. */
export function paidMail(payout: PayoutMailContext): NewMail {
  const works = payout.orders === 1 ? "1 sold work" : `${payout.orders} sold works`;
  return {
    kind: "payout-paid",
    to: payout.artistEmail,
    subject: `You have been paid ${priceText(payout.amount)}`,
    content: message(payout.artistName, null, [
      `You have been paid ${priceText(payout.amount)} for ${works}.`,
      "The money is on its way to your payout account.",
      `Reference: ${payout.reference}`,
      "",
      button("Your sales", payout.salesUrl),
    ]),
  };
}

/** To the artist: a refund after their payout was taken back from a transfer. */
export function takenBackMail(payout: PayoutMailContext): NewMail {
  return {
    kind: "payout-reversed",
    to: payout.artistEmail,
    subject: `${priceText(payout.amount)} was taken back from your payouts`,
    content: message(payout.artistName, null, [
      `A buyer was refunded for a work you had already been paid for, so ${priceText(payout.amount)} was taken back from an earlier payout.`,
      `Reference: ${payout.reference}`,
      "",
      button("Your sales", payout.salesUrl),
    ]),
  };
}
