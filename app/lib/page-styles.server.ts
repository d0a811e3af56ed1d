import type { EntryContext } from "react-router";
import siteCss from "../styles/site.css?inline";
import artistCss from "../styles/first-paint/artist.css?inline";
import artworkCss from "../styles/first-paint/artwork.css?inline";
import exhibitionsCss from "../styles/first-paint/exhibitions.css?inline";
import homeCss from "../styles/first-paint/home.css?inline";
import { type ParsedStylesheet, parseStylesheet } from "./critical-css.server";

/**
 * What a page's `<style>` holds (issue 17, decision 0038). The public pages a visitor
 * lands on from outside carry only the rules their server HTML uses (app/styles/first-paint/),
 * so the document fits in the first round trip of a phone's connection; the whole
 * stylesheet follows as a file, after the page's first picture and before hydration
 * (app/lib/deferred-scripts.server.ts), or at once without JavaScript (a `<noscript>` link).
 * Every other page, and any page that answers with an error, keeps the whole stylesheet inline.
 * The part is then cut to the rules the page's HTML can match (`firstPaintSheet()`, given to
 * app/lib/critical-css.server.ts's `cutFirstPaint()` once the whole document is written).
 */
const FIRST_PAINT: Readonly<Record<string, string>> = {
  "routes/home": homeCss,
  "routes/artwork": artworkCss,
  "routes/artist": artistCss,
  "routes/exhibitions": exhibitionsCss,
  "routes/exhibition": exhibitionsCss,
};

export const FIRST_PAINT_ROUTES = Object.keys(FIRST_PAINT);

for (const css of [siteCss, ...Object.values(FIRST_PAINT)]) {
  // The rules go inside a <style> element (app/lib/site-styles.tsx): nothing in them may end it.
  if (/<\/style/i.test(css)) throw new Error("a stylesheet under app/styles contains </style");
}

export type PageStyles = {
  /** The rules written into the page. */
  css: string;
  /** True when `css` is only the page's first-paint part and the whole stylesheet follows. */
  partial: boolean;
};

/** Each first-paint part, read once. */
const PARSED = new Map<string, ParsedStylesheet>(
  Object.values(FIRST_PAINT).map((css) => [css, parseStylesheet(css)]),
);

/** The parsed first-paint part written into a page, to be cut to what the page uses. */
export function firstPaintSheet(styles: PageStyles): ParsedStylesheet | undefined {
  return styles.partial ? PARSED.get(styles.css) : undefined;
}

/** The stylesheet for the page React Router is about to render. */
export function pageStyles(context: Pick<EntryContext, "staticHandlerContext">): PageStyles {
  const { matches, errors } = context.staticHandlerContext;
  const leaf = matches[matches.length - 1]?.route.id;
  const firstPaint = !errors && leaf !== undefined ? FIRST_PAINT[leaf] : undefined;
  return firstPaint === undefined
    ? { css: siteCss, partial: false }
    : { css: firstPaint, partial: true };
}
