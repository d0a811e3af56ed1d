import type { UnsubscribeScope } from "../../../contracts/alerts.contract";
import { alertSearchPath } from "../../../domain/alert-search";
import { cardPriceText, titleText } from "../../../domain/display";
import {
  LIST_PICTURE_WIDTH,
  type MailLine,
  type MailLink,
  link,
  workPicture,
} from "../../mail/mail-content";
import type { NewMail } from "../mail/mail.api";
import type { DigestMatch, DuePerson } from "./digest.repository";

/**
 * The digest e-mail: the new works of one person's window grouped by alert, then
 * "From artists you follow", each work once, capped; a link to turn off each alert, the
 * followed artists' part and everything, and the RFC 8058 one-click headers.
 */

export const digestTexts = {
  subject: (n: number) =>
    n === 1 ? "1 new work for your alerts" : `${n} new works for your alerts`,
  follows: "From artists you follow",
  turnOffAlert: "Turn off this alert",
  stopFollows: "Stop e-mails about artists you follow",
  stopAll: "Stop all these e-mails",
  settings: "Your alerts and e-mail settings",
  reason: "You receive this e-mail because you set up alerts or follow artists on Vernissage.",
} as const;

export type AlertSearch = {
  queryText: string;
  cityIds: string[];
  categoryIds: string[];
  priceRanges: number[];
};

type Links = {
  publicUrl: string;
  /** The signed token of an unsubscribe scope for this person. */
  token: (scope: UnsubscribeScope) => string;
  searches: ReadonlyMap<string, AlertSearch>;
};

/** The marketplace with the alert's search, as its URL has it (`?q=&cities=&…`). */
export function marketplaceSearchUrl(publicUrl: string, search: AlertSearch): string {
  return `${publicUrl}${alertSearchPath({
    q: search.queryText,
    cities: search.cityIds,
    categories: search.categoryIds,
    priceRanges: search.priceRanges,
  })}`;
}

function workLine(publicUrl: string, work: DigestMatch): MailLine[] {
  const price = cardPriceText({
    isForSale: work.isForSale,
    offersOnly: !work.isForSale,
    price: work.priceCents,
  });
  const url = `${publicUrl}/artwork/${work.artworkId}`;
  const alt = `"${titleText(work.title)}" by ${work.artistName || "Unknown Artist"}`;
  const picture = workPicture(publicUrl, work.thumbnail, alt, null, LIST_PICTURE_WIDTH);
  return [
    ...(picture ? [{ picture, href: url }] : []),
    `- ${titleText(work.title)} by ${work.artistName || "Unknown Artist"}${price ? `, ${price}` : ""}`,
    link("", url),
  ];
}

export function digestMail(person: DuePerson, works: DigestMatch[], links: Links): NewMail {
  const { publicUrl, token } = links;
  const groups = new Map<string | null, DigestMatch[]>();
  for (const work of works) {
    const group = groups.get(work.alertId) ?? [];
    group.push(work);
    groups.set(work.alertId, group);
  }
  const total = [...groups.values()].reduce((n, g) => n + (g[0]?.groupTotal ?? 0), 0);
  const lines: MailLine[] = ["New works on Vernissage since our last e-mail:"];
  // Alerts in the order the statement put them (oldest first); follows last.
  const ordered = [...groups.entries()].sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : 0));
  for (const [alertId, group] of ordered) {
    const first = group[0];
    if (!first) continue;
    lines.push("", alertId === null ? digestTexts.follows : `Alert: ${first.alertName ?? ""}`);
    for (const work of group) lines.push(...workLine(publicUrl, work));
    const more = first.groupTotal - group.length;
    const search = alertId ? links.searches.get(alertId) : undefined;
    if (more > 0) {
      lines.push(
        search
          ? link(`and ${more} more`, marketplaceSearchUrl(publicUrl, search))
          : link(`and ${more} more on Vernissage`, `${publicUrl}/`),
      );
    }
    if (alertId !== null) {
      lines.push(
        link(
          digestTexts.turnOffAlert,
          `${publicUrl}/unsubscribe?token=${token(`alert:${alertId}`)}`,
        ),
      );
    }
  }
  const allToken = token("all");
  // Under the signature: why this e-mail comes, and how to stop it.
  const footer: MailLink[] = [
    { label: digestTexts.settings, url: `${publicUrl}/profile/settings` },
  ];
  // Whenever followed artists' works may be mailed, even if this e-mail has none of them.
  if (person.followEmails) {
    footer.push({
      label: digestTexts.stopFollows,
      url: `${publicUrl}/unsubscribe?token=${token("follows")}`,
    });
  }
  footer.push({ label: digestTexts.stopAll, url: `${publicUrl}/unsubscribe?token=${allToken}` });
  return {
    kind: "digest",
    to: person.email,
    subject: digestTexts.subject(total),
    content: {
      name: person.firstName,
      lines,
      reason: digestTexts.reason,
      footer,
    },
    headers: {
      "List-Unsubscribe": `<${publicUrl}/api/unsubscribe?token=${allToken}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
