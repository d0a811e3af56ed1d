import { RouteLoadError } from "../components/load-error";
import { runAdminAction } from "../features/admin/admin.server";
import { OrderDetail } from "../features/admin/order-detail";
import { orderIntents } from "../features/admin/orders.server";
import { readForPage } from "../lib/loader-errors.server";
import { requireAdmin } from "../lib/require-user.server";
import type { Route } from "./+types/admin-order";

export function meta({ data }: Route.MetaArgs) {
  const title = data?.title ?? "Order";
  return [
    { title: `${title} · Orders · Console · Vernissage` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return readForPage(context, async () => context.services.teamOrders.get(params.orderId), {
    fallback: "The order could not be loaded.",
    log: "The console's order failed to load",
    details: { orderId: params.orderId },
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return runAdminAction(context, request, orderIntents(context, params.orderId));
}

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  return <OrderDetail order={loaderData} />;
}

export function ErrorBoundary() {
  return <RouteLoadError fallback="The order could not be loaded." />;
}
