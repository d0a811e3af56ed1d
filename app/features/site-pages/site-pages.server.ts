import type { AppLoadContext } from "react-router";
import type { SitePage } from "../../../contracts/site-pages.contract";
import { readForPage } from "../../lib/loader-errors.server";
import { sitePageLoadFailed } from "./site-pages.messages";

/** The page the address names (/about … /privacy): its title and its text as sanitised HTML. */
export async function loadSitePage(context: AppLoadContext, request: Request) {
  const slug = new URL(request.url).pathname.replace(/^\/+|\/+$/gu, "").replace(/\.data$/u, "");
  const page: SitePage = await readForPage(context, () => context.services.sitePages.get(slug), {
    fallback: sitePageLoadFailed,
    log: "A site page failed to load",
    details: { slug },
  });
  return { page };
}
