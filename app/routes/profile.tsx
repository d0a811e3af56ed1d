import { Suspense, lazy } from "react";
import { useActionData, useSearchParams } from "react-router";
import { RouteLoadError } from "../components/load-error";
import { requireUser } from "../lib/require-user.server";
import { profileMeta } from "../features/profiles/profile-meta";
import { ProfilePage } from "../features/profiles/profile-page";
import { profilePageMessages as m } from "../features/profiles/profiles.messages";
import { loadProfilePage, saveOwnProfile } from "../features/profiles/profiles.server";
import {
  applyFromProfile,
  isApplicationForm,
  loadOwnApplication,
} from "../features/applications/applications.server";
import { PayoutNotice } from "../features/payouts/payout-notice";
import { ACTIVATED_PARAM } from "../features/payouts/payouts-form";
import { loadPayoutNotice } from "../features/payouts/payouts.server";
import type { Route } from "./+types/profile";

/**
 * The artist application is a download of its own (decision 0034): only people who are not
 * artists see it, and the server still renders it into their page.
 */
const ArtistApplicationSection = lazy(() =>
  import("../features/applications/artist-application-form").then((module) => ({
    default: module.ArtistApplicationSection,
  })),
);

export function meta({ loaderData }: Route.MetaArgs) {
  return profileMeta(loaderData?.profile ?? null, true);
}

/**
 * SPEC §2: the signed-in user's own profile; anyone else goes to /signin. With it, the
 * artist's payout notice and a non-artist's application (decision 0027).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const [page, payouts, application] = await Promise.all([
    loadProfilePage(context, request, user.id, user),
    loadPayoutNotice(context, request),
    loadOwnApplication(context, user),
  ]);
  return { ...page, payouts, application };
}

/** The profile edit, or "Apply as an artist" (its form's `intent`). */
export async function action({ request, context }: Route.ActionArgs) {
  if (await isApplicationForm(request)) return applyFromProfile(context, request);
  return saveOwnProfile(context, request);
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const applicationResult = result && "form" in result ? result : undefined;
  const editResult = result && !("form" in result) ? result : undefined;
  const { application, payouts, ...page } = loaderData;
  return (
    <>
      <PayoutNotice
        state={payouts}
        showActive
        activated={params.get(ACTIVATED_PARAM) === "active"}
      />
      <ProfilePage
        {...page}
        editResult={editResult}
        artistApplication={
          application ? (
            <Suspense fallback={null}>
              <ArtistApplicationSection
                own={application}
                profileLinks={{
                  instagramHandle: page.form?.instagramHandle ?? "",
                  websiteURL: page.form?.websiteURL ?? "",
                }}
                result={applicationResult}
              />
            </Suspense>
          ) : null
        }
      />
    </>
  );
}

export function ErrorBoundary() {
  return <RouteLoadError fallback={m.loadFailed} />;
}
