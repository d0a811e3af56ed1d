import { RouteLoadError } from "../components/load-error";
import { alertsMessages as m } from "../features/alerts/alerts.messages";
import { loadSettings, settingsAction } from "../features/alerts/alerts.server";
import { SettingsPage } from "../features/alerts/settings-page";
import type { Route } from "./+types/profile-settings";

export function meta() {
  return [{ title: "Alerts and e-mail · Vernissage" }, { name: "robots", content: "noindex" }];
}

/** Issue 16: the signed-in person's alerts and e-mail preferences; signed out → /signin. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadSettings(context, request);
}

/** The page's forms and the marketplace's "Create alert" (field `intent`). */
export function action({ request, context }: Route.ActionArgs) {
  return settingsAction(context, request);
}

export default function ProfileSettings({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SettingsPage
      preferences={loaderData.preferences}
      timeZone={loaderData.timeZone}
      timeZones={loaderData.timeZones}
      alerts={loaderData.alerts}
      result={actionData}
    />
  );
}

export function ErrorBoundary() {
  return <RouteLoadError fallback={m.loadFailed} />;
}
