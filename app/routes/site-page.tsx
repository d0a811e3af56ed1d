import { RouteLoadError } from "../components/load-error";
import { loadSitePage } from "../features/site-pages/site-pages.server";
import { sitePageLoadFailed } from "../features/site-pages/site-pages.messages";
import { SITE, errorMeta } from "../lib/meta";
import { routeErrorText } from "../lib/route-error-text";
import type { Route } from "./+types/site-page";

/** One module for About, Contact, FAQ, Shipping & returns, Terms and Privacy (app/routes.ts). */
export function meta({ loaderData, error }: Route.MetaArgs) {
  if (!loaderData) return errorMeta(routeErrorText(error, sitePageLoadFailed));
  return [{ title: `${loaderData.page.title} · ${SITE}` }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  return loadSitePage(context, request);
}

export default function SitePage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article className="site-page narrow stack" aria-labelledby="site-page-heading">
      <h1 id="site-page-heading">{page.title}</h1>
      {/* The server's HTML from the operator's Markdown, raw HTML escaped and then
          sanitised to an allowlist (server/features/site-pages/site-pages.render.ts). */}
      <div className="site-page-text" dangerouslySetInnerHTML={{ __html: page.html }} />
    </article>
  );
}

export function ErrorBoundary() {
  return <RouteLoadError fallback={sitePageLoadFailed} />;
}
