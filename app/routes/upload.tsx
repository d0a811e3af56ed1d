import { Link } from "react-router";
import { NotBuiltYet } from "../components/ui/not-built-yet";
import { useSessionUser } from "../root";

export function meta() {
  return [{ title: "Add artwork · Vernissage" }];
}

export default function Upload() {
  const user = useSessionUser();
  return (
    <NotBuiltYet title="Add artwork">
      {!user ? (
        <p>
          Listing artworks is for approved artists. <Link to="/signin">Sign in</Link> first.
        </p>
      ) : !user.isArtist ? (
        <p>
          Listing artworks is for approved artists. Apply as an artist when you sign up; our team
          reviews applications.
        </p>
      ) : null}
    </NotBuiltYet>
  );
}
