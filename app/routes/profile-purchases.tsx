import { RouteLoadError } from "../components/load-error";
import { PurchaseHistory } from "../features/purchases/purchase-history";
import { purchasesMessages as m } from "../features/purchases/purchases.messages";
import { loadPurchaseHistory } from "../features/purchases/purchases.server";
import type { Route } from "./+types/profile-purchases";

export function meta() {
  return [{ title: "Purchase history · Vernissage" }, { name: "robots", content: "noindex" }];
}

/** SPEC §2 /profile/purchases: signed-in only, otherwise /signin. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadPurchaseHistory(context, request);
}

export default function Purchases({ loaderData }: Route.ComponentProps) {
  return <PurchaseHistory history={loaderData.history} />;
}

export function ErrorBoundary() {
  return <RouteLoadError fallback={m.historyFailed} />;
}
