import { useActionData, useSearchParams } from "react-router";
import { RouteLoadError } from "../components/load-error";
import { requireUser } from "../lib/require-user.server";
import { profileMeta } from "../features/profile/profile-meta";
import { ProfilePage } from "../features/profile/profile-page";
import { profilePageMessages as m } from "../features/profile/profile.messages";
import { loadProfilePage, saveOwnProfile } from "../features/profile/profile.server";
import { PayoutNotice } from "../features/payouts/payout-notice";
import { ACTIVATED_PARAM } from "../features/payouts/payouts-form";
import { loadPayoutNotice } from "../features/payouts/payouts.server";
import type { Route } from "./+types/profile";
import "../features/profile/profile.css";
import "../features/payouts/payouts.css";

export function meta({ loaderData }: Route.MetaArgs) {
  return profileMeta(loaderData?.profile ?? null, true);
}

/** SPEC §2: the signed-in user's own profile; anyone else goes to /signin. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const [page, payouts] = await Promise.all([
    loadProfilePage(context, request, user.id, user),
    loadPayoutNotice(context, request),
  ]);
  return { ...page, payouts };
}

export function action({ request, context }: Route.ActionArgs) {
  return saveOwnProfile(context, request);
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const editResult = useActionData<typeof action>();
  const [params] = useSearchParams();
  const { payouts, ...page } = loaderData;
  return (
    <>
      <PayoutNotice
        state={payouts}
        showActive
        activated={params.get(ACTIVATED_PARAM) === "active"}
      />
      <ProfilePage {...page} editResult={editResult} />
    </>
  );
}

export function ErrorBoundary() {
  return <RouteLoadError fallback={m.loadFailed} />;
}
