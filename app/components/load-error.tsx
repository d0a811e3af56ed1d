import { Link, useRouteError } from "react-router";
import { routeErrorText } from "../lib/route-error-text";

type LoadErrorProps = {
  message: string;
  /** A page that keeps its own heading (Exhibitions, Marketplace) shows the text as an alert. */
  title?: string;
  children?: React.ReactNode;
  /** The way back; 'Return to Marketplace' (SPEC §2) unless the page is the marketplace. */
  back?: React.ReactNode;
};

/**
 * A page that could not be shown: the SPEC's text as the heading (or as an alert under
 * the page's own heading), and the way back (SPEC §2 'Return to Marketplace').
 * Server-rendered with the right status.
 */
export function LoadError({ message, title, children, back }: LoadErrorProps) {
  return (
    <section className="narrow stack load-error">
      {title ? (
        <>
          <h1>{title}</h1>
          <p role="alert" className="message message-error">
            {message}
          </p>
        </>
      ) : (
        <h1>{message}</h1>
      )}
      {children}
      <p>
        {back ?? (
          <Link to="/" className="button">
            Return to Marketplace
          </Link>
        )}
      </p>
    </section>
  );
}

/**
 * The one ErrorBoundary of the pages: the text the loader threw (`data(text, { status })`)
 * or, for anything else, the page's fallback.
 */
export function RouteLoadError({
  fallback,
  ...props
}: Omit<LoadErrorProps, "message"> & { fallback: string }) {
  return <LoadError message={routeErrorText(useRouteError(), fallback)} {...props} />;
}
