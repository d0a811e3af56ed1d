import { Link } from "react-router";
import { useSessionUser } from "../root";

export function meta() {
  return [
    { title: "Vernissage · Original art, directly from the artists" },
    {
      name: "description",
      content:
        "Discover and buy original artworks from independent artists, and visit curated exhibitions.",
    },
    { property: "og:title", content: "Vernissage" },
    { property: "og:type", content: "website" },
  ];
}

export default function Home() {
  const user = useSessionUser();
  return (
    <div className="home">
      <section className="hero">
        <p className="eyebrow">An open marketplace for original art</p>
        <h1>Original art, directly from the artists.</h1>
        <p className="lede">
          Browse paintings, photographs, prints and sculpture by independent artists, follow curated
          exhibitions, and buy the work you love.
        </p>
        <div className="hero-actions">
          <Link className="button button-primary" to="/exhibition">
            Visit the exhibitions
          </Link>
          {user ? null : (
            <Link className="button" to="/signup">
              Join as a collector or artist
            </Link>
          )}
        </div>
      </section>
      <section className="not-built" aria-labelledby="marketplace-heading">
        <h2 id="marketplace-heading">Marketplace</h2>
        <p className="not-built-note" role="note">
          The marketplace grid, search and filters are not built yet. They arrive in the next
          release of Vernissage.
        </p>
      </section>
    </div>
  );
}
