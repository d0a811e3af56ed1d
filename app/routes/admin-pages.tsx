import { RouteLoadError } from "../components/load-error";
import { SitePagesList } from "../features/admin/site-pages-list";
import { readForPage } from "../lib/loader-errors.server";
import { requireAdmin } from "../lib/require-user.server";
import type { Route } from "./+types/admin-pages";

export function meta() {
  return [{ title: "Pages · Console · Vernissage" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return readForPage(context, () => context.services.sitePages.list(), {
    fallback: "The pages could not be loaded.",
    log: "The console's site pages failed to load",
  });
}

export default function AdminPages({ loaderData }: Route.ComponentProps) {
  return <SitePagesList pages={loaderData} />;
}

export function ErrorBoundary() {
  return <RouteLoadError fallback="The pages could not be loaded." />;
}
