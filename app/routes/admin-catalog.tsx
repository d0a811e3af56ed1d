import { RouteLoadError } from "../components/load-error";
import { runAdminAction } from "../features/admin/admin.server";
import { CatalogPage } from "../features/admin/catalog-page";
import { catalogIntents } from "../features/admin/curation.server";
import { readForPage } from "../lib/loader-errors.server";
import { requireAdmin } from "../lib/require-user.server";
import type { Route } from "./+types/admin-catalog";

export function meta() {
  return [
    { title: "Cities and categories · Console · Vernissage" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return readForPage(context, () => context.services.curation.catalog(), {
    fallback: "The cities and categories could not be loaded.",
    log: "The console's catalog failed to load",
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(context, request, catalogIntents(context));
}

export default function AdminCatalog({ loaderData }: Route.ComponentProps) {
  return <CatalogPage catalog={loaderData} />;
}

export function ErrorBoundary() {
  return <RouteLoadError fallback="The cities and categories could not be loaded." />;
}
