import type {} from "../server/web/load-context";
import { useSyncExternalStore } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
} from "react-router";
import type { Route } from "./+types/root";
import { PendingPage } from "./features/layout/pending-page";
import { RouteAnnouncer } from "./features/layout/route-announcer";
import { SiteFooter } from "./features/layout/site-footer";
import { SiteHeader } from "./features/layout/site-header";
import type { RootLoaderData } from "./lib/session-user";
import { useTabHistory } from "./lib/use-tab-history";
import { pageTimeZone } from "./lib/time-zone.server";
import siteStylesheet from "./styles/site.css?url";

/** The site's icon (public/favicon.svg). */
const FAVICON = "/favicon.svg";

/**
 * The site's one stylesheet (decision 0034), a built file cached for a year, linked by
 * React Router's `<Links>`. A page's largest picture is asked for before it: the routes
 * preload it with React's `preload()`, which React writes ahead of the stylesheet.
 */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: siteStylesheet }];

export async function loader({ request, context }: Route.LoaderArgs): Promise<RootLoaderData> {
  const user = await context.services.auth.getSessionUser(request.headers);
  const timeZone = pageTimeZone(request.headers.get("cookie"), user?.timeZone);
  if (!user) return { user, timeZone };
  const unread = unreadMessagesOf(context, user.id);
  if (user.role !== "admin") return { user, timeZone, unreadMessages: await unread };
  const [unreadMessages, waitingApplications] = await Promise.all([
    unread,
    waitingApplicationsFor(context),
  ]);
  return { user, timeZone, unreadMessages, waitingApplications };
}

/** The header's unread messages; a failed count is logged and shows no number. */
async function unreadMessagesOf(
  context: Route.LoaderArgs["context"],
  userId: string,
): Promise<number | null> {
  try {
    return await context.services.conversations.unread(userId);
  } catch (error) {
    context.services.logger.error("The unread messages could not be counted", { error });
    return null;
  }
}

/** The admin header's count; a failed count is logged and shows no number, never an error page. */
async function waitingApplicationsFor(
  context: Route.LoaderArgs["context"],
): Promise<number | null> {
  try {
    return await context.services.applications.waitingCount();
  } catch (error) {
    context.services.logger.error("The waiting applications could not be counted", { error });
    return null;
  }
}

/**
 * In the browser, the page's CSP nonce, read back from a script React Router rendered
 * with it (the attribute is blanked once parsed, the property keeps it), so `<Links>`
 * hydrates with the server's value. On the server, undefined: `<ServerRouter nonce>`
 * is the default there.
 */
function clientNonce() {
  if (typeof document === "undefined") return undefined;
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
}

export function Layout({ children }: { children: React.ReactNode }) {
  // The tab's pages of ours, for the artwork page's Back (app/lib/tab-history.ts).
  useTabHistory();
  const hydrated = useHydratedIcon();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#f7f5f0" />
        {/* The tab's icon is asked for once the page has hydrated: made beside the page's
            first picture, its request took a phone's second connection. Until then an
            empty icon (no request) keeps the browser from asking for /favicon.ico;
            without JavaScript the browser reads the <noscript> one. */}
        <link
          rel="icon"
          href={hydrated ? FAVICON : "data:,"}
          type={hydrated ? "image/svg+xml" : undefined}
        />
        <noscript>
          <link rel="icon" href={FAVICON} type="image/svg+xml" />
        </noscript>
        <Meta />
        <Links nonce={clientNonce()} />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" className="page">
          <PendingPage>{children}</PendingPage>
        </main>
        <RouteAnnouncer />
        <SiteFooter />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

const noSubscription = () => () => {};

/**
 * False in the server's HTML and while React hydrates it, true once it has: the icon's
 * request waits for it. (app/lib/use-hydrated.ts's hook, written out here so that every
 * page's first download does not take one more file for it.)
 */
function useHydratedIcon() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

export default function App() {
  return <Outlet />;
}

export function HydrateFallback() {
  return <p className="status-text">Loading...</p>;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Something went wrong";
  let detail = "Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? "Page not found" : `Error ${error.status}`;
    detail =
      error.status === 404
        ? "We could not find the page you were looking for."
        : typeof error.data === "string" && error.data
          ? error.data
          : error.statusText || detail;
  }
  return (
    <section className="narrow stack">
      <h1>{title}</h1>
      <p>{detail}</p>
      <p>
        <a href="/">Return to Marketplace</a>
      </p>
    </section>
  );
}
