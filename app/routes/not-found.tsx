import { Link, data } from "react-router";

/** Any address no route knows: a 404 with its own title, and the way back. */
export function loader() {
  return data(null, { status: 404, statusText: "Not Found" });
}

export function meta() {
  return [{ title: "Page not found · Vernissage" }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
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
