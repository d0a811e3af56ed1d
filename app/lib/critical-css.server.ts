import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/**
 * A landing page's first-paint rules cut to the ones its HTML can match (issue 17,
 * decision 0039). app/styles/first-paint/ names the files a page's server HTML
 * uses; a file holds rules for states and variants that one answer does not show (a sold
 * work's badge, an empty result, a signed-in header). Here a rule is kept when every class
 * its selector needs appears in a `class` attribute of the page, and every element name it
 * needs is an element of the page: a selector that needs a class (or an element) the page
 * does not have cannot match anything on the page as the server sent it. Rules that need
 * neither (attributes, `:root`, `*`), and at-rules that are not groups
 * (`@font-face`, `@keyframes`, `@import`), are kept as they are. What the page becomes
 * after it hydrates is styled by the whole stylesheet, which hydration waits for. Rules
 * that apply only while a pointer is over or pressing something (`:hover`, `:active`) are
 * left to the whole stylesheet too (it arrives after the page's first picture, or at the
 * first touch); focus rules are kept, as a keyboard user must see where they are from the
 * first Tab (a skip link shown on focus, a switch whose input is transparent).
 *
 * The parser reads what Vite's CSS pipeline writes (and plain CSS): strings, comments,
 * brackets and parentheses are respected; a selector it does not understand (a backslash
 * escape) is kept.
 */

type Selector = {
  text: string;
  classes: readonly string[];
  tags: readonly string[];
  /** Matches only while a pointer is over or pressing something. */
  action: boolean;
};

type Node =
  | { kind: "rule"; selectors: readonly Selector[]; body: string }
  | { kind: "group"; prelude: string; children: readonly Node[] }
  | { kind: "raw"; text: string };

export type ParsedStylesheet = readonly Node[];

/** At-rules whose block holds rules (kept when one of their rules is kept). */
const GROUPS = new Set(["media", "supports", "container", "layer", "scope", "document"]);

/** The index just past the string that starts at `i` (a quote). */
function skipString(css: string, i: number): number {
  const quote = css[i];
  let j = i + 1;
  while (j < css.length && css[j] !== quote) j += css[j] === "\\" ? 2 : 1;
  return j + 1;
}

/** The index just past the comment that starts at `i` (`/*`). */
function skipComment(css: string, i: number): number {
  const end = css.indexOf("*/", i + 2);
  return end === -1 ? css.length : end + 2;
}

/**
 * The index just past the string, comment or escape that starts at `j`, where braces,
 * brackets and commas are not syntax; null when none starts there.
 */
function pastOpaque(css: string, j: number): number | null {
  const c = css[j];
  if (c === '"' || c === "'") return skipString(css, j);
  if (c === "/" && css[j + 1] === "*") return skipComment(css, j);
  if (c === "\\") return j + 2;
  return null;
}

/**
 * The index of the first character from `from`, outside strings, comments and escapes,
 * for which `stop` says yes; `css.length` when there is none.
 */
function walk(css: string, from: number, stop: (c: string) => boolean): number {
  let j = from;
  while (j < css.length) {
    const past = pastOpaque(css, j);
    if (past !== null) j = past;
    else if (stop(css[j]!)) return j;
    else j++;
  }
  return css.length;
}

/**
 * The index of the first of `stops` at depth 0 (outside strings, comments, `()` and `[]`)
 * from `i`, or `css.length`.
 */
function scanTo(css: string, i: number, stops: string): number {
  let depth = 0;
  return walk(css, i, (c) => {
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth = Math.max(0, depth - 1);
    else return depth === 0 && stops.includes(c);
    return false;
  });
}

/** The index of the `}` that closes the block opened at `open` (a `{`). */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  const end = walk(css, open, (c) => {
    if (c === "{") depth++;
    return c === "}" && --depth === 0;
  });
  if (end >= css.length) throw new Error("a stylesheet has a block that is never closed");
  return end;
}

/** The selector list split at its top-level commas. */
function splitSelectors(prelude: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (;;) {
    const comma = scanTo(prelude, start, ",");
    parts.push(prelude.slice(start, comma).trim());
    if (comma >= prelude.length) return parts.filter(Boolean);
    start = comma + 1;
  }
}

/**
 * The selector with what is inside brackets, strings, comments and parentheses blanked out
 * (the same skipping as `walk`, `pastOpaque`): what is
 * inside `:not()`, `:is()`, `:has()`… or an attribute selector is not required of the page.
 */
function outsideParentheses(selector: string): string {
  let outside = "";
  let depth = 0;
  for (let j = 0; j < selector.length; j++) {
    const past = pastOpaque(selector, j);
    if (past !== null) {
      j = past - 1;
      outside += " ";
      continue;
    }
    const c = selector[j]!;
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth = Math.max(0, depth - 1);
    outside += depth > 0 || c === ")" || c === "]" ? " " : c;
  }
  return outside;
}

/** `.name` in a selector: an identifier, letters beyond ASCII included. */
const CLASS_NAME = /\.(-?[_a-zA-Z\u0080-\uffff][\w\u0080-\uffff-]*)/g;

/**
 * What an element of the page must be for the selector to match: the classes (`.name`)
 * and the element names (`input`, `li`) outside brackets, strings and parentheses. None
 * for a selector with an escape, which this does not read.
 */
export function requirements(selector: string): {
  classes: string[];
  tags: string[];
  action: boolean;
} {
  if (selector.includes("\\")) return { classes: [], tags: [], action: false };
  const outside = outsideParentheses(selector);
  return {
    action: /:(hover|active)(?![\w-])/.test(outside),
    classes: [...outside.matchAll(CLASS_NAME)].map((match) => match[1]!),
    tags: [...outside.matchAll(/(?:^|[\s>+~])([a-zA-Z][\w-]*)/g)].map((m) => m[1]!.toLowerCase()),
  };
}

function parseBlock(css: string, from: number, to: number): Node[] {
  const nodes: Node[] = [];
  let i = from;
  while (i < to) {
    const c = css[i]!;
    if (/\s/.test(c) || c === ";") {
      i++;
      continue;
    }
    if (c === "/" && css[i + 1] === "*") {
      i = skipComment(css, i);
      continue;
    }
    const stop = Math.min(scanTo(css, i, c === "@" ? "{;" : "{"), to);
    const prelude = css.slice(i, stop).trim();
    if (stop >= to || css[stop] === ";") {
      // A statement at-rule (@import, @layer a, b;) or a stray tail: kept as written.
      if (prelude) nodes.push({ kind: "raw", text: `${prelude};` });
      i = stop + 1;
      continue;
    }
    const end = blockEnd(css, stop);
    if (c === "@") {
      const name = /^@([\w-]+)/.exec(prelude)?.[1]?.toLowerCase() ?? "";
      nodes.push(
        GROUPS.has(name)
          ? { kind: "group", prelude, children: parseBlock(css, stop + 1, end) }
          : { kind: "raw", text: css.slice(i, end + 1) },
      );
    } else {
      nodes.push({
        kind: "rule",
        selectors: splitSelectors(prelude).map((text) => ({ text, ...requirements(text) })),
        body: css.slice(stop + 1, end),
      });
    }
    i = end + 1;
  }
  return nodes;
}

export function parseStylesheet(css: string): ParsedStylesheet {
  return parseBlock(css, 0, css.length);
}

/** The classes and the element names a page's HTML has. */
export type PageNames = { classes: ReadonlySet<string>; tags: ReadonlySet<string> };

/** The stylesheet with the rules (and selectors) that can match an element of the page. */
export function criticalCss(sheet: ParsedStylesheet, page: PageNames): string {
  let out = "";
  for (const node of sheet) {
    if (node.kind === "raw") out += node.text;
    else if (node.kind === "group") {
      const inner = criticalCss(node.children, page);
      // An emptied @layer stays: where a layer is first named decides its order.
      if (inner || /^@layer\b/i.test(node.prelude)) out += `${node.prelude}{${inner}}`;
    } else {
      const kept = node.selectors.filter(
        (s) =>
          !s.action &&
          s.classes.every((name) => page.classes.has(name)) &&
          s.tags.every((tag) => page.tags.has(tag)),
      );
      if (kept.length > 0) out += `${kept.map((s) => s.text).join(",")}{${node.body}}`;
    }
  }
  return out;
}

/**
 * Every class named in a `class` attribute of the HTML (React writes them double-quoted),
 * and every element name in it (`html` and `body` even when the HTML is a part).
 */
export function namesIn(html: string): PageNames {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of match[1]!.split(/\s+/)) if (name) classes.add(name);
  }
  const tags = new Set(["html", "body"]);
  for (const match of html.matchAll(/<([a-zA-Z][\w-]*)/g)) tags.add(match[1]!.toLowerCase());
  return { classes, tags };
}

/** The attribute the page's `<style>` is found by (app/lib/site-styles.tsx). */
const STYLE_ELEMENT = 'id="site-styles"';

/**
 * The stream transform for a landing page: it holds the document until its end, then
 * writes in its `<style>` only the rules of `sheet` (whose text `css` the page was
 * rendered with) that the document's classes can match. A document without that text in
 * its `<style>` goes out as it came.
 */
export function cutFirstPaint(css: string, sheet: ParsedStylesheet): Transform {
  const decoder = new StringDecoder("utf8");
  let text = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      text += decoder.write(chunk);
      callback();
    },
    flush(callback) {
      text += decoder.end();
      const element = text.indexOf(STYLE_ELEMENT);
      // The rules must be the element's whole text: right after its tag, then its end.
      const at = element === -1 ? -1 : text.indexOf(">", element) + 1;
      if (at > 0 && css !== "" && text.startsWith(`${css}</style>`, at)) {
        const cut = criticalCss(sheet, namesIn(text));
        text = text.slice(0, at) + cut + text.slice(at + css.length);
      }
      callback(null, text);
    },
  });
}
