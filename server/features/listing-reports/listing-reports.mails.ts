import { titleText } from "../../../domain/display";
import { DEFAULT_REASON, TEAM_REASON, button, message, workPicture } from "../../mail/mail-content";
import type { MailContent } from "../../mail/mail-content";

/**
 * The statements of reasons (decision 0059, after DSA Art. 17): what was decided, on
 * what ground, the facts relied on, that no automated means were used, and how to
 * challenge it. The reporter's never names the artist's words to the team beyond the
 * decision; the artist's never names who reported.
 */

type Links = { publicUrl: string; teamEmail: string };

const NO_AUTOMATION =
  "Automated means: none. A member of the marketplace team read the report and the listing and made this decision; no automated means were used to detect the listing or to decide.";

function otherRedress(teamEmail: string): string {
  return `You may also turn to an out-of-court dispute settlement body certified under the EU Digital Services Act, or to a court. Questions: ${teamEmail}.`;
}

export type Statement = {
  title: string;
  outcome: "kept" | "taken_down";
  ground: string;
  explanation: string;
};

function decisionLine(s: Statement): string {
  return s.outcome === "taken_down"
    ? `Decision: the listing "${titleText(s.title)}" is taken down. It is hidden everywhere on the marketplace (search, the artist's page, exhibitions) and cannot be bought.`
    : `Decision: the listing "${titleText(s.title)}" stays on the marketplace. No action was taken against it.`;
}

function reasonsBody(s: Statement): string[] {
  return [
    decisionLine(s),
    "",
    `Ground: ${s.ground}.`,
    "",
    "Facts and circumstances relied on:",
    s.explanation,
    "",
    NO_AUTOMATION,
    "",
  ];
}

/** To someone who reported the listing (a guest too: the address they gave). */
export function reporterStatementMail(
  to: { name: string | null },
  s: Statement,
  { publicUrl, teamEmail }: Links,
): { subject: string; content: MailContent } {
  return {
    subject: `Our decision on your report of "${titleText(s.title)}"`,
    content: {
      ...message(to.name, null, [
        "Thank you for reporting a listing on Vernissage. The marketplace team has looked into it; this is our statement of reasons.",
        "",
        ...reasonsBody(s),
        `How to challenge this decision: if you disagree, reply with your reasons to ${teamEmail} within six months; the team will look at it again.`,
        otherRedress(teamEmail),
        "",
        button("The marketplace", publicUrl, "Visit Vernissage"),
      ]),
      reason: "You receive this e-mail because you reported a listing on Vernissage.",
    },
  };
}

/** To the artist of the listing, with the way to appeal a take-down. */
export function artistStatementMail(
  to: { name: string },
  s: Statement & {
    artworkId: string;
    thumbnail: string | null;
    reasons: string[];
    decisionId: string;
  },
  { publicUrl, teamEmail }: Links,
): { subject: string; content: MailContent } {
  const title = titleText(s.title);
  const reported = `Your listing "${title}" was reported to the marketplace team (${s.reasons.join("; ")}). The team has decided; this is our statement of reasons.`;
  const appeal =
    s.outcome === "taken_down"
      ? [
          "How to appeal: you may appeal this decision once, with your reasons, from the page below. The team looks at the decision again and answers you by e-mail; if it is reversed, your listing is back on the marketplace at once.",
          button("Appeal this decision", `${publicUrl}/profile/takedowns#decision-${s.decisionId}`),
          otherRedress(teamEmail),
        ]
      : [`If you have questions, write to the marketplace team at ${teamEmail}.`];
  return {
    subject:
      s.outcome === "taken_down"
        ? `Your listing "${title}" was taken down`
        : `Your listing "${title}" was reported and stays on the marketplace`,
    content: {
      ...message(to.name, workPicture(publicUrl, s.thumbnail, `"${title}"`), [
        reported,
        "",
        ...reasonsBody(s),
        ...appeal,
      ]),
      reason: DEFAULT_REASON,
    },
  };
}

/** To the artist, the team's answer to their appeal. */
export function appealOutcomeMail(
  to: { name: string },
  a: {
    title: string;
    artworkId: string;
    outcome: "upheld" | "reversed";
    explanation: string;
  },
  { publicUrl, teamEmail }: Links,
): { subject: string; content: MailContent } {
  const title = titleText(a.title);
  const decided =
    a.outcome === "reversed"
      ? `Decision on your appeal: we reverse the take-down of "${title}". The listing is back on the marketplace.`
      : `Decision on your appeal: the take-down of "${title}" stands.`;
  return {
    subject:
      a.outcome === "reversed"
        ? `Your appeal succeeded: "${title}" is back on the marketplace`
        : `Your appeal about "${title}" was not successful`,
    content: {
      ...message(to.name, null, [
        decided,
        "",
        "The team's reasons:",
        a.explanation,
        "",
        NO_AUTOMATION.replace("the report and the listing", "your appeal"),
        "",
        a.outcome === "upheld"
          ? otherRedress(teamEmail)
          : `If you have questions, write to the marketplace team at ${teamEmail}.`,
        button("See the work", `${publicUrl}/artwork/${a.artworkId}`),
      ]),
      reason: DEFAULT_REASON,
    },
  };
}

/** To the team: an artist appealed a take-down; the console's queue lists it too. */
export function appealToTeamMail(
  a: { title: string; artworkId: string; artistName: string },
  { publicUrl }: Links,
): { subject: string; content: MailContent } {
  const title = titleText(a.title);
  return {
    subject: `${a.artistName} appealed the take-down of "${title}"`,
    content: {
      ...message(null, null, [
        `${a.artistName} appealed the team's decision to take down "${title}". Please answer the appeal: uphold the decision or reverse it.`,
        button("Answer the appeal", `${publicUrl}/admin/listing-reports/${a.artworkId}`),
      ]),
      reason: TEAM_REASON,
    },
  };
}
