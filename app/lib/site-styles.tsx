import { createContext, useContext } from "react";
import siteStylesheet from "../styles/site.css?url";

/**
 * The site's stylesheet written into the page's head as a `<style>` instead of a
 * `<link rel="stylesheet">` (issue 17, decision 0034 addendum): on a phone a linked
 * stylesheet is a second request, after the HTML, that the first paint waits for. The
 * pages after the first (client-side navigations) keep it, since the root layout never
 * unmounts.
 *
 * On the public pages a visitor lands on (app/lib/page-styles.server.ts, decision 0038)
 * the `<style>` holds only the rules of that page's server HTML, and names the whole
 * stylesheet, a built file, in `data-site-stylesheet`: the page's loader
 * (app/lib/deferred-scripts.server.ts) adds it after the first picture and hydrates once
 * it has arrived, so every page and dialog a person can reach from there is styled (if the
 * file cannot be had, even on a second try, the page hydrates after at most 3 s without it,
 * and what is not on the landing page is unstyled until a full load); a browser without
 * JavaScript gets it from the `<noscript>` link at once.
 *
 * On the server, entry.server.tsx gives the CSS text (Vite's `?inline`, minified) through
 * this context; the browser's bundle never holds it. In the browser, the component reads
 * the text and the attribute back from the element the server wrote, so hydration sees
 * the same element and React leaves it as it is.
 */
export const SiteStylesContext = createContext<
  { css: string; partial: boolean; nonce?: string } | undefined
>(undefined);

/** The attribute that names the whole stylesheet on a page that has only its first-paint part. */
export const SITE_STYLESHEET_ATTRIBUTE = "data-site-stylesheet";

let fromDocument: { css: string; partial: boolean } | undefined;

function readDocument() {
  const element = document.getElementById("site-styles");
  return {
    css: element?.textContent ?? "",
    partial: element?.hasAttribute(SITE_STYLESHEET_ATTRIBUTE) ?? false,
  };
}

/**
 * The site's stylesheet in a `<style>` with the request's nonce (on the server from the
 * context, in the browser `nonce` read back as root.tsx does); entry.server.tsx checks the
 * text cannot end the element.
 */
export function SiteStyles({ nonce }: { nonce: string | undefined }) {
  const server = useContext(SiteStylesContext);
  const { css, partial } =
    server ??
    (typeof document === "undefined"
      ? { css: "", partial: false }
      : (fromDocument ??= readDocument()));
  return (
    <>
      <style
        id="site-styles"
        nonce={server?.nonce ?? nonce}
        {...(partial ? { [SITE_STYLESHEET_ATTRIBUTE]: siteStylesheet } : {})}
        dangerouslySetInnerHTML={{ __html: css }}
      />
      {partial ? (
        <noscript>
          <link rel="stylesheet" href={siteStylesheet} />
        </noscript>
      ) : null}
    </>
  );
}
