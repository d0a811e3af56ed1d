import { formatDateTime } from "../../../domain/date-time";
import { priceText } from "../../../domain/display";
import type { ShippingAddress } from "../../db/schema";
import type { NewMail } from "../mail/outbox.repository";

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
  /** For the artist (issue 14): the deadline, their share and where to manage the sale. */
  shipBy: Date;
  commission: number;
  artistNet: number;
  salesLink: string;
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

/** To the buyer, queued with the order in the same transaction. */
export function purchaseConfirmationMail(sale: SaleDetails, purchasesLink: string): NewMail {
  return {
    kind: "purchase-confirmation",
    to: sale.buyerEmail,
    subject: `Your Vernissage purchase: ${sale.title}`,
    text: [
      `Hello ${sale.buyerName || "there"},`,
      "",
      `Thank you for buying "${sale.title}" by ${sale.artistName}.`,
      "",
      ...amountLines(sale),
      "",
      "Shipping to:",
      ...addressLines(sale.shippingAddress),
      "",
      "The seller has been notified and will contact you about shipping.",
      `Your purchases: ${purchasesLink}`,
      `Order reference: ${sale.orderId}`,
      "",
      "— Vernissage",
    ].join("\n"),
  };
}

/** To the artist: who bought, and where the work goes (or that it may be picked up). */
/** `timeZone`: the artist's (decision 0043), for the ship-by deadline. */
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
    text: [
      `Hello ${sale.artistName || "there"},`,
      "",
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
      `Your earnings: ${priceText(sale.artistNet)} (payable once the buyer has the work and the 7-day return window has passed)`,
      "",
      `Please ship by ${formatDateTime(sale.shipBy, timeZone)} and mark it shipped with the tracking number on your sales page; an order not shipped by then is cancelled and refunded.`,
      `Your sales: ${sale.salesLink}`,
      "Please contact the buyer about shipping.",
      `Order reference: ${sale.orderId}`,
      "",
      "— Vernissage",
    ].join("\n"),
  };
}
