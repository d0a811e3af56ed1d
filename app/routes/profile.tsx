import { useActionData } from "react-router";
import { RouteLoadError } from "../components/load-error";
import { requireUser } from "../lib/require-user.server";
import { profileMeta } from "../features/profile/profile-meta";
import { ProfilePage } from "../features/profile/profile-page";
import { profilePageMessages as m } from "../features/profile/profile.messages";
import { loadProfilePage, saveOwnProfile } from "../features/profile/profile.server";
import type { Route } from "./+types/profile";
import "../features/profile/profile.css";

export function meta({ loaderData }: Route.MetaArgs) {
  return profileMeta(loaderData?.profile ?? null, true);
}

/** SPEC §2: the signed-in user's own profile; anyone else goes to /signin. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return loadProfilePage(context, request, user.id, user);
}

export function action({ request, context }: Route.ActionArgs) {
  return saveOwnProfile(context, request);
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const editResult = useActionData<typeof action>();
  return <ProfilePage {...loaderData} editResult={editResult} />;
}

export function ErrorBoundary() {
  return <RouteLoadError fallback={m.loadFailed} />;
}
