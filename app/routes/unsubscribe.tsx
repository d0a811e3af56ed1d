import { Link } from "react-router";
import { RouteLoadError } from "../components/load-error";
import { alertsMessages as m } from "../features/alerts/alerts.messages";
import { loadUnsubscribe, unsubscribeAction } from "../features/alerts/alerts.server";
import { UnsubscribePage } from "../features/alerts/unsubscribe-page";
import type { Route } from "./+types/unsubscribe";

export function meta() {
  return [{ title: "Unsubscribe · Vernissage" }, { name: "robots", content: "noindex" }];
}

/** Issue 16: an alert e-mail's unsubscribe link; the token alone, no sign-in. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadUnsubscribe(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return unsubscribeAction(context, request);
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <UnsubscribePage
      token={loaderData.token}
      scope={loaderData.scope}
      alertName={loaderData.alertName}
      result={actionData}
    />
  );
}

export function ErrorBoundary() {
  return (
    <RouteLoadError
      fallback={m.invalidLink}
      back={
        <Link to="/profile/settings" className="button">
          Manage your e-mails
        </Link>
      }
    />
  );
}
