import { formatDateTime } from "../../../domain/date-time";
import { priceText } from "../../../domain/display";
import { PROBLEM_KIND_LABELS, type ProblemKind } from "../../../domain/orders";
import { type MailLine, type MailPicture, TEAM_REASON, button } from "../../mail/mail-content";
import type { NewMail } from "../mail/mail.api";

/**
 * The e-mails of an order's life (decision 0029), each to the party who must act or know.
 * Queued through the outbox in the transaction of the move they tell about.
 */

export type OrderMailContext = {
  orderId: string;
  title: string;
  buyerName: string;
  buyerEmail: string;
  artistName: string;
  artistEmail: string;
  /** The artist's zone (decision 0043), for the deadlines told to them. */
  artistTimeZone: string;
  /** Absolute links to the order for each party. */
  buyerOrderUrl: string;
  artistSalesUrl: string;
  /** The work's thumbnail, at the top of every e-mail about the order. */
  picture?: MailPicture | null;
};

/** Whom an e-mail greets; the team's e-mails greet no one by name. */
type Addressee = { email: string; name: string | null; picture?: MailPicture | null };

const buyer = (o: OrderMailContext): Addressee => ({
  email: o.buyerEmail,
  name: o.buyerName,
  picture: o.picture,
});
const artist = (o: OrderMailContext): Addressee => ({
  email: o.artistEmail,
  name: o.artistName,
  picture: o.picture,
});

function mail(kind: string, to: Addressee, subject: string, lines: MailLine[]): NewMail {
  const reason = to.name === null ? TEAM_REASON : undefined;
  return {
    kind,
    to: to.email,
    subject,
    content: { name: to.name, picture: to.picture, lines, reason },
  };
}

/** To the artist, two days before the ship-by date. */
export function shipByReminderMail(order: OrderMailContext, shipBy: Date): NewMail {
  return mail("order-ship-by-reminder", artist(order), `Please ship "${order.title}"`, [
    `"${order.title}" must be shipped by ${formatDateTime(shipBy, order.artistTimeZone)}.`,
    "If it is not marked shipped by then, the order is cancelled and the buyer refunded.",
    "",
    button("Your sales", order.artistSalesUrl),
    `Order reference: ${order.orderId}`,
  ]);
}

/** To the buyer: the work is on its way (or was handed over at pick-up). */
export function shippedMail(
  order: OrderMailContext,
  shipment: { carrier: string | null; trackingNumber: string | null },
): NewMail {
  const how = shipment.carrier
    ? [`Carrier: ${shipment.carrier}`, `Tracking number: ${shipment.trackingNumber ?? ""}`]
    : ["The artist recorded that the work was handed over to you at pick-up."];
  return mail("order-shipped", buyer(order), `Shipped: ${order.title}`, [
    `${order.artistName} has shipped "${order.title}".`,
    "",
    ...how,
    "",
    "When it arrives, please confirm receipt on your order page, or report a problem there.",
    button("Your order", order.buyerOrderUrl),
  ]);
}

/** To the artist: the buyer has the work (or the delivery time passed). */
export function deliveredMail(order: OrderMailContext, byBuyer: boolean): NewMail {
  return mail("order-delivered", artist(order), `Delivered: ${order.title}`, [
    byBuyer
      ? `${order.buyerName || "The buyer"} confirmed receiving "${order.title}".`
      : `"${order.title}" is now considered delivered: 14 days have passed since it was shipped.`,
    "Your earnings become payable 7 days after delivery if the buyer reports no problem. If the buyer returns the work later, within the return window, they are taken back from a later payout.",
    "",
    button("Your sales", order.artistSalesUrl),
  ]);
}

/** To the team and the artist: the buyer reported a problem. */
export function problemReportedMails(
  order: OrderMailContext,
  problem: { kind: ProblemKind; note: string | null },
  team: { email: string; orderUrl: string },
): NewMail[] {
  const what = [
    `Problem: ${PROBLEM_KIND_LABELS[problem.kind]}`,
    ...(problem.note ? ["", "The buyer wrote:", problem.note] : []),
  ];
  return [
    mail(
      "order-problem-team",
      { email: team.email, name: null, picture: order.picture },
      `Problem reported: ${order.title}`,
      [
        `${order.buyerName} <${order.buyerEmail}> reported a problem with "${order.title}" by ${order.artistName}.`,
        "",
        ...what,
        "",
        button("Resolve it in the console", team.orderUrl),
      ],
    ),
    mail("order-problem-artist", artist(order), `A problem was reported: ${order.title}`, [
      `The buyer of "${order.title}" reported a problem. The Vernissage team will look into it and may contact you.`,
      "",
      ...what,
      "",
      button("Your sales", order.artistSalesUrl),
    ]),
  ];
}

/** To the buyer and the artist: money was given back (with the order's cancellation). */
export function refundedMails(
  order: OrderMailContext,
  refund: {
    amount: number;
    full: boolean;
    reason: string;
    /** The refund of a cancelled order (cancelled by the team, the artist or the ship-by date). */
    cancelled?: boolean;
    /** The refund settled the problem the buyer reported. */
    problemSettled?: boolean;
    /** The refund of a returned work (decision 0055), once it arrived back with the artist. */
    returned?: boolean;
  },
): NewMail[] {
  const amount = priceText(refund.amount);
  const what = refund.cancelled ? "Cancelled and refunded" : "Refund";
  const buyerLines = refund.cancelled
    ? [
        `Your order of "${order.title}" was cancelled, and ${amount} of your payment has been refunded${refund.full ? ": your payment is now refunded in full" : ""}.`,
      ]
    : [
        refund.full
          ? `${amount} of your payment for "${order.title}" has been refunded: your payment is now refunded in full.`
          : `${amount} of your payment for "${order.title}" has been refunded.`,
      ];
  const settled = refund.problemSettled
    ? ["This settles the problem you reported; it is now closed."]
    : [];
  return [
    mail("order-refunded-buyer", buyer(order), `${what}: ${order.title}`, [
      ...buyerLines,
      `Reason: ${refund.reason}`,
      ...settled,
      "It may take 5 to 10 business days to appear on your card statement.",
      "",
      button("Your order", order.buyerOrderUrl),
    ]),
    mail(
      "order-refunded-artist",
      artist(order),
      `${refund.cancelled ? "Cancelled and refunded" : "Refunded"}: ${order.title}`,
      [
        refund.cancelled
          ? `The sale of "${order.title}" was cancelled, and ${amount} was refunded to the buyer.`
          : refund.full
            ? `${amount} of the sale of "${order.title}" was refunded to the buyer: the sale is now refunded in full.`
            : `${amount} of the sale of "${order.title}" was refunded to the buyer.`,
        `Reason: ${refund.reason}`,
        ...(refund.problemSettled ? ["This settles the problem the buyer reported."] : []),
        ...(refund.returned
          ? [
              "The work is yours again: you can put it back on sale from your sales.",
              "If you had already been paid for this sale, the amount is taken from your next payouts.",
            ]
          : []),
        "",
        button("Your sales", order.artistSalesUrl),
      ],
    ),
  ];
}

/** To the artist: the return window passed; the net is payable in the next payout. */
export function completedMail(order: OrderMailContext, artistNet: number): NewMail {
  return mail("order-completed", artist(order), `Payable: ${order.title}`, [
    `The sale of "${order.title}" is complete: ${priceText(artistNet)} is now payable to you and will be paid in the next payout.`,
    "",
    button("Your sales", order.artistSalesUrl),
  ]);
}

/** To the buyer and the artist: the order was cancelled before the card was charged. */
export function cancelledUnchargedMails(order: OrderMailContext, reason: string): NewMail[] {
  return [
    mail("order-cancelled-buyer", buyer(order), `Cancelled: ${order.title}`, [
      `Your order of "${order.title}" was cancelled before your card was charged.`,
      `Reason: ${reason}`,
      "Nothing was taken from your card; the hold on it is released and may take a few days to disappear from your statement.",
      "",
      button("Your order", order.buyerOrderUrl),
    ]),
    mail("order-cancelled-artist", artist(order), `Cancelled: ${order.title}`, [
      `The sale of "${order.title}" was cancelled before the buyer's card was charged.`,
      `Reason: ${reason}`,
      "",
      button("Your sales", order.artistSalesUrl),
    ]),
  ];
}

/** To the team: the processor refused a refund for good; nothing was given back. */
export function refundRefusedMail(
  order: OrderMailContext,
  refund: { amount: number; reason: string; failure: string },
  team: { email: string; orderUrl: string },
): NewMail {
  return mail(
    "order-refund-refused-team",
    { email: team.email, name: null, picture: order.picture },
    `Refund refused: ${order.title}`,
    [
      `The card processor refused a refund of ${priceText(refund.amount)} for "${order.title}" by ${order.artistName}, bought by ${order.buyerName} <${order.buyerEmail}>.`,
      "",
      `The processor answered: ${refund.failure}`,
      `Reason for the refund: ${refund.reason}`,
      "",
      "Nothing was refunded and the buyer was not told. Check the payment in the processor's dashboard (it may have been refunded or disputed there), then settle it with the buyer.",
      button("The order", team.orderUrl),
    ],
  );
}
