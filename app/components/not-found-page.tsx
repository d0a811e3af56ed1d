import { Link } from "react-router";

/** The 404 page's content: any address no route knows, and records a person may not see. */
export function NotFoundPage() {
  return (
    <section className="narrow stack">
      <h1>Page not found</h1>
      <p>We could not find the page you were looking for.</p>
      <p>
        <Link to="/">Return to Marketplace</Link>
      </p>
    </section>
  );
}

export const NOT_FOUND_TITLE = "Page not found · Vernissage";
