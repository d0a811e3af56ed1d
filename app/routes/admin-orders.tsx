import { adminOrdersQuerySchema } from "../../contracts/admin-orders.contract";
import { RouteLoadError } from "../components/load-error";
import { OrdersTable } from "../features/admin/orders-table";
import { readForPage } from "../lib/loader-errors.server";
import { requireAdmin } from "../lib/require-user.server";
import { validInput } from "../lib/valid-input.server";
import type { Route } from "./+types/admin-orders";

export function meta() {
  return [{ title: "Orders · Console · Vernissage" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  return readForPage(
    context,
    async () => context.services.teamOrders.list(validInput(adminOrdersQuerySchema, params)),
    { fallback: "The orders could not be loaded.", log: "The console's orders failed to load" },
  );
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  return <OrdersTable page={loaderData} />;
}

export function ErrorBoundary() {
  return <RouteLoadError fallback="The orders could not be loaded." />;
}
