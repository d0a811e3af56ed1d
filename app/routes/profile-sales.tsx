import { useActionData } from "react-router";
import { salesMessages as m } from "../../contracts/sales.values";
import { RouteLoadError } from "../components/load-error";
import { LazyReturnPanel } from "../features/returns/lazy-return-panel";
import { SalesPage } from "../features/sales/sales-page";
import { loadSalesPage, submitSaleAction } from "../features/sales/sales.server";
import type { Route } from "./+types/profile-sales";

export function meta() {
  return [{ title: "Sales · Vernissage" }, { name: "robots", content: "noindex" }];
}

/** Issue 14: the artist's own sales; signed out → /signin, not an artist → 403. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadSalesPage(context, request);
}

/** The sales' forms: ship, hand over, cannot fulfil, put back on sale (field `intent`). */
export function action({ request, context }: Route.ActionArgs) {
  return submitSaleAction(context, request);
}

export default function Sales({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const { returns, ...page } = loaderData;
  // The returns' panels (decision 0055), composed here: two features, one page.
  const panels = Object.fromEntries(
    Object.entries(returns).map(([orderId, state]) => [
      orderId,
      <LazyReturnPanel key={orderId} viewer="artist" initial={state} />,
    ]),
  );
  return <SalesPage {...page} result={result} returns={panels} />;
}

export function ErrorBoundary() {
  return <RouteLoadError fallback={m.loadFailed} />;
}
