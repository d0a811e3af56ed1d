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
export const SiteStylesContext = createContext<{ css: string; nonce?: string } | undefined>(
  undefined,
);

let fromDocument: string | undefined;

/**
 * The site's stylesheet in a `<style>` with the request's nonce (on the server from the
 * context, in the browser `nonce` read back as root.tsx does); entry.server.tsx checks the
 * text cannot end the element.
 */
export function SiteStyles({ nonce }: { nonce: string | undefined }) {
  const server = useContext(SiteStylesContext);
  const css =
    server?.css ??
    (typeof document === "undefined"
      ? ""
      : (fromDocument ??= document.getElementById("site-styles")?.textContent ?? ""));
  return (
    <style
      id="site-styles"
      nonce={server?.nonce ?? nonce}
      dangerouslySetInnerHTML={{ __html: css }}
    />
  );
}
