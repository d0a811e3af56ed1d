import { Link } from "react-router";
import type { ListingAccess } from "./listings.server";
import { listingPageMessages as m } from "./listings.messages";

/** Why this person cannot list (or edit) here, and where to go instead. */
export function ListingAccessNotice({
  access,
  title,
}: {
  access: Exclude<ListingAccess, "ok">;
  title: string;
}) {
  return (
    <section className="narrow stack listing-access">
      <h1>{title}</h1>
      {access === "signedOut" ? (
        <p>
          {m.signedOut} <Link to="/signin">Sign in</Link> to list your work, or{" "}
          <Link to="/signup">apply as an artist</Link>.
        </p>
      ) : access === "pending" ? (
        <p>{m.pending}</p>
      ) : access === "notArtist" ? (
        <p>
          {m.notArtist} <Link to="/profile">Apply from your profile</Link>.
        </p>
      ) : access === "notOwner" ? (
        <p>{m.notOwner}</p>
      ) : (
        <p>{m.notFound}</p>
      )}
      <p>
        <Link to="/">Return to Marketplace</Link>
      </p>
    </section>
  );
}
