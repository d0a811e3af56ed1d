import { Link } from "react-router";

/** A route that a later release fills in. It says so plainly instead of pretending. */
export function NotBuiltYet({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <section className="narrow stack not-built">
      <h1>{title}</h1>
      <p className="not-built-note" role="note">
        This page is not built yet. It arrives in a coming release of Vernissage.
      </p>
      {children}
      <p>
        <Link to="/">Return to Marketplace</Link>
      </p>
    </section>
  );
}
