import { titleText } from "../../../domain/display";
import { type MailLine, button, message, workPicture } from "../../mail/mail-content";
import type { NewMail } from "../mail/mail.api";
import type { MailFacts, NewMessage } from "./message-mail.repository";

/**
 * The e-mail about messages not read within a while: who wrote (their display name,
 * never their e-mail address), about which work, what they wrote, and the link to answer.
 */

/** A long message is cut in the e-mail; the conversation shows all of it. */
const MAX_QUOTED_CHARACTERS = 600;

export const messageMailTexts = {
  subject: (other: string, title: string | null) =>
    title ? `${other} wrote to you about "${titleText(title)}"` : `${other} wrote to you`,
  reason:
    "You receive this e-mail because someone wrote to you on Vernissage and you had not read it yet. We send at most one an hour per conversation.",
  settings: "Stop e-mails about new messages",
} as const;

function quoted(body: string): string {
  const text = body.trim();
  return text.length > MAX_QUOTED_CHARACTERS
    ? `${text.slice(0, MAX_QUOTED_CHARACTERS).trimEnd()}…`
    : text;
}

function picturesText(n: number): string {
  return n === 1 ? "1 picture" : `${n} pictures`;
}

export function newMessagesMail(
  facts: MailFacts,
  news: { messages: NewMessage[]; total: number; pictures: number },
  links: { publicUrl: string; conversationId: string },
): NewMail {
  const other = facts.other_name.trim() || "Someone";
  const title = facts.kind === "artwork" ? titleText(facts.artwork_title) : null;
  const url = `${links.publicUrl}/profile/messages/${links.conversationId}`;
  const count = news.total === 1 ? "a new message" : `${news.total} new messages`;
  const lines: MailLine[] = [
    title ? `${other} sent you ${count} about "${title}":` : `${other} sent you ${count}:`,
    "",
  ];
  const earlier = news.total - news.messages.length;
  if (earlier > 0) {
    lines.push(`(${earlier} earlier ${earlier === 1 ? "message" : "messages"} not shown here)`, "");
  }
  for (const m of news.messages) {
    if (m.body.trim()) lines.push(quoted(m.body));
    if (m.pictures > 0) lines.push(`[${picturesText(m.pictures)}]`);
    lines.push("");
  }
  if (news.pictures > 0) {
    lines.push(`With ${picturesText(news.pictures)} in all.`, "");
  }
  lines.push(button("Read and answer", url, "Reply"));
  return {
    kind: "conversation_messages",
    to: facts.recipient_email,
    subject: messageMailTexts.subject(other, title),
    content: {
      ...message(
        facts.recipient_name || null,
        title ? workPicture(links.publicUrl, facts.artwork_thumbnail, `"${title}"`) : null,
        lines,
      ),
      reason: messageMailTexts.reason,
      footer: [{ label: messageMailTexts.settings, url: `${links.publicUrl}/profile/settings` }],
    },
  };
}
