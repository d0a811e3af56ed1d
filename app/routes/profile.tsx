import { useActionData } from "react-router";
import { RouteLoadError } from "../components/load-error";
import { requireUser } from "../lib/require-user.server";
import { profileMeta } from "../features/profile/profile-meta";
import { ProfilePage } from "../features/profile/profile-page";
import { profilePageMessages as m } from "../features/profile/profile.messages";
import { loadProfilePage, saveOwnProfile } from "../features/profile/profile.server";
import { ArtistApplicationSection } from "../features/applications/artist-application-form";
import {
  applyFromProfile,
  isApplicationForm,
  loadOwnApplication,
} from "../features/applications/applications.server";
import type { Route } from "./+types/profile";
import "../features/profile/profile.css";

export function meta({ loaderData }: Route.MetaArgs) {
  return profileMeta(loaderData?.profile ?? null, true);
}

/** SPEC §2: the signed-in user's own profile; anyone else goes to /signin. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const page = await loadProfilePage(context, request, user.id, user);
  return { ...page, application: await loadOwnApplication(context, user) };
}

/** The profile edit, or "Apply as an artist" (its form's `intent`). */
export async function action({ request, context }: Route.ActionArgs) {
  if (await isApplicationForm(request)) return applyFromProfile(context, request);
  return saveOwnProfile(context, request);
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const applicationResult = result && "form" in result ? result : undefined;
  const editResult = result && !("form" in result) ? result : undefined;
  const { application, ...page } = loaderData;
  return (
    <ProfilePage
      {...page}
      editResult={editResult}
      artistApplication={
        application ? (
          <ArtistApplicationSection
            own={application}
            profileLinks={{
              instagramHandle: page.form?.instagramHandle ?? "",
              websiteURL: page.form?.websiteURL ?? "",
            }}
            result={applicationResult}
          />
        ) : null
      }
    />
  );
}

export function ErrorBoundary() {
  return <RouteLoadError fallback={m.loadFailed} />;
}
