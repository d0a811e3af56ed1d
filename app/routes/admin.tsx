import { Outlet } from "react-router";
import { RouteLoadError } from "../components/load-error";
import { AdminLayout } from "../features/admin/admin-layout";
import { requireAdmin } from "../lib/require-user.server";
import type { Route } from "./+types/admin";

export function meta() {
  return [{ title: "Console · Vernissage" }, { name: "robots", content: "noindex" }];
}

/** The team's console (decision 0027): admins only; each area checks again itself. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function Admin() {
  return (
    <AdminLayout>
      <Outlet />
    </AdminLayout>
  );
}

export function ErrorBoundary() {
  return <RouteLoadError fallback="The console could not be loaded." />;
}
