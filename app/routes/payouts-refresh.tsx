import { RouteLoadError } from "../components/load-error";
import { loadStripeRefresh } from "../features/payouts/payouts.server";
import type { Route } from "./+types/payouts-refresh";

/** Stripe's refresh_url (an expired or used Account Link): a new link, and there. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadStripeRefresh(context, request);
}

export function ErrorBoundary() {
  return <RouteLoadError fallback="A new Stripe onboarding link could not be made." />;
}
