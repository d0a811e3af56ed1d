import { RouteLoadError } from "../components/load-error";
import { runAdminAction } from "../features/admin/admin.server";
import { SitePageEditor } from "../features/admin/site-page-editor";
import { sitePageIntents } from "../features/admin/site-pages.server";
import { readForPage } from "../lib/loader-errors.server";
import { requireAdmin } from "../lib/require-user.server";
import type { Route } from "./+types/admin-page";

export function meta({ data }: Route.MetaArgs) {
  const title = data?.title ?? "Page";
  return [{ title: `${title} · Console · Vernissage` }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return readForPage(context, () => context.services.sitePages.getForAdmin(params.slug), {
    fallback: "The page could not be loaded.",
    log: "The console's site page failed to load",
    details: { slug: params.slug },
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return runAdminAction(context, request, sitePageIntents(context, params.slug));
}

export default function AdminPage({ loaderData }: Route.ComponentProps) {
  // A new key per page resets the text area when the admin moves to another page.
  return <SitePageEditor key={loaderData.slug} page={loaderData} />;
}

export function ErrorBoundary() {
  return <RouteLoadError fallback="The page could not be loaded." />;
}
