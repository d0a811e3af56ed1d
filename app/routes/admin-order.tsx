import { RouteLoadError } from "../components/load-error";
import { runAdminAction } from "../features/admin/admin.server";
import { OrderDetail } from "../features/admin/order-detail";
import { LazyReturnPanel } from "../features/returns/lazy-return-panel";
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
  return readForPage(
    context,
    async () => ({
      ...(await context.services.teamOrders.get(params.orderId)),
      // The order's return (decision 0055), if it has one.
      returnState: await context.services.returns.state({ id: null, role: "team" }, params.orderId),
    }),
    {
      fallback: "The order could not be loaded.",
      log: "The console's order failed to load",
      details: { orderId: params.orderId },
    },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return runAdminAction(context, request, orderIntents(context, params.orderId));
}

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const { returnState, ...order } = loaderData;
  return (
    <OrderDetail
      order={order}
      returns={returnState.return ? <LazyReturnPanel viewer="team" initial={returnState} /> : null}
    />
  );
}

export function ErrorBoundary() {
  return <RouteLoadError fallback="The order could not be loaded." />;
}
