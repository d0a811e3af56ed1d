import { formatDateTime } from "../../../domain/date-time";
import {
  RETURN_DEEMED_ARRIVAL_DAYS,
  RETURN_ESCALATION_DAYS,
  RETURN_SHIP_BY_DAYS,
} from "../../../domain/returns";
import { type MailLine, TEAM_REASON, button } from "../../mail/mail-content";
import type { NewMail } from "../mail/mail.api";
import type { OrderMailContext } from "./orders.mails";

/**
 * The e-mails of a return (decision 0055), each queued through the outbox in the
 * transaction of the step it tells about. The refund's own e-mails are the orders'
 * (refundedMails), sent when the processor has made it.
 */

type Team = { email: string; orderUrl: string };

function toBuyer(o: OrderMailContext, kind: string, subject: string, lines: MailLine[]): NewMail {
  return {
    kind,
    to: o.buyerEmail,
    subject,
    content: { name: o.buyerName, picture: o.picture, lines },
  };
}

function toArtist(o: OrderMailContext, kind: string, subject: string, lines: MailLine[]): NewMail {
  return {
    kind,
    to: o.artistEmail,
    subject,
    content: { name: o.artistName, picture: o.picture, lines },
  };
}

function toTeam(o: OrderMailContext, team: Team, kind: string, subject: string, lines: MailLine[]) {
  return {
    kind,
    to: team.email,
    subject,
    content: { name: null, picture: o.picture, lines, reason: TEAM_REASON },
  } satisfies NewMail;
}

/** To the artist (who must answer) and the buyer (a receipt): a return was asked for. */
export function returnRequestedMails(
  o: OrderMailContext,
  input: { reason: string; photos: number; answerBy: Date },
): NewMail[] {
  const photos = input.photos === 1 ? "1 photo" : `${input.photos} photos`;
  return [
    toArtist(o, "return-requested-artist", `Return requested: ${o.title}`, [
      `${o.buyerName || "The buyer"} asked to return "${o.title}".`,
      "",
      "Their reason:",
      input.reason,
      ...(input.photos > 0 ? ["", `They attached ${photos}; see them on your sales page.`] : []),
      "",
      `Please accept the return by ${formatDateTime(input.answerBy, o.artistTimeZone)}, giving the address the work should be sent back to. After ${RETURN_ESCALATION_DAYS} days without an answer, the Vernissage team decides.`,
      button("Your sales", o.artistSalesUrl),
    ]),
    toBuyer(o, "return-requested-buyer", `Return requested: ${o.title}`, [
      `Your request to return "${o.title}" was sent to ${o.artistName}.`,
      `The artist has ${RETURN_ESCALATION_DAYS} days to accept it; after that the Vernissage team decides. We will e-mail you either way.`,
      "Please keep the work and its packaging safe until then.",
      "",
      button("Your order", o.buyerOrderUrl),
    ]),
  ];
}

/** To the buyer: the return is accepted, and how to send the work back. */
export function returnAcceptedMails(
  o: OrderMailContext,
  input: { returnAddress: string; byTeam: boolean },
): NewMail[] {
  const mails = [
    toBuyer(o, "return-accepted-buyer", `Return accepted: ${o.title}`, [
      `${input.byTeam ? "The Vernissage team" : o.artistName} accepted your return of "${o.title}".`,
      "",
      "Please pack the work as it came and send it, with tracking, to:",
      input.returnAddress,
      "",
      "Then enter the carrier and the tracking number on your order page. You are refunded the price and the tax once the work is back with the artist.",
      button("Your order", o.buyerOrderUrl),
    ]),
  ];
  if (input.byTeam) {
    mails.push(
      toArtist(o, "return-accepted-artist", `Return accepted by the team: ${o.title}`, [
        `The Vernissage team accepted the buyer's return of "${o.title}" and gave them this address:`,
        input.returnAddress,
        "",
        "Please confirm on your sales page when the work arrives.",
        button("Your sales", o.artistSalesUrl),
      ]),
    );
  }
  return mails;
}

/** To the buyer and the artist: the team refused the return. */
export function returnRefusedMails(o: OrderMailContext, reason: string): NewMail[] {
  return [
    toBuyer(o, "return-refused-buyer", `Return refused: ${o.title}`, [
      `The Vernissage team refused your return of "${o.title}".`,
      `Reason: ${reason}`,
      "",
      "If you disagree, reply to this e-mail.",
      button("Your order", o.buyerOrderUrl),
    ]),
    toArtist(o, "return-refused-artist", `Return refused: ${o.title}`, [
      `The Vernissage team refused the buyer's return of "${o.title}"; the sale stands.`,
      `Reason: ${reason}`,
      button("Your sales", o.artistSalesUrl),
    ]),
  ];
}

/** To the buyer and the artist: the work was not sent back in time; the sale stands. */
export function returnLapsedMails(o: OrderMailContext): NewMail[] {
  return [
    toBuyer(o, "return-lapsed-buyer", `Return ended: ${o.title}`, [
      `You did not send "${o.title}" back within ${RETURN_SHIP_BY_DAYS} days of the return being accepted, so the return has ended and the sale stands.`,
      "",
      "If you did send it, reply to this e-mail with the tracking number.",
      button("Your order", o.buyerOrderUrl),
    ]),
    toArtist(o, "return-lapsed-artist", `Return ended: ${o.title}`, [
      `The buyer did not send "${o.title}" back within ${RETURN_SHIP_BY_DAYS} days of the return being accepted, so the return has ended and the sale stands.`,
      button("Your sales", o.artistSalesUrl),
    ]),
  ];
}

/** To the artist: the work is on its way back. */
export function returnShippedMail(
  o: OrderMailContext,
  input: { carrier: string; trackingNumber: string; deemedArrivalAt: Date },
): NewMail {
  return toArtist(o, "return-shipped-artist", `On its way back: ${o.title}`, [
    `The buyer sent "${o.title}" back to you.`,
    `Carrier: ${input.carrier}`,
    `Tracking number: ${input.trackingNumber}`,
    "",
    `Please confirm on your sales page when it arrives. If nobody does, it is considered arrived ${RETURN_DEEMED_ARRIVAL_DAYS} days after shipping (${formatDateTime(input.deemedArrivalAt, o.artistTimeZone)}), and the buyer is refunded.`,
    button("Your sales", o.artistSalesUrl),
  ]);
}

/** To the team: the artist has not answered a return request in 3 days. */
export function returnEscalatedMail(o: OrderMailContext, team: Team): NewMail {
  return toTeam(o, team, "return-escalated-team", `Return waiting for a decision: ${o.title}`, [
    `${o.buyerName} <${o.buyerEmail}> asked to return "${o.title}" by ${o.artistName} <${o.artistEmail}>, who has not answered in ${RETURN_ESCALATION_DAYS} days.`,
    "",
    button("Decide in the console", team.orderUrl),
  ]);
}
