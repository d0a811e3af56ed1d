import { Link } from "react-router";

/**
 * A discovery page that could not be shown: the SPEC's text as the heading, and the
 * way back (SPEC §2 'Return to Marketplace'). Server-rendered with the right status.
 */
export function LoadError({ message, children }: { message: string; children?: React.ReactNode }) {
  return (
    <section className="narrow stack load-error">
      <h1>{message}</h1>
      {children}
      <p>
        <Link to="/" className="button">
          Return to Marketplace
        </Link>
      </p>
    </section>
  );
}
