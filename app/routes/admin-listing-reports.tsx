import { RouteLoadError } from "../components/load-error";
import { ListingReportsQueue } from "../features/admin/listing-reports-queue";
import { readForPage } from "../lib/loader-errors.server";
import { requireAdmin } from "../lib/require-user.server";
import type { Route } from "./+types/admin-listing-reports";

const LOAD_FAILED = "The reported listings could not be loaded.";

export function meta() {
  return [
    { title: "Reported listings · Console · Vernissage" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return readForPage(context, async () => context.services.listingReports.queue(), {
    fallback: LOAD_FAILED,
    log: "The console's reported listings failed to load",
  });
}

export default function AdminListingReports({ loaderData }: Route.ComponentProps) {
  return <ListingReportsQueue queue={loaderData} />;
}

export function ErrorBoundary() {
  return <RouteLoadError fallback={LOAD_FAILED} />;
}
