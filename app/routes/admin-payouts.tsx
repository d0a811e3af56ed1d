import { RouteLoadError } from "../components/load-error";
import { runAdminAction } from "../features/admin/admin.server";
import { PayoutsPage } from "../features/admin/payouts-page";
import { readForPage } from "../lib/loader-errors.server";
import { requireAdmin } from "../lib/require-user.server";
import type { Route } from "./+types/admin-payouts";

export function meta() {
  return [{ title: "Payouts · Console · Vernissage" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return readForPage(context, () => context.services.payouts.overview(), {
    fallback: "The payouts could not be loaded.",
    log: "The console's payouts failed to load",
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { payouts } = context.services;
  return runAdminAction(context, request, {
    run: async (_form, admin) => (await payouts.runNow(admin)).message,
  });
}

export default function AdminPayouts({ loaderData }: Route.ComponentProps) {
  return <PayoutsPage overview={loaderData} />;
}

export function ErrorBoundary() {
  return <RouteLoadError fallback="The payouts could not be loaded." />;
}
