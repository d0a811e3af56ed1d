import { RouteLoadError } from "../components/load-error";
import { runAdminAction } from "../features/admin/admin.server";
import { settingsIntents } from "../features/admin/orders.server";
import { SettingsForm } from "../features/admin/settings-form";
import { readForPage } from "../lib/loader-errors.server";
import { requireAdmin } from "../lib/require-user.server";
import type { Route } from "./+types/admin-settings";

export function meta() {
  return [{ title: "Settings · Console · Vernissage" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return readForPage(context, async () => context.services.settings.get(), {
    fallback: "The settings could not be loaded.",
    log: "The console's settings failed to load",
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(context, request, settingsIntents(context));
}

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  return <SettingsForm settings={loaderData} />;
}

export function ErrorBoundary() {
  return <RouteLoadError fallback="The settings could not be loaded." />;
}
