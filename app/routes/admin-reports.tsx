import { RouteLoadError } from "../components/load-error";
import { ReportsQueue } from "../features/admin/reports-queue";
import { readForPage } from "../lib/loader-errors.server";
import { requireAdmin } from "../lib/require-user.server";
import type { Route } from "./+types/admin-reports";

export function meta() {
  return [{ title: "Reports · Console · Vernissage" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return readForPage(context, async () => context.services.reports.queue(), {
    fallback: "The reports could not be loaded.",
    log: "The console's reports failed to load",
  });
}

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  return <ReportsQueue queue={loaderData} />;
}

export function ErrorBoundary() {
  return <RouteLoadError fallback="The reports could not be loaded." />;
}
