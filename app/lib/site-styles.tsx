import { createContext, useContext } from "react";

/**
 * The site's stylesheet (app/styles/site.css) written into the page's head as a `<style>`
 * instead of a `<link rel="stylesheet">` (issue 17, decision 0034 addendum): on a phone a
 * linked stylesheet is a second request, after the HTML, that the first paint waits for.
 * About 11 KB gzipped, in every document; the pages after the first (client-side
 * navigations) keep it, since the root layout never unmounts.
 *
 * On the server, entry.server.tsx gives the CSS text (Vite's `?inline`, minified) through
 * this context; the browser's bundle never holds it. In the browser, the component reads
 * the text back from the element the server wrote, so hydration sees the same
 * `dangerouslySetInnerHTML` and React leaves the element as it is.
 */
export const SiteStylesContext = createContext<string | undefined>(undefined);

export const SITE_STYLES_ID = "site-styles";

let fromDocument: string | undefined;

function cssText(serverCss: string | undefined): string {
  if (serverCss !== undefined) {
    // The text goes inside a <style> element: nothing in it may end the element.
    if (/<\/style/i.test(serverCss)) throw new Error("site.css contains </style");
    return serverCss;
  }
  if (typeof document === "undefined") return "";
  fromDocument ??= document.getElementById(SITE_STYLES_ID)?.textContent ?? "";
  return fromDocument;
}

export function SiteStyles({ nonce }: { nonce: string | undefined }) {
  const css = cssText(useContext(SiteStylesContext));
  return <style id={SITE_STYLES_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} />;
}
