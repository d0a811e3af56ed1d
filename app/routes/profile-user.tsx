import { redirect } from "react-router";
import { RouteLoadError } from "../components/load-error";
import { profileMeta } from "../features/profiles/profile-meta";
import { ProfilePage } from "../features/profiles/profile-page";
import { profilePageMessages as m } from "../features/profiles/profiles.messages";
import { loadProfilePage } from "../features/profiles/profiles.server";
import type { Route } from "./+types/profile-user";

export function meta({ loaderData }: Route.MetaArgs) {
  return profileMeta(loaderData?.profile ?? null, false);
}

/** SPEC §2: another user's profile; one's own id goes to /profile (with its tab). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await context.services.auth.getSessionUser(request.headers);
  if (user && user.id === params.userId.toLowerCase()) {
    throw redirect(`/profile${new URL(request.url).search}`);
  }
  return loadProfilePage(context, request, params.userId, user ?? null);
}

export default function UserProfile({ loaderData }: Route.ComponentProps) {
  return <ProfilePage {...loaderData} />;
}

export function ErrorBoundary() {
  return <RouteLoadError fallback={m.loadFailed} />;
}
