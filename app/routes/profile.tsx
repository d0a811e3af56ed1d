import { NotBuiltYet } from "../components/ui/not-built-yet";
import { Avatar } from "../components/ui/avatar";
import { requireUser } from "../features/auth/require-user.server";
import type { Route } from "./+types/profile";

export function meta() {
  return [{ title: "Your profile · Vernissage" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return {
    displayName: user.displayName,
    profilePhoto: user.profilePhoto,
    pending: user.pendingOccupation === "artist",
  };
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  return (
    <NotBuiltYet title="Your profile">
      <div className="profile-summary">
        <Avatar name={loaderData.displayName} photo={loaderData.profilePhoto} size={64} />
        <p>
          Signed in as <strong>{loaderData.displayName}</strong>.
          {loaderData.pending ? " Your artist application is pending review." : ""}
        </p>
      </div>
    </NotBuiltYet>
  );
}
