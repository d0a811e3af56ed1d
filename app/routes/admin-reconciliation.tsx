import { RouteLoadError } from "../components/load-error";
import { RECONCILIATION_FALLBACK, ReconciliationPage } from "../features/admin/reconciliation-page";
import { loadReconciliation } from "../features/admin/reconciliation.server";
import { requireAdmin } from "../lib/require-user.server";
import type { Route } from "./+types/admin-reconciliation";

export function meta() {
  return [
    { title: "Reconciliation · Console · Vernissage" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return loadReconciliation(context, request);
}

export default function AdminReconciliation({ loaderData }: Route.ComponentProps) {
  return <ReconciliationPage {...loaderData} />;
}

export function ErrorBoundary() {
  return <RouteLoadError fallback={RECONCILIATION_FALLBACK} />;
}
