import { formatDateTime } from "../../../domain/date-time";
import { priceText } from "../../../domain/display";
import type { ShippingAddress } from "../../db/schema";
import { type MailLine, type MailPicture, button, message } from "../../mail/mail-content";
import type { NewMail } from "../mail/mail.api";
import { PURCHASE_PASSWORD_DAYS } from "./purchase-password";

export type SaleDetails = {
  orderId: string;
  title: string;
  artistName: string;
  preTaxAmount: number;
  taxAmount: number;
  totalAmount: number;
  shippingAddress: ShippingAddress;
  buyerName: string;
  buyerEmail: string;
  /** The artist's pick-up zip code, when they allow the buyer to collect the work. */
  pickUpZipCode: string | null;
  /** For the artist: the deadline, their share and where to manage the sale. */
  shipBy: Date;
  commission: number;
  artistNet: number;
  salesLink: string;
  /** The work's thumbnail, shown at the top of both e-mails. */
  picture?: MailPicture | null;
};

function addressLines(a: ShippingAddress): string[] {
  return [`  ${a.line1}`, `  ${a.city}, ${a.state} ${a.postal_code}`];
}

function amountLines(sale: SaleDetails): string[] {
  return [
    `  Price: ${priceText(sale.preTaxAmount)}`,
    `  Tax:   ${priceText(sale.taxAmount)}`,
    `  Total: ${priceText(sale.totalAmount)}`,
  ];
}

/**
 * A guest's account, as the sale found or made it: a made one has no password yet, so the
 * mail carries the link that sets one; a found one is the recipient's own.
 */
export type PurchaseAccount = {
  account: "created" | "matched" | null;
  setPasswordLink: string | null;
};

function accountLines({ account, setPasswordLink }: PurchaseAccount): MailLine[] {
  if (account === "created" && setPasswordLink) {
    return [
      "",
      `An account was created for you with this email address. To see your order, choose a password here (the link works once, within ${PURCHASE_PASSWORD_DAYS} days):`,
      button("Choose a password", setPasswordLink),
      "Later, use 'Reset Password' on the sign-in page.",
    ];
  }
  if (account === "matched") {
    return [
      "",
      "This purchase was added to the Vernissage account of this email address. Sign in to see it; if you have no password, use 'Reset Password' on the sign-in page.",
    ];
  }
  return [];
}

/** To the buyer, queued with the order in the same transaction. */
export function purchaseConfirmationMail(
  sale: SaleDetails,
  purchasesLink: string,
  guest: PurchaseAccount = { account: null, setPasswordLink: null },
): NewMail {
  return {
    kind: "purchase-confirmation",
    to: sale.buyerEmail,
    subject: `Your Vernissage purchase: ${sale.title}`,
    content: message(sale.buyerName, sale.picture, [
      `Thank you for buying "${sale.title}" by ${sale.artistName}.`,
      "",
      ...amountLines(sale),
      "",
      "Shipping to:",
      ...addressLines(sale.shippingAddress),
      "",
      "The seller has been notified and will contact you about shipping.",
      button("Your purchases", purchasesLink),
      `Order reference: ${sale.orderId}`,
      ...accountLines(guest),
    ]),
  };
}

/**
 * To the artist: who bought, and where the work goes (or that it may be picked up).
 * `timeZone`: the artist's (decision 0043), for the ship-by deadline.
 */
export function saleNoticeMail(sale: SaleDetails, to: string, timeZone: string): NewMail {
  const pickUp = sale.pickUpZipCode
    ? [
        "",
        `You allow buyer pick-up for this work (zip code ${sale.pickUpZipCode}): agree with the buyer whether they collect it there or you ship it to the address above.`,
      ]
    : [];
  return {
    kind: "sale-notice",
    to,
    subject: `Sold: ${sale.title}`,
    content: message(sale.artistName, sale.picture, [
      `"${sale.title}" has been sold on Vernissage.`,
      "",
      ...amountLines(sale),
      "",
      `Buyer: ${sale.buyerName} <${sale.buyerEmail}>`,
      "Ship to:",
      ...addressLines(sale.shippingAddress),
      ...pickUp,
      "",
      `Commission: ${priceText(sale.commission)}`,
      `Your earnings: ${priceText(sale.artistNet)} (payable 7 days after the buyer has the work, if they report no problem)`,
      "",
      `Please ship by ${formatDateTime(sale.shipBy, timeZone)} and mark it shipped with the tracking number on your sales page; an order not shipped by then is cancelled and refunded.`,
      button("Your sales", sale.salesLink),
      "Please contact the buyer about shipping.",
      `Order reference: ${sale.orderId}`,
    ]),
  };
}
