import { render } from "@react-email/render";
import type { MailContent } from "./mail-content";
import { MailMessage } from "./mail-message";

// The marketplace's name as written, not upper-cased as html-to-text does with headings.
const htmlToTextOptions = { selectors: [{ selector: "h1", options: { uppercase: false } }] };

/** The inbox's preview line: the first sentence after the greeting. */
function previewOf(content: MailContent): string | undefined {
  return content.lines.find((line): line is string => typeof line === "string" && line !== "");
}

/** Both parts of a multipart/alternative e-mail, from the one template. */
export async function renderMail(
  content: MailContent,
  subject: string,
): Promise<{ html: string; text: string }> {
  const element = <MailMessage content={content} preview={previewOf(content) ?? subject} />;
  const [html, text] = await Promise.all([
    render(element),
    render(element, { plainText: true, htmlToTextOptions }),
  ]);
  // PostgreSQL refuses a NUL in text and jsonb: one in a title or message must not fail the
  // move that queues the mail.
  return { html: html.replaceAll("\u0000", ""), text: text.replaceAll("\u0000", "") };
}
