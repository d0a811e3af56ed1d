import { Marked, type Tokens } from "marked";
import sanitizeHtml from "sanitize-html";

/**
 * The operator's Markdown as the HTML a site page shows (decision 0046). Two layers, so
 * that neither alone has to be right: marked writes any raw HTML in the text out as text
 * (never as markup), and sanitize-html then keeps only the tags and attributes below, with
 * links to http, https, mailto and tel only (no `javascript:`, no `data:`).
 */
const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
    // The page's own title is its only h1: a "#" heading of the text becomes an h2.
    heading({ tokens, depth }: Tokens.Heading) {
      const level = Math.max(depth, 2);
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
    // No pictures: they would load from anywhere; the alt text is kept as text.
    image({ text }: Tokens.Image) {
      return escapeHtml(text);
    },
  },
});

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "a",
    "strong",
    "em",
    "del",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel"],
    ol: ["start"],
    th: ["align"],
    td: ["align"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowProtocolRelative: false,
  disallowedTagsMode: "escape",
  transformTags: {
    // Links to other sites do not learn which page sent the visitor, nor get its window.
    a: (tagName, attribs) => ({
      tagName,
      attribs: /^https?:/iu.test(attribs.href ?? "")
        ? { ...attribs, rel: "noopener noreferrer nofollow" }
        : attribs,
    }),
  },
};

function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

export function renderSitePageMarkdown(text: string): string {
  const html = markdown.parse(text, { async: false });
  return sanitizeHtml(html, SANITIZE);
}
