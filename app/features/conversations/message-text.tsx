import { type ReactNode } from "react";

/** Web addresses in a message; anything else stays text. */
const LINK = /\bhttps?:\/\/[^\s<>"]+/gi;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,;:!?)\]}'"]+$/;

/**
 * A message as people wrote it: text, never HTML (React escapes it), its line breaks
 * kept by the stylesheet. Web addresses are links that crawlers do not follow and that
 * cannot reach back into this page (`rel="nofollow ugc noopener"`).
 */
export function MessageText({ text }: { text: string }): ReactNode {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    const trailing = TRAILING.exec(match[0])?.[0] ?? "";
    const href = match[0].slice(0, match[0].length - trailing.length);
    const start = match.index;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <a key={start} href={href} rel="nofollow ugc noopener noreferrer" target="_blank">
        {href}
      </a>,
    );
    at = start + href.length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <p className="message-body">{parts}</p>;
}
