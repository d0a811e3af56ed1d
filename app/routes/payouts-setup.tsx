import { Link, useActionData } from "react-router";
import { twoStepMessages } from "../../domain/auth-messages";
import { RouteLoadError } from "../components/load-error";
import { PayoutSetupForm } from "../features/payouts/payout-setup-form";
import { loadSetupPage, submitSetup } from "../features/payouts/payouts.server";
import type { Route } from "./+types/payouts-setup";

export function meta() {
  return [{ title: "Set up payouts · Vernissage" }, { name: "robots", content: "noindex" }];
}

/** Issue 13: artists only; the simulated onboarding form, or a redirect to Stripe. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadSetupPage(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return submitSetup(context, request);
}

export default function PayoutsSetup({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  if (loaderData.needsTwoStep) return <TwoStepFirst />;
  return (
    <PayoutSetupForm
      // A refused submit shows what was typed; the form is remounted with those values.
      key={result ? JSON.stringify(result.values) : "empty"}
      status={loaderData.status}
      error={result?.error ?? null}
      values={result?.values}
    />
  );
}

/** Decision 0057: before the first payout setup, two-step verification is turned on. */
function TwoStepFirst() {
  return (
    <section className="payout-setup narrow" aria-labelledby="payout-setup-heading">
      <h1 id="payout-setup-heading">Set up payouts</h1>
      <p className="message" role="status">
        {twoStepMessages.payoutsRequired}
      </p>
      <p>
        <Link className="button button-primary" to="/profile/settings#two-step">
          Set up two-step verification
        </Link>
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteLoadError fallback="The payout setup could not be loaded." />;
}
