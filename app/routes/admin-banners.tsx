import { RouteLoadError } from "../components/load-error";
import { runAdminAction } from "../features/admin/admin.server";
import { BannersPage } from "../features/admin/banners-page";
import { bannerIntents } from "../features/admin/curation.server";
import { readForPage } from "../lib/loader-errors.server";
import { requireAdmin } from "../lib/require-user.server";
import type { Route } from "./+types/admin-banners";

export function meta() {
  return [{ title: "Banners · Console · Vernissage" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return readForPage(context, () => context.services.curation.banners(), {
    fallback: "The banners could not be loaded.",
    log: "The console's banners failed to load",
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(context, request, bannerIntents(context));
}

export default function AdminBanners({ loaderData }: Route.ComponentProps) {
  return <BannersPage banners={loaderData} />;
}

export function ErrorBoundary() {
  return <RouteLoadError fallback="The banners could not be loaded." />;
}
