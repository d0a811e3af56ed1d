import { RouteLoadError } from "../components/load-error";
import { loadStripeReturn } from "../features/payouts/payouts.server";
import type { Route } from "./+types/payouts-return";

/** Stripe's return_url after onboarding: reads the account, then /profile. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadStripeReturn(context, request);
}

export function ErrorBoundary() {
  return <RouteLoadError fallback="Your payout status could not be read from Stripe." />;
}
